"""Build an Annex (spec §10.2): an accomplice from the hand becomes an annex in front of its owner."""

from __future__ import annotations

from ..actions import Build
from ..cards import CARD_IDS, CARD_OCC, OCCUPATION_BY_ID, OCCUPATIONS, PaidAction
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import State
from .annexes import count_annex, immediate_effect, room_service_rooms, white_key_rooms
from .context import Turn
from .payment import check_payment, cost_range, payment_options, settle_payment, take_card, without


def room_choices(state: State, card_id: str) -> list[int | None]:
    """The room a Concierge or Monk needs (R-BUILD-6); [None] when the card needs none or none qualifies."""
    if card_id == "concierge":
        return list(room_service_rooms(state)) or [None]
    if card_id == "monk":
        return list(white_key_rooms(state)) or [None]
    return [None]


def legal(state: State, config: GameConfig, turn: Turn) -> list[Build]:
    actions: list[Build] = []
    workshops = turn.owned.get("workshop", 0)
    for occ_index, _ in turn.counts:
        occ = OCCUPATIONS[occ_index]
        if not occ.buildable:
            continue
        low, high = cost_range(occ.rank, workshops)
        if low > len(turn.hand) - 1:
            continue
        rooms = room_choices(state, occ.id)
        for pay in payment_options(without(turn.counts, occ_index), low, high):
            actions.extend([Build(occ.id, pay, room) for room in rooms])
    return actions


def check(state: State, config: GameConfig, seat: int, action: Build) -> None:
    occ = OCCUPATION_BY_ID[action.card]
    if not occ.buildable:
        raise IllegalActionError("a {card} has no annex and cannot be built", "R-BUILD-1", card=occ.name)
    if not any(CARD_OCC[c] == occ.index for c in state.hands[seat]):
        raise IllegalActionError("no {card} in your hand to build", "R-BUILD-1", card=occ.name)
    choices = room_choices(state, action.card)
    if action.room not in choices:
        if action.card in ("concierge", "monk") and choices != [None]:
            what = "a keyed room without Room Service" if action.card == "concierge" else "a white-keyed room"
            allowed = ", ".join(f"room{r}" for r in choices)
            raise IllegalActionError("building a {card} needs {what}: one of {allowed}", "R-BUILD-6",
                                     card=occ.name, what=what, allowed=allowed)
        raise IllegalActionError("building a {card} takes no room choice here", "R-BUILD-6", card=occ.name)
    check_payment(state, seat, action.pay, occ.rank, count_annex(state, seat, "workshop"), occ.index)


def apply(state: State, config: GameConfig, seat: int, action: Build, events: list[Event] | None) -> None:
    hand = state.hands[seat]
    card = take_card(hand, action.card)  # set aside first: it cannot pay for itself (R-ACT-5)
    settle_payment(state, seat, action.pay, PaidAction.BUILD, events)
    state.annexes[seat].append(card)
    if events is not None:
        events.append(Event("move", seat, CARD_IDS[card], f"hand:{seat}", f"annex:{seat}"))
    immediate_effect(state, config, seat, card, action.room, events)
