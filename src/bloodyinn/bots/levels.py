"""The named levels faces offer, so that a face never needs to know how a bot works.

- easy: the greedy scores, with one move in four at random;
- medium: the greedy scores, always;
- hard: the search bot, 1500 iterations, stopped at 0.85 s per decision on a slow or busy machine.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .greedy import GreedyBot
from .mcts import MctsBot, SearchConfig

# Iterations fix the result for a seed; the time cap only guards the 1 s promise on a busy machine (it
# leaves 0.15 s for the rest of the decision and for waiting on a shared CPU).
HARD = SearchConfig(iterations=1500, seconds=0.85)


def easy(seed: int | None = None) -> Bot:
    return GreedyBot(seed, noise=0.25)


def medium(seed: int | None = None) -> Bot:
    return GreedyBot(seed)


def hard(seed: int | None = None) -> Bot:
    return MctsBot(seed, HARD)


LEVEL_FACTORIES: dict[str, Callable[[int | None], Bot]] = {"easy": easy, "medium": medium, "hard": hard}
