"""The greedy bot: the action that looks best right now by the hand-tuned scores of `heuristics`
(money kept under the cap, cards gained and spent, police risk, wages), without looking further ahead."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..game import Game
from .base import Hint
from .heuristics import Scorer
from .reasons import reason


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | None = None, noise: float = 0.0) -> None:
        """`noise` is the chance of a uniformly random move instead, for weaker, more human levels."""
        self._rng = random.Random(seed)
        self._noise = noise

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self._noise and self._rng.random() < self._noise:
            return self._rng.choice(legal)
        return self.analyse(view, legal, top=1)[0].action

    def analyse(self, view: dict[str, Any], legal: list[Action], top: int) -> list[Hint]:
        """The `top` best-scoring actions with their scores (in francs) and reasons."""
        # Only the visible position matters to the scores: the hidden deal drawn here is never read.
        game = Game.from_view(view, self._rng.getrandbits(32))
        state, config, seat = game.state, game.config, view["seat"]
        scorer = Scorer(state, config, seat)
        scored = sorted(((scorer.score(a), i, a) for i, a in enumerate(legal)),
                        key=lambda t: (-t[0], t[1]))
        return [Hint(a, round(v, 2), reason(state, config, seat, a)) for v, _, a in scored[:top]]
