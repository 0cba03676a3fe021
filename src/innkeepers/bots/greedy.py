"""The greedy bot: the decision that looks best right now by the hand-written values of `heuristics`
(the chance of winning the trick and what the customer is worth, rooms kept open for later cards, the bonus
card), without looking further ahead."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..game import Game
from .heuristics import SeatScorer


def best_action(game: Game, seat: int, legal: list[Action], fast: bool = False) -> Action:
    """The legal action of highest value for `seat` on `game` (the first of equals, in the engine's order)."""
    if len(legal) == 1:
        return legal[0]
    values = SeatScorer(game, seat).values(legal, fast)
    return legal[max(range(len(legal)), key=values.__getitem__)]


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        # The values read only what the seat sees (see `heuristics`): the hidden cards dealt here are never read.
        game = Game.from_view(view, self._rng.getrandbits(32))
        seat = view["seat"]
        found = best_action(game, seat, game.legal_actions(seat))
        return next(action for action in legal if action == found)  # hand back the caller's own object
