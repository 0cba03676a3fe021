"""Who sits at the table: each seat is a human or a bot (a level such as 'medium', or a bot's name)."""

from __future__ import annotations

from .. import bots

HUMAN = "human"
DEFAULT_OPPONENT = "medium"


def known_seat_kinds() -> tuple[str, ...]:
    return (HUMAN, *bots.LEVELS, *(name for name in bots.BOTS if name not in bots.LEVELS))


def parse_seats(text: str) -> tuple[str, ...]:
    """Parse 'human,medium,medium' (also 'h', 'you' for a human); raises ValueError naming the known kinds."""
    seats = []
    for word in text.split(","):
        kind = word.strip().lower()
        kind = HUMAN if kind in ("h", "you", "me", "person") else kind
        if kind not in known_seat_kinds():
            raise ValueError(f"unknown seat {word.strip()!r}; each seat is one of: {', '.join(known_seat_kinds())}")
        seats.append(kind)
    if not 1 <= len(seats) <= 4:
        raise ValueError(f"a table has 1 to 4 seats, got {len(seats)}")
    return tuple(seats)


def default_seats(players: int | None) -> tuple[str, ...]:
    """You against `players - 1` medium bots; two of them when nothing is said."""
    count = 3 if players is None else players
    return (HUMAN, *([DEFAULT_OPPONENT] * (count - 1)))


def seat_label(seat: int, kind: str, humans: int) -> str:
    """'P1 (you)', 'P2 (human)' at a hot-seat table, 'P3 (medium bot)'."""
    if kind == HUMAN:
        return f"P{seat + 1} ({'you' if humans == 1 else 'human'})"
    return f"P{seat + 1} ({kind} bot)"
