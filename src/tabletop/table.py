"""Who sits at a table: each seat is a human or a bot (a level such as 'medium', or a bot's name)."""

from __future__ import annotations

from collections.abc import Sequence

HUMAN = "human"
HUMAN_WORDS = ("h", "you", "me", "person")


def parse_seats(text: str, bots: Sequence[str], seats: range) -> tuple[str, ...]:
    """Parse 'human,medium,medium' (also 'h', 'you' for a human) where `bots` are the bot names on offer and
    `seats` the allowed number of seats; raises ValueError naming the known kinds."""
    known = (HUMAN, *bots)
    table = []
    for word in text.split(","):
        kind = word.strip().lower()
        kind = HUMAN if kind in HUMAN_WORDS else kind
        if kind not in known:
            raise ValueError(f"unknown seat {word.strip()!r}; each seat is one of: {', '.join(known)}")
        table.append(kind)
    if len(table) not in seats:
        raise ValueError(f"a table has {seats.start} to {seats.stop - 1} seats, got {len(table)}")
    return tuple(table)


def seat_label(seat: int, kind: str, humans: int) -> str:
    """'P1 (you)', 'P2 (human)' at a hot-seat table, 'P3 (medium bot)'."""
    if kind == HUMAN:
        return f"P{seat + 1} ({'you' if humans == 1 else 'human'})"
    return f"P{seat + 1} ({kind} bot)"
