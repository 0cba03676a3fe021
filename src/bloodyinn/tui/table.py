"""Who sits at the table: each seat is a human or a bot (a level such as 'medium', or a bot's name)."""

from __future__ import annotations

from tabletop import table
from tabletop.table import HUMAN, seat_label

from .. import bots

DEFAULT_OPPONENT = "medium"

__all__ = ["DEFAULT_OPPONENT", "HUMAN", "default_seats", "known_seat_kinds", "parse_seats", "seat_label"]


def known_seat_kinds() -> tuple[str, ...]:
    return (HUMAN, *bots.LEVELS, *(name for name in bots.BOTS if name not in bots.LEVELS))


def parse_seats(text: str) -> tuple[str, ...]:
    """Parse 'human,medium,medium' (also 'h', 'you' for a human); raises ValueError naming the known kinds."""
    return table.parse_seats(text, known_seat_kinds()[1:], range(1, 5))


def default_seats(players: int | None) -> tuple[str, ...]:
    """You against `players - 1` medium bots; two of them when nothing is said."""
    count = 3 if players is None else players
    return (HUMAN, *([DEFAULT_OPPONENT] * (count - 1)))
