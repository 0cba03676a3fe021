"""Bots: every bot takes a seat's view and the legal actions and returns one action (see `base.Bot`)."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Hint
from .random_bot import RandomBot

# Bot names and the named levels faces offer; each maps to a factory taking a seed.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
}
LEVELS: tuple[str, ...] = ()


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name or level (e.g. 'random', 'greedy', 'mcts', 'easy', 'medium', 'hard')."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "LEVELS", "Bot", "Hint", "RandomBot", "make_bot"]
