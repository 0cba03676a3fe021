"""Who sits at a table: each seat is a human or a bot (a level such as 'medium', or a bot's name)."""

from __future__ import annotations

from collections.abc import Sequence

from .catalog import N_, _

HUMAN = "human"
HUMAN_WORDS = ("h", "you", "me", "person")
# The bots' names as the seat labels show them ("P2 (medium bot)"); a name not listed shows as it is.
BOT_NAMES = {name: name for name in (N_("easy"), N_("medium"), N_("hard"), N_("random"), N_("greedy"), N_("mcts"),
                                     N_("planner"), N_("learned"), N_("search"))}


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
    """'P1 (you)', 'P2 (human)' at a hot-seat table, 'P3 (medium bot)', in the language in use."""
    if kind == HUMAN:
        text = _("P{n} (you)") if humans == 1 else _("P{n} (human)")
        return text.format(n=seat + 1)
    return _("P{n} ({level} bot)").format(n=seat + 1, level=_(kind) if kind in BOT_NAMES else kind)
