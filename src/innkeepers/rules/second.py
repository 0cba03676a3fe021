"""The second-place action (I-R-20, I-G-7, I-G-11, I-G-12): after the customer is placed, referred or kept,
the runner-up of the trick may take exactly one of the three reference-card actions, or pass. The winner
gets no action."""

from __future__ import annotations

from ..actions import Action, Choose, Pass, Relocate, Upgrade
from ..config import GameConfig
from ..errors import IllegalActionError
from ..state import State
from . import choose, relocate, upgrade

PASS = Pass()


def legal(state: State, config: GameConfig) -> list[Action]:
    seat = state.second
    return [*choose.legal(state), *upgrade.legal(state, seat), *relocate.legal(state, config, seat), PASS]


def check(state: State, config: GameConfig, action: Action) -> None:
    seat = state.second
    if isinstance(action, Choose):
        choose.check(state)
    elif isinstance(action, Upgrade):
        upgrade.check(state, seat, action)
    elif isinstance(action, Relocate):
        relocate.check(state, config, seat, action)
    elif not isinstance(action, Pass):
        raise IllegalActionError("P{player} came second and may choose, upgrade, relocate or pass, not {kind}",
                                 "I-R-20",
                                 player=seat + 1, kind=action.kind)
