"""Exact innkeepers positions for tests: chosen hands, customer, boards and bonus cards, the rest as dealt."""

from __future__ import annotations

import random
from typing import Any

from innkeepers import Game, GameConfig, new_game
from innkeepers.cards import BONUS_BY_ID, CARD_BY_ID, CUSTOMER_BY_ID
from innkeepers.config import HAND_SIZE
from innkeepers.state import NO_CARD, NOBODY, State, Stay, new_state

BoardSpec = dict[int, tuple[str, str] | tuple[str, str, int] | tuple[str, str, int, bool]]


def position(players: int = 2, hands: dict[int, list[str]] | None = None, customer: str | None = None,
             boards: dict[int, BoardSpec] | None = None, bonus: dict[int, str] | None = None,
             deck_top: list[str] | None = None, deck_size: int | None = None, seed: int = 0,
             **flags: Any) -> Game:
    """A game at the start of a trick. `boards` maps seat -> room -> (card, customer[, referrer[, upgraded]]);
    `deck_top` lists the customers on top of the deck, top first; with `deck_size` the customers below them
    are kept by the last seat as -1 cards until the deck has that size. Unnamed hands are filled to 7 as dealt."""
    config = GameConfig(players=players, seed=seed, **flags)
    state = new_state(config)
    for hand in state.hands:
        state.draw.extend(hand)
        hand.clear()
    state.deck.append(state.customer)
    state.customer = NO_CARD
    for seat, rooms in (boards or {}).items():
        for room, spec in rooms.items():
            card, guest, *rest = spec
            referrer = rest[0] if rest else NOBODY
            upgraded = bool(rest[1]) if len(rest) > 1 else False
            state.boards[seat][room - 1] = Stay(_take_customer(state, guest), _take_card(state, card), referrer,
                                                upgraded)
    for seat, cards in (hands or {}).items():
        state.hands[seat] = [_take_card(state, c) for c in cards]
    state.customer = _take_customer(state, customer) if customer else state.deck.pop()
    for name in reversed(deck_top or []):
        state.deck.append(_take_customer(state, name))
    if deck_size is not None:
        surplus = len(state.deck) - deck_size
        state.kept[-1].extend(state.deck[:surplus])
        del state.deck[:surplus]
    for seat in range(players):
        if hands is None or seat not in hands:
            state.hands[seat] = [state.draw.pop() for _ in range(HAND_SIZE)]
    assert len(set((bonus or {}).values())) == len(bonus or {}), "each bonus card exists once"
    for seat, name in (bonus or {}).items():
        wanted = BONUS_BY_ID[name]
        holder = state.bonus.index(wanted) if wanted in state.bonus else None
        if holder is not None:
            state.bonus[holder], state.bonus[seat] = state.bonus[seat], wanted
        else:
            state.unused_bonus.remove(wanted)
            state.unused_bonus.append(state.bonus[seat])
            state.unused_bonus.sort()
            state.bonus[seat] = wanted
    return Game(config, start=state)


def _take_card(state: State, card_id: str) -> int:
    card = CARD_BY_ID[card_id]
    state.draw.remove(card)
    return card


def _take_customer(state: State, customer_id: str) -> int:
    customer = CUSTOMER_BY_ID[customer_id]
    state.deck.remove(customer)
    return customer


def play_trick(game: Game, cards: list[str]) -> list[Any]:
    """Every seat commits its card, in seat order; returns all the events."""
    events = []
    for seat, card in enumerate(cards):
        events += game.apply(f"play {card}", seat=seat)
    return events


def random_game(players: int, seed: int, **flags: Any) -> Game:
    """A whole game of uniformly random legal decisions, the deciding seat drawn at random too."""
    game = new_game(players=players, seed=seed, **flags)
    rng = random.Random(seed)
    while not game.is_over:
        seat = rng.choice(game.pending_seats())
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    return game
