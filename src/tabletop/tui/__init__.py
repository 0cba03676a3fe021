"""Textual pieces both terminal games use: the app both games' apps subclass (`app`: the log, the bots' turns
at a pace, saving, undo, hints, the notation prompt, the end screen), the guided choice of a move and its panel,
the notation prompt."""
