"""Who sits at the table: each seat is a human or a bot, and how to seat the bots.

Bot levels come from `bloodyinn.bots`; a level that is not available in this build is replaced by the random
bot, and the table says so, so that a game can always start.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import bots
from ..bots import Bot

HUMAN = "human"
LEVELS = ("easy", "medium", "hard")
DEFAULT_OPPONENT = "medium"
FALLBACK_BOT = "random"


def known_seat_kinds() -> tuple[str, ...]:
    return (HUMAN, *LEVELS, *(name for name in bots.BOTS if name not in LEVELS))


def parse_seats(text: str) -> tuple[str, ...]:
    """Parse 'human,medium,medium' (also 'h', 'you' for a human); raises ValueError with the known kinds."""
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


@dataclass(frozen=True)
class SeatedBot:
    bot: Bot
    # What was asked for and what actually plays (they differ when a level is not available yet).
    asked: str
    playing: str


def seat_bot(kind: str, seed: int) -> SeatedBot:
    try:
        return SeatedBot(bots.make_bot(kind, seed), kind, kind)
    except ValueError:
        return SeatedBot(bots.make_bot(FALLBACK_BOT, seed), kind, FALLBACK_BOT)


def seat_label(seat: int, kind: str, humans: int) -> str:
    """'P1 (you)', 'P2 (human)' at a hot-seat table, 'P3 (medium bot)'."""
    if kind == HUMAN:
        return f"P{seat + 1} ({'you' if humans == 1 else 'human'})"
    return f"P{seat + 1} ({kind} bot)"
