"""`bloodyinn play`: The Bloody Inn in a full-screen terminal (Textual).

The face only asks the engine (legal actions, previews, events, views) and the bots; it never re-derives a rule.
Modules: `table` (who sits where), `session` (a game with its seats, log, undo and saves), `choice` (the guided
choice of a move), `notation` (moves typed and written with the screen's names), `render` (board drawings),
`widgets`, `screens` (end screen, notation prompt), `app`, `command`.
"""
