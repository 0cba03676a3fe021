"""Pass, and launder money (spec §10.5): move 10F units between cash and checks, in one direction."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Pass
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import State
from .context import Turn
from .money import gain


def legal(state: State, config: GameConfig, turn: Turn) -> tuple[Pass, ...]:
    return _passes(state.cash[turn.seat] // 10, state.checks[turn.seat])


@lru_cache(maxsize=1024)
def _passes(most_bought: int, most_cashed: int) -> tuple[Pass, ...]:
    """Pass, buying 1 to `most_bought` checks, or cashing 1 to `most_cashed` (actions are immutable: shared)."""
    return (Pass(), *[Pass(m, 0) for m in range(1, most_bought + 1)],
            *[Pass(0, m) for m in range(1, most_cashed + 1)])


def check(state: State, config: GameConfig, seat: int, action: Pass) -> None:
    if action.buy_checks < 0 or action.cash_checks < 0:
        raise IllegalActionError("laundering amounts are positive numbers of checks", "R-PASS-1")
    if action.buy_checks and action.cash_checks:
        raise IllegalActionError("launder in one direction only", "R-PASS-1")
    if 10 * action.buy_checks > state.cash[seat]:
        raise IllegalActionError("{n} check(s) need {cost}F of cash, you have {cash}F", "R-PASS-1",
                                 n=action.buy_checks, cost=10 * action.buy_checks, cash=state.cash[seat])
    if action.cash_checks > state.checks[seat]:
        raise IllegalActionError("you hold only {checks} check(s)", "R-PASS-1", checks=state.checks[seat])


def apply(state: State, config: GameConfig, seat: int, action: Pass, events: list[Event] | None) -> None:
    if action.buy_checks:
        state.cash[seat] -= 10 * action.buy_checks
        if events is not None:
            events.append(Event("pay", seat=seat, amount=10 * action.buy_checks, note="laundering"))
        state.checks[seat] += action.buy_checks
        if events is not None:
            events.append(Event("checks", seat=seat, amount=action.buy_checks, note="laundering"))
    elif action.cash_checks:
        state.checks[seat] -= action.cash_checks
        if events is not None:
            events.append(Event("checks", seat=seat, amount=-action.cash_checks, note="laundering"))
        gain(state, config, seat, 10 * action.cash_checks, "laundering", events)
