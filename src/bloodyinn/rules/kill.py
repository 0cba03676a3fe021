"""Kill a Guest (spec §10.3): travelers from rooms, or one peasant from the bistro, become corpses."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Kill
from ..cards import CARD_IDS, CARD_RANK, PaidAction
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, State
from .annexes import has_annex
from .context import Turn
from .payment import OccCounts, check_payment, payment_options, settle_payment
from .targets import check_rooms, room_target_sets


def legal(state: State, config: GameConfig, turn: Turn) -> list[Kill]:
    actions: list[Kill] = []
    for rooms, base in room_target_sets(turn.occupied, multi=turn.owned.get("butchers_shop", 0) > 0):
        if base <= len(turn.hand):  # no annex reduces a Kill (R-KILL-1)
            actions.extend(_room_kills(rooms, turn.counts, base))
    if state.bistro:
        actions.append(_PEASANT_KILL)
    return actions


_PEASANT_KILL = Kill((), True)  # actions are immutable: shared


@lru_cache(maxsize=65536)
def _room_kills(rooms: tuple[int, ...], counts: OccCounts, cost: int) -> tuple[Kill, ...]:
    """Every payment of `cost` cards from the hand for killing the travelers in `rooms`."""
    return tuple(_kill(rooms, pay) for pay in payment_options(counts, cost, cost))


@lru_cache(maxsize=65536)
def _kill(rooms: tuple[int, ...], pay: tuple[str, ...]) -> Kill:
    """One object per kill, shared by the cached lists of every hand that can pay it (see `bribe._bribe`)."""
    return Kill(rooms, False, pay)


def check(state: State, config: GameConfig, seat: int, action: Kill) -> None:
    if action.peasant:
        if action.rooms or action.pay:
            raise IllegalActionError("a peasant kill is a single peasant and costs nothing", "R-KILL-3")
        if not state.bistro:
            raise IllegalActionError("there is no peasant in the bistro", "R-KILL-3")
        return
    if not action.rooms:
        raise IllegalActionError("a kill needs a target", "R-KILL-1")
    if len(action.rooms) > 1 and not has_annex(state, seat, "butchers_shop"):
        raise IllegalActionError("only the Butcher's Shop lets you kill several travelers at once", "R-KILL-2")
    check_rooms(state, action.rooms, "kill", "R-KILL-1")
    base = sum(CARD_RANK[state.rooms[r - 1]] for r in action.rooms)
    check_payment(state, seat, action.pay, base, 0)


def apply(state: State, config: GameConfig, seat: int, action: Kill, events: list[Event] | None) -> None:
    corpses = state.corpses[seat]
    if action.peasant:
        card = state.bistro.pop()
        corpses.append(card)
        if events is not None:
            events.append(Event("move", seat, CARD_IDS[card], "bistro", f"corpses:{seat}"))
        return
    settle_payment(state, seat, action.pay, PaidAction.KILL, events)
    for room in action.rooms:
        card = state.rooms[room - 1]
        state.rooms[room - 1] = NO_CARD
        corpses.append(card)
        if events is not None:
            events.append(Event("move", seat, CARD_IDS[card], f"room{room}", f"corpses:{seat}"))
