"""Playing a trick (I-R-15..18, I-G-9..11, I-G-14): secret commitments, the reveal, winner and second place."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Play
from ..cards import (
    CARD_BY_ID,
    CARD_IDS,
    CARD_NUMBER,
    CARD_SUIT,
    CUSTOMER_LUXURY,
    CUSTOMER_SUIT,
    NUM_CARDS,
    SUIT_SYMBOLS,
    SUITS,
)
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, Stage, State, Trick

_PLAYS = tuple(Play(card) for card in CARD_IDS)  # actions are immutable: shared


def legal(state: State, config: GameConfig, seat: int) -> list[Play]:
    hand = state.hands[seat]
    if config.must_follow:  # I-G-9 variant: holding the customer's suit, you must play it
        suit = CUSTOMER_SUIT[state.customer]
        following = [c for c in hand if CARD_SUIT[c] == suit]
        if following:
            hand = following
    return [_PLAYS[c] for c in sorted(hand)]


def check(state: State, config: GameConfig, seat: int, action: Play) -> None:
    card = CARD_BY_ID[action.card]
    if card not in state.hands[seat]:
        raise IllegalActionError("{card} is not in P{player}'s hand", "I-R-15", card=action.card, player=seat + 1)
    suit = CUSTOMER_SUIT[state.customer]
    if config.must_follow and CARD_SUIT[card] != suit and any(CARD_SUIT[c] == suit for c in state.hands[seat]):
        raise IllegalActionError("P{player} holds {suit} cards and must follow suit (must_follow)",
                                 "I-G-9", player=seat + 1, suit=SUITS[suit])


def commit(state: State, seat: int, action: Play, events: list[Event] | None) -> None:
    """The card leaves the hand face down; nobody else learns it before the reveal (I-G-14)."""
    card = CARD_BY_ID[action.card]
    state.hands[seat].remove(card)
    state.played[seat] = card
    if events is not None:
        events.append(Event("commit", seat, note="a card"))


def strength(card: int, customer: int, suit_rank: tuple[int, ...]) -> tuple[bool, int, int]:
    """How good a card is for a customer: following suit first (I-R-17), then the number, highest for Luxury and
    lowest for Budget (I-R-16, I-R-18), then the suit order for equal numbers (I-G-10)."""
    number = CARD_NUMBER[card]
    return (CARD_SUIT[card] == CUSTOMER_SUIT[customer], number if CUSTOMER_LUXURY[customer] else -number,
            suit_rank[CARD_SUIT[card]])


def win_order(config: GameConfig) -> str:
    """The reminder each board prints (I-R-19, I-G-8)."""
    suits = " > ".join(SUIT_SYMBOLS[s] for s in config.suit_order)
    return (f"Luxury: highest number wins · Budget: lowest number wins · the customer's suit beats other suits"
            f" · equal numbers: {suits}")


@lru_cache(maxsize=32)
def suit_ranks(suit_order: str) -> tuple[int, ...]:
    """Per suit index: its rank in the tie-break order, higher is better."""
    return tuple(len(SUITS) - suit_order.index(s) for s in SUITS)


@lru_cache(maxsize=256)
def places(customer: int, suit_order: str) -> tuple[int, ...]:
    """Per playing card, its place among all 60 by `strength` for `customer`, from 0 the weakest (no two cards are
    equally strong): a trick is ranked at every reveal, and whole numbers compare faster than tuples."""
    ranks = suit_ranks(suit_order)
    weakest_first = sorted(range(NUM_CARDS), key=lambda card: strength(card, customer, ranks))
    place = [0] * NUM_CARDS
    for rank, card in enumerate(weakest_first):
        place[card] = rank
    return tuple(place)


def ranking(cards: list[int], customer: int, config: GameConfig) -> list[int]:
    """Seats from the trick's winner down; second place is the runner-up under the same order (I-G-11)."""
    place = places(customer, config.suit_order)
    return sorted(range(len(cards)), key=lambda seat: place[cards[seat]], reverse=True)


def reveal(state: State, config: GameConfig, events: list[Event] | None) -> None:
    """Every seat has committed: all cards turn over at once and the trick is ranked (I-R-15, I-G-12)."""
    assert NO_CARD not in state.played
    order = ranking(state.played, state.customer, config)
    state.winner, state.second = order[0], order[1]
    state.log.append(Trick(state.customer, tuple(state.played), state.winner, state.second))
    if events is not None:
        events.extend(Event("reveal", seat, CARD_IDS[card]) for seat, card in enumerate(state.played))
        events.append(Event("win", state.winner, CARD_IDS[state.played[state.winner]]))
        events.append(Event("second", state.second))
    state.stage = Stage.PLACE
