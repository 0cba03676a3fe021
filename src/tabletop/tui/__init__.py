"""Textual pieces both terminal games use: the guided choice of a move and its panel, the notation prompt,
and the `--load` warning of the `play` commands."""
