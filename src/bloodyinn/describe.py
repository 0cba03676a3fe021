"""Plain-language sentences for actions, for menus and game logs ("Bribe the Landscaper in room 3, ...")."""

from __future__ import annotations

from .actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from .cards import CARD_BY_ID, CARD_OCC, OCCUPATION_BY_ID, OCCUPATIONS, annex_name, is_barn
from .state import NO_CARD, State


def _list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _cards(occupation_ids: tuple[str, ...]) -> str:
    return _list([OCCUPATION_BY_ID[o].name for o in occupation_ids])


def _guest_in(state: State, room: int) -> str:
    card = state.rooms[room - 1]
    if card == NO_CARD:
        return f"the guest in room {room}"
    occ = OCCUPATIONS[CARD_OCC[card]]
    return f"the {occ.name} (rank {occ.rank}) in room {room}"


def _paying(pay: tuple[str, ...]) -> str:
    return f", paying {_cards(pay)}" if pay else " for free"


def _annex_words(ref: str) -> str:
    if ref.startswith("barn."):
        return f"the barn of P{int(ref[5:]) + 1}"
    card = CARD_BY_ID[ref]
    return f"the {annex_name(card)}" if not is_barn(card) else ref


def describe_action(state: State, action: Action) -> str:
    """One sentence saying what `action` does in `state` (the state before it is applied)."""
    if isinstance(action, Place):
        arriving = OCCUPATIONS[CARD_OCC[state.arrival]].name if state.arrival != NO_CARD else "the traveler"
        return f"Put the {arriving} in room {action.room}"
    if isinstance(action, Pass):
        if action.buy_checks:
            return f"Pass and launder {10 * action.buy_checks}F into {action.buy_checks} check(s)"
        if action.cash_checks:
            return f"Pass and cash {action.cash_checks} check(s) for {10 * action.cash_checks}F"
        return "Pass"
    if isinstance(action, Bribe):
        if action.peasants:
            return f"Bribe {action.peasants} peasant(s) from the bistro"
        return f"Bribe {_list([_guest_in(state, r) for r in action.rooms])}{_paying(action.pay)}"
    if isinstance(action, Kill):
        if action.peasant:
            return "Kill a peasant in the bistro"
        return f"Kill {_list([_guest_in(state, r) for r in action.rooms])}{_paying(action.pay)}"
    if isinstance(action, Build):
        occ = OCCUPATION_BY_ID[action.card]
        text = f"Build the {occ.annex_name} with your {occ.name}{_paying(action.pay)}"
        if action.room is not None:
            token = "your key" if action.card == "monk" else "a Room Service token"
            text += f", putting {token} on room {action.room}"
        return text
    if isinstance(action, Bury):
        parts = [f"the {OCCUPATION_BY_ID[occ].name} under {_annex_words(ref)}" for occ, ref in action.corpses]
        text = f"Bury {_list(parts)}{_paying(action.pay)}"
        if action.drop:
            text += f", letting {_cards(action.drop)} go"
        return text
    if isinstance(action, PayGravedigger):
        from .rules import flow, gravedigger

        seat = flow.current_player(state)
        fee = gravedigger.fee(state, seat) if seat is not None else 0
        if seat is not None and state.cash[seat] + 10 * state.checks[seat] < fee:
            return f"Pay the gravedigger everything you have ({fee}F owed)"
        return f"Pay the gravedigger {fee}F: {action.checks} check(s) and {fee - 10 * action.checks}F in cash"
    if isinstance(action, Release):
        return f"Let {_cards(action.cards)} go unpaid"
    raise TypeError(f"not an action: {action!r}")
