"""The village gravedigger: 10F per unburied corpse, after a police investigation or at game end
(R-EOR-2, R-END-3, A-12, A-38)."""

from __future__ import annotations

from ..actions import PayGravedigger
from ..cards import CARD_IDS
from ..errors import IllegalActionError
from ..events import Event
from ..state import State

FEE_PER_CORPSE = 10


def fee(state: State, seat: int) -> int:
    return FEE_PER_CORPSE * len(state.corpses[seat])


def legal(state: State, seat: int) -> list[PayGravedigger]:
    """How many checks may go to the gravedigger: any mix that pays exactly, or everything if the player
    cannot pay in full (then all checks go)."""
    due, cash, checks = fee(state, seat), state.cash[seat], state.checks[seat]
    if cash + 10 * checks < due:
        return [PayGravedigger(checks)]
    low = max(0, -(-(due - cash) // 10))
    return [PayGravedigger(j) for j in range(low, min(checks, due // 10) + 1)]


def check(state: State, seat: int, action: PayGravedigger) -> None:
    options = legal(state, seat)
    if action not in options:
        allowed = ", ".join(str(o.checks) for o in options)
        raise IllegalActionError(
            "to pay {fee}F exactly with {cash}F cash and {checks} check(s), use {allowed} check(s)", "R-EOR-2",
            fee=fee(state, seat), cash=state.cash[seat], checks=state.checks[seat], allowed=allowed)


def pay(state: State, seat: int, action: PayGravedigger, events: list[Event] | None) -> None:
    due = fee(state, seat)
    if state.cash[seat] + 10 * state.checks[seat] < due:
        cash_paid, checks_paid = state.cash[seat], state.checks[seat]  # pay what you can (R-MONEY-3)
    else:
        checks_paid = action.checks
        cash_paid = due - 10 * checks_paid
    if checks_paid:
        state.checks[seat] -= checks_paid
        if events is not None:
            events.append(Event("checks", seat=seat, amount=-checks_paid, note="the gravedigger"))
    if cash_paid:
        state.cash[seat] -= cash_paid
        if events is not None:
            events.append(Event("pay", seat=seat, amount=cash_paid, note="the gravedigger"))
    remove_corpses(state, seat, events)


def remove_corpses(state: State, seat: int, events: list[Event] | None) -> None:
    """The gravedigger takes every unburied corpse to the box, paid in full or not (A-38)."""
    corpses = state.corpses[seat]
    state.gravedigger.extend(corpses)
    if events is not None:
        events.extend([Event("move", seat, CARD_IDS[card], f"corpses:{seat}", "box") for card in corpses])
    state.corpses[seat] = []
