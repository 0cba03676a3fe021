"""Imagining what a seat cannot see, for search: a game consistent with its view, every hidden card dealt at
random (`Game.from_view`), in which the seat's rivals have not yet made the secret choices the seat cannot
see (I-G-14); and `redeal`, the same for another seed without reading the view again.

`Game.from_view` deals a rival who has already committed a card a random one. Search would then answer a
card drawn at random, while a rival still to commit would be played by the search's model of that rival:
the same rival would be modelled differently depending on who clicked first. Taking such commitments back
(the card returns to the rival's imagined hand, the refill choice is undone) lets the model choose for every
rival alike, without knowing the seat's own choice.
"""

from __future__ import annotations

import random
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


def redeal(sample: Game, seat: int, seed: int) -> Game:
    """A copy of a determinized game (`determinize` for `seat`) with the hidden cards dealt afresh from `seed`:
    the same distribution as `determinize` with another seed, at the cost of a copy. The rivals' hands and the
    draw pile share out the playing cards the seat cannot see; the rivals' bonus cards and the unused ones the
    bonus cards; the deck's customers the seat did not put back itself, and those a rival drew to choose from,
    their places. Never call `legal_actions` of a rival on `sample` itself: copies keep the legal actions a game
    has listed, which a new deal would make stale."""
    game = sample.copy()
    state = game.state
    deal = random.Random(seed)
    rivals = [s for s in range(state.players) if s != seat]
    cards = [card for s in rivals for card in state.hands[s]] + state.draw
    deal.shuffle(cards)
    for s in rivals:
        size = len(state.hands[s])
        state.hands[s], cards = cards[:size], cards[size:]
    state.draw = cards
    bonus = [state.bonus[s] for s in rivals] + state.unused_bonus
    deal.shuffle(bonus)
    for s, card in zip(rivals, bonus):
        state.bonus[s] = card
    state.unused_bonus = sorted(bonus[len(rivals):])
    mine = set(state.known[seat])
    places = [i for i, customer in enumerate(state.deck) if customer not in mine]
    rival_drawn = state.drawn if not (state.stage == Stage.PICK and state.second == seat) else []
    customers = [state.deck[i] for i in places] + rival_drawn
    deal.shuffle(customers)
    for i, customer in zip(places, customers):
        state.deck[i] = customer
    if rival_drawn:
        state.drawn = customers[len(places):]
    state.rng = random.Random(deal.getrandbits(64))
    return game
