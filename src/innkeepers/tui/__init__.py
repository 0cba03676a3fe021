"""`innkeepers play`: Innkeepers in a full-screen terminal (Textual).

The face only asks the engine (legal actions, views, events, descriptions) and the bots; it never re-derives a
rule. Modules: `session` (a game with its seats, log, undo and saves), `choice` (the guided choice of a
decision), `render` (drawings of a view), `widgets`, `screens` (help with every assumption, hand-over, end),
`app`, `command`. What both terminal games share lives in `tabletop`.
"""
