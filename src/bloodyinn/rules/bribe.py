"""Bribe a Guest (spec §10.1): travelers from rooms, or peasants from the bistro, into the hand."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Bribe
from ..cards import CARD_IDS, CARD_RANK, PaidAction
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, State
from .annexes import count_annex, has_annex
from .context import Turn
from .payment import OccCounts, check_payment, cost_range, payment_options, settle_payment
from .targets import check_rooms, room_target_sets


def peasant_limit(state: State, seat: int) -> int:
    """Peasants per bribe: 2, or 4 with the Brewery (R-BRIBE-3)."""
    return 4 if has_annex(state, seat, "brewery") else 2


def legal(state: State, config: GameConfig, turn: Turn) -> list[Bribe]:
    actions: list[Bribe] = []
    parlors = turn.owned.get("parlor", 0)
    for rooms, base in room_target_sets(turn.occupied, multi=turn.owned.get("store", 0) > 0):
        low, high = cost_range(base, parlors)
        if low <= len(turn.hand):
            actions.extend(_room_bribes(rooms, turn.counts, low, high))
    limit = 4 if turn.owned.get("brewery", 0) else 2  # R-BRIBE-3
    actions.extend(_PEASANT_BRIBES[:min(limit, len(state.bistro))])
    return actions


_PEASANT_BRIBES = tuple(Bribe((), k) for k in range(1, 5))  # actions are immutable: shared


@lru_cache(maxsize=65536)
def _room_bribes(rooms: tuple[int, ...], counts: OccCounts, low: int, high: int) -> tuple[Bribe, ...]:
    """Every payment of `low` to `high` cards from the hand for bribing the travelers in `rooms`."""
    return tuple(_bribe(rooms, pay) for pay in payment_options(counts, low, high))


@lru_cache(maxsize=65536)
def _bribe(rooms: tuple[int, ...], pay: tuple[str, ...]) -> Bribe:
    """One object per bribe, shared by the cached lists of every hand that can pay it: the caches then hold about
    a fifth of the objects, which the garbage collector walks again at each of its full collections."""
    return Bribe(rooms, 0, pay)


def check(state: State, config: GameConfig, seat: int, action: Bribe) -> None:
    if action.peasants:
        if action.rooms or action.pay:
            raise IllegalActionError("a bribe takes either travelers or peasants, and peasants cost nothing",
                                     "R-BRIBE-4")
        limit = peasant_limit(state, seat)
        if not 1 <= action.peasants <= limit:
            raise IllegalActionError("you may bribe 1 to {n} peasants at once", "R-BRIBE-3", n=limit)
        if action.peasants > len(state.bistro):
            raise IllegalActionError("only {n} peasant(s) in the bistro", "R-BRIBE-3", n=len(state.bistro))
        return
    if not action.rooms:
        raise IllegalActionError("a bribe needs a target", "R-BRIBE-1")
    if len(action.rooms) > 1 and not has_annex(state, seat, "store"):
        raise IllegalActionError("only the Store lets you bribe several travelers at once", "R-BRIBE-2")
    check_rooms(state, action.rooms, "bribe", "R-BRIBE-1")
    base = sum(CARD_RANK[state.rooms[r - 1]] for r in action.rooms)
    check_payment(state, seat, action.pay, base, count_annex(state, seat, "parlor"))


def apply(state: State, config: GameConfig, seat: int, action: Bribe, events: list[Event] | None) -> None:
    hand = state.hands[seat]
    if action.peasants:
        for _ in range(action.peasants):
            card = state.bistro.pop()
            hand.append(card)
            if events is not None:
                events.append(Event("move", seat, CARD_IDS[card], "bistro", f"hand:{seat}"))
        return
    settle_payment(state, seat, action.pay, PaidAction.BRIBE, events)
    for room in action.rooms:  # the bribed guests join the hand last (R-ACT-6)
        card = state.rooms[room - 1]
        state.rooms[room - 1] = NO_CARD
        hand.append(card)
        if events is not None:
            events.append(Event("move", seat, CARD_IDS[card], f"room{room}", f"hand:{seat}"))
