"""Bots: every bot takes a seat's view and the legal actions and returns one action (see `base.Bot`).

`make_bot(name, seed)` builds a bot by name (`random`, `greedy`, `mcts`, `planner`, `learned`) or by the level a
face offers (`easy`, `medium`, `hard`), reproducible unless `timed` (see `levels`); `hint(view, legal)` explains the
best moves of a position.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots import RandomBot, bot_by_name

from .base import Bot, Hint
from .greedy import GreedyBot
from .hints import hint
from .levels import LEVEL_FACTORIES
from .mcts import MctsBot, SearchConfig
from .planner import PlannerBot


def learned(seed: int | None = None) -> Bot:
    """The policy trained by masked PPO, played with numpy (needs the `research` extra: imported on demand)."""
    from ..research.policy import LearnedBot

    return LearnedBot(seed)


# Bot names and the named levels faces offer; each maps to a factory taking a seed.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MctsBot,
    "planner": PlannerBot,
    "learned": learned,
    **LEVEL_FACTORIES,
}
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def make_bot(name: str, seed: int | None = None, timed: bool = False) -> Bot:
    """A bot by name or level (e.g. 'random', 'greedy', 'mcts', 'easy', 'medium', 'hard'): its decisions fixed by
    its seed alone, or with `timed` as faces seat it, within a time cap (only `hard` has one)."""
    return bot_by_name(BOTS, name, seed, timed)


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "Hint", "MctsBot", "RandomBot", "SearchConfig", "hint",
           "make_bot"]
