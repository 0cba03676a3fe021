"""Phase 3, end of round (spec §13): police investigation, travelers leave, wages."""

from __future__ import annotations

from collections import Counter

from ..actions import Release
from ..cards import CARD_IDS, CARD_OCC, CARD_TYPE, OCCUPATIONS, PEASANT_OCC, TRAVELERS, GuestType
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, State
from .annexes import count_annex
from .money import gain, pay
from .payment import hand_counts, payment_options, take_card

_POLICE = frozenset(card for card in TRAVELERS if CARD_TYPE[card] is GuestType.POLICE)


def police_in_inn(state: State) -> bool:
    """Any police traveler in a room triggers the investigation (R-EOR-2, A-28)."""
    return not _POLICE.isdisjoint(state.rooms)


def travelers_leave(state: State, config: GameConfig, events: list[Event] | None) -> None:
    """Step b: 1F per occupied room with the player's key, 2F per Gardens; then the inn empties (R-EOR-3)."""
    income = [0] * state.players
    for key, card in zip(state.keys, state.rooms):
        if card != NO_CARD and key >= 0:  # a player's key, not a white one nor a closed room
            income[key] += 1
    for seat in range(state.players):
        gain(state, config, seat, income[seat], "occupied rooms", events)
        gain(state, config, seat, 2 * count_annex(state, seat, "gardens"), "Gardens", events)
    empty_inn(state, events)


def empty_inn(state: State, events: list[Event] | None) -> None:
    for i, card in enumerate(state.rooms):
        if card != NO_CARD:
            state.exit.append(card)
            state.rooms[i] = NO_CARD
            if events is not None:
                events.append(Event("move", None, CARD_IDS[card], f"room{i + 1}", "exit"))


def pay_wages(state: State, seat: int, events: list[Event] | None) -> int:
    """Step c: 1F per accomplice, less one per Distillery, in cash only; returns the unpaid count (R-EOR-4,
    R-ANNEX-DISTILLERY)."""
    due = max(0, len(state.hands[seat]) - count_annex(state, seat, "distillery"))
    if due and events is not None:
        events.append(Event("wages", seat=seat, amount=due))
    return due - pay(state, seat, due, "wages", events)


def release_options(state: State, seat: int, unpaid: int) -> list[Release]:
    """Which `unpaid` accomplices leave: any sub-multiset of that size of the hand (A-13)."""
    counts = hand_counts(state.hands[seat])
    return [Release(cards) for cards in payment_options(counts, unpaid, unpaid)]


def check_release(state: State, seat: int, unpaid: int, action: Release) -> None:
    if len(action.cards) != unpaid:
        raise IllegalActionError("exactly {n} unpaid accomplice(s) must leave", "R-EOR-4", n=unpaid)
    # Copies of an occupation are interchangeable and the order is free: compare multisets.
    if Counter(action.cards) - Counter(OCCUPATIONS[CARD_OCC[c]].id for c in state.hands[seat]):
        raise IllegalActionError("you can only release cards from your hand", "R-EOR-4")


def release(state: State, seat: int, action: Release, events: list[Event] | None) -> None:
    """Unpaid accomplices leave: travelers to the exit stack, peasants to the bistro (R-EOR-4)."""
    hand = state.hands[seat]
    for occ_id in action.cards:
        card = take_card(hand, occ_id)
        dest = "bistro" if CARD_OCC[card] == PEASANT_OCC else "exit"
        (state.bistro if dest == "bistro" else state.exit).append(card)
        if events is not None:
            events.append(Event("move", seat, CARD_IDS[card], f"hand:{seat}", dest))
