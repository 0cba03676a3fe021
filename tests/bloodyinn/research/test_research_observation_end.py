"""The observation of a finished game counts what end-game annexes added to the booty (R-END-4, R-MONEY-2)."""

from __future__ import annotations

import copy

import numpy as np

from bloodyinn.research.observation import BONUS_SCALE, view_features
from tests.bloodyinn.engine_helpers import finish_night, make_game, make_state


def test_end_game_annex_income_is_observed_as_the_francs_gained() -> None:
    state = make_state(2, final_round=True, reshuffled=True, entrance=[], rest="gravedigger",
                       annexes={0: ["landscaper"]}, exit=["cultivator", "mechanic"] * 4, cash=[10, 0], checks=[1, 0])
    game = make_game(state)
    finish_night(game)
    view = game.view(0)
    assert view["players"][0]["end_bonus"] == [["park", 30, 2]]  # 32F earned, 30F gained under the cap
    without = copy.deepcopy(view)
    without["players"][0]["end_bonus"] = []
    difference = view_features(view) - view_features(without)
    (changed,) = np.flatnonzero(difference)
    assert np.isclose(difference[changed], 30 / BONUS_SCALE)
