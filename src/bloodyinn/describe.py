"""Plain-language sentences for actions, for menus and game logs ("Bribe the Landscaper in room 3, ...").

A sentence needs a few facts about the position before the action (who sits in the target rooms, who
arrives, what the gravedigger is owed). `action_facts` takes them cheaply when an action is applied and
`describe` writes the sentence only when someone reads it.
"""

from __future__ import annotations

from .actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from .cards import CARD_BY_ID, CARD_OCC, OCCUPATION_BY_ID, OCCUPATIONS, annex_name
from .state import NO_CARD, State


def action_facts(state: State, action: Action) -> tuple[int, ...]:
    """The facts `describe` needs: the guests of targeted rooms, the arriving traveler, or the
    gravedigger's fee and whether it can be paid in full."""
    if isinstance(action, Place):
        return (state.arrival,)
    if isinstance(action, (Bribe, Kill)):
        return tuple([state.rooms[r - 1] for r in action.rooms])
    if isinstance(action, PayGravedigger):
        seat = (state.first_player + state.turn) % state.players
        fee = 10 * len(state.corpses[seat])
        return (fee, int(state.cash[seat] + 10 * state.checks[seat] >= fee))
    return ()


def describe_action(state: State, action: Action) -> str:
    """One sentence saying what `action` does in `state` (the state before it is applied)."""
    return describe(action, action_facts(state, action))


def _list(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _cards(occupation_ids: tuple[str, ...]) -> str:
    return _list([OCCUPATION_BY_ID[o].name for o in occupation_ids])


def _guests(rooms: tuple[int, ...], guests: tuple[int, ...]) -> str:
    parts = []
    for room, card in zip(rooms, guests, strict=True):
        if card == NO_CARD:
            parts.append(f"the guest in room {room}")
        else:
            occ = OCCUPATIONS[CARD_OCC[card]]
            parts.append(f"the {occ.name} (rank {occ.rank}) in room {room}")
    return _list(parts)


def _paying(pay: tuple[str, ...]) -> str:
    return f", paying {_cards(pay)}" if pay else " for free"


def _annex_words(ref: str) -> str:
    if ref.startswith("barn."):
        return f"the barn of P{int(ref[5:]) + 1}"
    return f"the {annex_name(CARD_BY_ID[ref])}"


def describe(action: Action, facts: tuple[int, ...]) -> str:
    """The sentence for `action`, given the facts `action_facts` took before it was applied."""
    if isinstance(action, Place):
        arriving = OCCUPATIONS[CARD_OCC[facts[0]]].name if facts and facts[0] != NO_CARD else "traveler"
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
        return f"Bribe {_guests(action.rooms, facts)}{_paying(action.pay)}"
    if isinstance(action, Kill):
        if action.peasant:
            return "Kill a peasant in the bistro"
        return f"Kill {_guests(action.rooms, facts)}{_paying(action.pay)}"
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
        fee, payable = facts if len(facts) == 2 else (0, 1)
        if not payable:
            return f"Pay the gravedigger everything you have ({fee}F owed)"
        return f"Pay the gravedigger {fee}F: {action.checks} check(s) and {fee - 10 * action.checks}F in cash"
    if isinstance(action, Release):
        return f"Let {_cards(action.cards)} go unpaid"
    raise TypeError(f"not an action: {action!r}")
