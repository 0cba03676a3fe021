"""Imagining the hidden cards: search bots play many deals that agree with everything a seat can see."""

from __future__ import annotations

import random

from ..game import Game


def redeal(sample: Game, seed: int) -> Game:
    """A copy of a determinized game with its hidden cards dealt afresh: the same as `Game.from_view` with
    another seed (the unseen travelers shuffled between the entrance stack below its visible top card and the
    culled box, or in season 2 only the stack's order; a new seed for the season-2 reshuffle), without
    reading the view again."""
    game = sample.copy()
    state = game.state
    deal = random.Random(seed)
    below = len(state.entrance) - 1 if state.entrance else 0
    if state.reshuffled:  # season 2: the stack's cards are known (the view lists them), not their order
        stack = state.entrance[:below]
        deal.shuffle(stack)
        state.entrance[:below] = stack
    else:
        hidden = state.entrance[:below] + state.culled
        deal.shuffle(hidden)
        state.entrance[:below] = hidden[:below]
        state.culled = sorted(hidden[below:])
    state.rng = random.Random(deal.getrandbits(64))  # a new generator: the sample keeps its own
    return game
