"""What every game's OpenSpiel game shares (`tabletop.research.spiel`): its parameters with the reward scheme,
and the observer's choice between the observation and the information state."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tabletop.research.spiel import parameters, wants_perfect_recall

DEFAULTS = {"players": 2, "reward": "win_loss"}


class SettingsError(ValueError):
    pass


def test_parameters_fill_in_the_defaults_and_give_the_reward_scheme() -> None:
    assert parameters({"players": 3}, DEFAULTS, SettingsError) == ({"players": 3, "reward": "win_loss"}, "win_loss")
    assert parameters({"reward": "margin"}, DEFAULTS, SettingsError)[1] == "margin"


def test_an_unknown_parameter_or_reward_scheme_is_the_games_error_naming_the_known_ones() -> None:
    with pytest.raises(SettingsError, match=r"unknown parameters \['colour'\]; known: \['players', 'reward'\]"):
        parameters({"colour": "red"}, DEFAULTS, SettingsError)
    with pytest.raises(SettingsError, match="unknown reward scheme 'tie'; known: win_loss, rank, margin, winners"):
        parameters({"reward": "tie"}, DEFAULTS, SettingsError)


def test_an_observer_is_asked_for_the_information_state_by_perfect_recall_and_takes_no_parameters() -> None:
    assert wants_perfect_recall(SimpleNamespace(perfect_recall=True), None)
    assert not wants_perfect_recall(SimpleNamespace(perfect_recall=False), None)
    assert not wants_perfect_recall(None, None)
    with pytest.raises(ValueError, match="observation parameters are not supported"):
        wants_perfect_recall(None, {"x": 1})
