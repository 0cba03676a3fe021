"""The named levels faces offer, so that a face never needs to know how a bot works.

- easy: the greedy scores, with one move in four at random;
- medium: the greedy scores, always;
- hard: in company, the search bot (1500 iterations); in solitaire, the planner (`planner`), which plans every
  night in full, looks one round further over sampled arrivals (8 deals) and judges each welcome placement by
  the night it leads to.

`hard` has two builds (`tabletop.bots.TimeCapped`): the reproducible one, which `make_bot` gives by default
(tournaments, self-play, benchmarks: its iterations and deals alone fix every decision for a seed), and the one
faces seat (`make_bot(..., timed=True)`), also stopped at 0.85 s a decision in company and 0.7 s in solitaire,
so that a move comes within about a second on a slow or busy machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from tabletop.bots import TimeCapped

from ..actions import Action
from .base import Bot, Hint
from .greedy import GreedyBot
from .mcts import MctsBot, SearchConfig
from .planner import PlannerBot

# The iterations fix the result for a seed; the time cap of the timed build guards the 1 s promise on a busy
# machine (it leaves 0.15 s for the rest of the decision and for waiting on a shared CPU).
HARD = SearchConfig(iterations=1500, seconds=0.85)
PLANNER_SECONDS = 0.7  # the timed build's cap on a solitaire decision


def hard_planner(seed: int | None = None, seconds: float | None = PLANNER_SECONDS) -> PlannerBot:
    """The solitaire planner at full strength: the best four plans of a night are judged again over eight
    deals of the next round's arrivals, and each room for an arriving traveler by the night it leads to over
    eight deals of the arrivals not yet seen (about 0.2 s a decision on average), within `seconds`."""
    return PlannerBot(seed, samples=8, candidates=4, placements=8, seconds=seconds)


class HardBot:
    """The strongest bot for the table: the search bot in company, the planner in solitaire. Untimed, the
    iterations and deals alone fix every decision for a seed, however slow or busy the machine; `timed` adds
    the time caps faces need (a move within about a second), and the decisions then depend on the machine."""

    name = "hard"

    def __init__(self, seed: int | None = None, timed: bool = False) -> None:
        self.company = MctsBot(seed, HARD if timed else replace(HARD, seconds=None))
        self.solitaire = hard_planner(seed, PLANNER_SECONDS if timed else None)

    def _bot(self, view: dict[str, Any]) -> MctsBot | PlannerBot:
        return self.solitaire if view["settings"]["players"] == 1 else self.company

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self._bot(view).choose(view, legal)

    def analyse(self, view: dict[str, Any], legal: list[Action], top: int) -> list[Hint]:
        return self._bot(view).analyse(view, legal, top)


def easy(seed: int | None = None) -> Bot:
    return GreedyBot(seed, noise=0.25)


def medium(seed: int | None = None) -> Bot:
    return GreedyBot(seed)


LEVEL_FACTORIES: dict[str, Callable[[int | None], Bot]] = {
    "easy": easy,
    "medium": medium,
    "hard": TimeCapped(HardBot, partial(HardBot, timed=True)),
}
