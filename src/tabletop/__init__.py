"""What the faces of both games share (the terminal games of The Bloody Inn and Innkeepers): no rules here,
only plumbing such as atomic saves and the guided choice of a move. The engines never import it."""
