"""Innkeepers bots: every bot takes a seat's view and its legal actions and returns one action (see `base.Bot`).

`make_bot(name, seed)` builds a bot by name.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .random_bot import RandomBot

# Bot names faces offer; each maps to a factory taking a seed.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (e.g. 'random')."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
