"""What the observation says, entry by entry, in a position built by naming its cards: seats seen from the
observer, cards counted per occupation over its copies, annexes under their owner's relative seat. Both encoders
are asked (the tests in `test_compiled_observation.py` and `test_research_fast_paths.py` check they agree
everywhere else)."""

from __future__ import annotations

import pytest

import bloodyinn
from bloodyinn.cards import card
from bloodyinn.research import observation
from bloodyinn.research.observation import (
    ANNEX_SCALE,
    CARD_ANNEXES,
    CASH_SCALE,
    LAYOUT,
    OBSERVATION_SIZE,
    observation_from_compact_view,
)

AT = {name: offset for name, offset, _, _ in LAYOUT}
OCCUPATIONS = len(observation.OCCUPATIONS)
ROOM = 10 + OCCUPATIONS  # key: 4 relative seats, white, closed; Room Service: 4 relative seats; guest
PLAYER = 3 + 2 * OCCUPATIONS + 3  # present, cash, checks; hand, corpses; barn corpses, barn free, end bonus


@pytest.fixture(params=[True, False], ids=["compiled", "python"])
def compiled(request: pytest.FixtureRequest) -> bool:
    if request.param and not observation.COMPILED:
        pytest.skip("the compiled observation encoder is not built here (no C compiler at install)")
    return bool(request.param)


def test_a_seat_sees_itself_first_and_the_others_clockwise(compiled: bool) -> None:
    game = bloodyinn.build_position(players=3, hands={0: ["major", "peasant"], 1: ["butcher"]},
                                    annexes={1: ["distiller.2"]}, buried={"distiller.2": ["baron"]}, cash=[12, 30, 5])
    seen = observation_from_compact_view(game.compact_view(1), compiled=compiled)
    assert seen.shape == (OBSERVATION_SIZE,)
    assert list(seen[AT["seat"]:AT["seat"] + 4]) == [0, 1, 0, 0]  # the absolute seat
    assert list(seen[AT["players"]:AT["players"] + 4]) == [0, 0, 1, 0]
    # Relative seat 0 is the observer (seat 1), 1 is seat 2, 2 is seat 0; the fourth place is empty.
    me, left, across, nobody = (AT["player"] + r * PLAYER for r in range(4))
    assert seen[me + 1] == 30 / CASH_SCALE and seen[left + 1] == 5 / CASH_SCALE and seen[across + 1] == 12 / CASH_SCALE
    assert not seen[nobody:nobody + PLAYER].any()
    hand = 3
    assert seen[me + hand + card("butcher").index] == pytest.approx(1 / card("butcher").copies)
    assert seen[across + hand + card("major").index] == pytest.approx(1 / card("major").copies)
    assert seen[across + hand + card("peasant").index] == pytest.approx(1 / card("peasant").copies)
    assert seen[left + hand:left + hand + OCCUPATIONS].sum() == 0
    # The room keys, each under its holder's relative seat (seats 0, 1, 2 hold rooms 1, 2, 3).
    assert [seen[AT["rooms"] + room * ROOM:AT["rooms"] + room * ROOM + 4].argmax() for room in range(3)] == [2, 0, 1]
    # The Distillery (distiller.2) is the observer's: owner 0, one corpse buried, one place free, in thirds.
    annex = AT["annexes"] + CARD_ANNEXES.index("distiller.2") * 6
    assert list(seen[annex:annex + 4]) == [1, 0, 0, 0]
    assert seen[annex + 4] == pytest.approx(1 / ANNEX_SCALE) and seen[annex + 5] == pytest.approx(1 / ANNEX_SCALE)
