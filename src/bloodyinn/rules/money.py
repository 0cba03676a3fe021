"""Money: gains under the 40F cap or Unlimited Wealth, and cash payments (spec §11, R-VAR-UW-1)."""

from __future__ import annotations

from ..config import CASH_CAP, GameConfig
from ..events import Event
from ..state import State


def gain(state: State, config: GameConfig, seat: int, amount: int, note: str, events: list[Event] | None) -> int:
    """Add `amount` F to a player's cash. Excess above 40F is lost (R-MONEY-2), or under Unlimited Wealth
    turned into checks, 40F for 4 checks while cash exceeds 40F (R-VAR-UW-1, A-24). Returns the F lost to
    the cap (0 under Unlimited Wealth)."""
    if amount <= 0:
        return 0
    lost = 0
    if events is not None:
        events.append(Event("gain", seat=seat, amount=amount, note=note))
    cash = state.cash[seat] + amount
    if cash > CASH_CAP:
        if config.unlimited_wealth:
            converted = 0
            while cash > CASH_CAP:
                cash -= CASH_CAP
                converted += 4
            state.checks[seat] += converted
            if events is not None:
                events.append(Event("checks", seat=seat, amount=converted, note="Unlimited Wealth"))
        else:
            lost = cash - CASH_CAP
            if events is not None:
                events.append(Event("cap", seat=seat, amount=lost, note=note))
            cash = CASH_CAP
    state.cash[seat] = cash
    return lost


def pay(state: State, seat: int, amount: int, note: str, events: list[Event] | None) -> int:
    """Pay up to `amount` F in cash, never going below 0 (R-MONEY-3); returns what was paid."""
    paid = min(amount, state.cash[seat])
    if paid > 0:
        state.cash[seat] -= paid
        if events is not None:
            events.append(Event("pay", seat=seat, amount=paid, note=note))
    return paid
