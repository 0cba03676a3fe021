"""Imagining what a seat cannot see, for search: a game consistent with its view, every hidden card dealt at
random (`Game.from_view`), in which the seat's rivals have not yet made the secret choices the seat cannot
see (I-G-14).

`Game.from_view` deals a rival who has already committed a card a random one. Search would then answer a
card drawn at random, while a rival still to commit would be played by the search's model of that rival:
the same rival would be modelled differently depending on who clicked first. Taking such commitments back
(the card returns to the rival's imagined hand, the refill choice is undone) lets the model choose for every
rival alike, without knowing the seat's own choice.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..state import NO_CARD, UNDECIDED, Stage


def determinize(view: dict[str, Any], seed: int) -> Game:
    """A game agreeing with `view`, hidden cards dealt from `seed`, rivals' hidden commitments taken back."""
    game = Game.from_view(view, seed)
    state, seat = game.state, view["seat"]
    for other in range(state.players):
        if other == seat:
            continue
        if state.stage == Stage.PLAY and state.played[other] != NO_CARD:
            state.hands[other].append(state.played[other])
            state.played[other] = NO_CARD
        elif state.stage == Stage.REFILL:
            state.refills[other] = UNDECIDED
    return game
