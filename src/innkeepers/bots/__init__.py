"""Innkeepers bots: every bot takes a seat's view and its legal actions and returns one action (see `base.Bot`).

`make_bot(name, seed)` builds a bot by name (`random`, `greedy`, `search`) or by the level a face offers (`LEVELS`:
`easy` = random, `medium` = greedy, `hard` = the search bot). Its decisions depend on its seed alone (tournaments,
self-play, benchmarks); `make_bot(..., timed=True)` builds `hard` as faces seat it, also stopped by a clock well
under a second a decision, and then dependent on the machine (`tabletop.bots.TimeCapped`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tabletop.bots import RandomBot, TimeCapped, bot_by_name

from .base import Bot
from .greedy import GreedyBot
from .search import SearchBot, SearchConfig

# The search bot as the hard level: the iterations fix its decision for a seed; the time cap of the faces' build
# keeps a decision well under a second on a busy machine (see docs/bots.md, Innkeepers bots, for the measured times).
HARD = SearchConfig(seconds=0.4)


def hard(seed: int | None = None) -> Bot:
    return SearchBot(seed, replace(HARD, seconds=None))


def timed_hard(seed: int | None = None) -> Bot:
    return SearchBot(seed, HARD)


# The named levels faces offer, weakest first; `make_bot` takes them as bot names.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
LEVEL_BOTS: dict[str, Callable[[int | None], Bot]] = {"easy": RandomBot, "medium": GreedyBot,
                                                      "hard": TimeCapped(hard, timed_hard)}

# Bot names and levels; each maps to a factory taking a seed.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    **LEVEL_BOTS,
}


def make_bot(name: str, seed: int | None = None, timed: bool = False) -> Bot:
    """A bot by name or level (e.g. 'random', 'greedy', 'easy', 'hard'): its decisions fixed by its seed alone, or
    with `timed` as faces seat it, within a time cap (only `hard` has one)."""
    return bot_by_name(BOTS, name, seed, timed)


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "SearchConfig", "make_bot"]
