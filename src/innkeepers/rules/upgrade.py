"""Second-place action *Upgrade a referral* (I-R-22, I-R-37, I-G-21): a referred customer on your own board,
not upgraded yet, trades the referrer's cube for the referrer's meeple: +2 for you instead of +1, the referrer
keeps +1. The amenity does not need to match."""

from __future__ import annotations

from ..actions import Upgrade
from ..cards import CUSTOMER_IDS, ROOMS
from ..errors import IllegalActionError
from ..events import Event
from ..state import NOBODY, State

_UPGRADES = tuple(Upgrade(room) for room in range(ROOMS + 1))


def legal(state: State, seat: int) -> list[Upgrade]:
    board = state.boards[seat]
    return [_UPGRADES[room] for room in range(1, ROOMS + 1)
            if (stay := board[room - 1]) is not None and stay.referrer != NOBODY and not stay.upgraded]


def check(state: State, seat: int, action: Upgrade) -> None:
    stay = state.boards[seat][action.room - 1]
    if stay is None:
        raise IllegalActionError("room {room} of P{player}'s inn is empty", "I-G-21", room=action.room, player=seat + 1)
    if stay.referrer == NOBODY:
        raise IllegalActionError("the customer in room {room} was not referred", "I-G-21", room=action.room)
    if stay.upgraded:
        raise IllegalActionError("the referral in room {room} is already upgraded", "I-G-21", room=action.room)


def upgrade(state: State, seat: int, action: Upgrade, events: list[Event] | None) -> None:
    stay = state.boards[seat][action.room - 1]
    assert stay is not None
    state.boards[seat][action.room - 1] = stay._replace(upgraded=True)
    if events is not None:
        events.append(Event("upgrade", seat, CUSTOMER_IDS[stay.customer], dest=f"room{action.room}",
                            target=stay.referrer))
