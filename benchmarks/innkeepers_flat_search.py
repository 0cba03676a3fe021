"""The baseline Innkeepers' information-set search is measured against: the flat Monte Carlo search it replaced
(commit 62f2089), kept here so that the comparison can be run again (`benchmarks/innkeepers_bots_strength.py
--bots search flat`). Importing this module registers it as the bot `flat`.

Flat Monte Carlo over determinizations, with greedy playouts: each sample imagines the hidden cards afresh
(`determinize`: a deal consistent with the seat's view, in which rivals have not committed yet), then plays every
candidate action on a copy of that deal and lets every seat play on by the greedy values for a few tricks. The
playout's end is judged by the seat's value minus the best rival's (`heuristics.relative_value`). The candidate
with the best mean over the samples wins; every candidate meets the same samples and playout randomness (common
random numbers). Only the best few actions by the greedy values are searched; the budget is a number of samples.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from innkeepers.actions import Action
from innkeepers.bots import BOTS
from innkeepers.bots.determinize import determinize
from innkeepers.bots.greedy import best_action
from innkeepers.bots.heuristics import SeatScorer, relative_value
from innkeepers.game import Game
from innkeepers.state import Stage


@dataclass(frozen=True)
class FlatConfig:
    samples: int = 30  # determinizations per decision; each plays out every candidate
    seconds: float | None = None  # a wall-clock cap on top of the samples (None: samples only)
    candidates: int = 5  # the best actions by the greedy values that are searched
    # Tricks played out: 1 stops the playout at the end of the trick being played (after a second-place
    # decision, at the end of the next one, so that the customer it may choose is played for). The game's
    # end stops it too.
    horizon: int = 1
    playout_noise: float = 0.0  # chance of a uniformly random decision in playouts


class FlatSearchBot:
    name = "flat"

    def __init__(self, seed: int | None = None, config: FlatConfig | None = None) -> None:
        self._rng = random.Random(seed)
        self.config = config or FlatConfig()

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        found = self.analyse(view, legal)[0][0]
        return next(action for action in legal if action == found)  # hand back the caller's own object

    def analyse(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[Action, float]]:
        """The searched actions with their mean playout value (points ahead of the best rival), best first."""
        cfg, seat = self.config, view["seat"]
        seeds = [self._rng.getrandbits(32) for _ in range(cfg.samples)]
        deadline = time.perf_counter() + cfg.seconds if cfg.seconds else None
        first = determinize(view, seeds[0])
        values = SeatScorer(first, seat).values(legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])[:cfg.candidates]
        candidates = [legal[i] for i in order]
        if len(candidates) == 1:
            return [(candidates[0], values[order[0]])]
        # Playouts stop at the start of trick `stop`. A second-place decision ends its trick at once: the next
        # customer (maybe the one chosen) is played out too.
        stop = view["trick"] + cfg.horizon + (view["stage"] in (Stage.SECOND, Stage.PICK))
        totals = [0.0] * len(candidates)
        played = 0
        for number, seed in enumerate(seeds):
            if deadline is not None and number and time.perf_counter() > deadline:
                break
            sample = first if number == 0 else determinize(view, seed)
            for k, action in enumerate(candidates):
                game = sample.copy()
                game.apply(action, seat=seat)
                totals[k] += self._playout(game, seat, stop, random.Random(seed))
            played += 1
        ranked = sorted(range(len(candidates)), key=lambda k: (-totals[k], k))
        return [(candidates[k], totals[k] / played) for k in ranked]

    def _playout(self, game: Game, seat: int, stop: int, rng: random.Random) -> float:
        cfg = self.config
        state = game.state
        while not game.is_over and not (state.trick >= stop and state.stage in (Stage.PLAY, Stage.REFILL)):
            for other in game.pending_seats():  # in a simultaneous stage each decides from its own cards
                legal = game.legal_actions(other)
                if len(legal) > 1 and rng.random() < cfg.playout_noise:
                    action = rng.choice(legal)
                else:
                    action = best_action(game, other, legal, fast=True)
                game.apply(action, seat=other)
            state = game.state
        return relative_value(state, game.config, seat)


BOTS["flat"] = FlatSearchBot
