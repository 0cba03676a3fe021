"""Hints: the best few legal moves, each with a number and a one-line reason in plain words."""

from __future__ import annotations

import pytest

from bloodyinn import new_game
from bloodyinn.bots import LEVELS, Hint, MctsBot, SearchConfig, hint
from tests.bloodyinn.bots.bots_helpers import position


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("decision,skip", [("night", 0), ("night", 4), ("place", 1)])
def test_hint_shape_and_plain_reasons(level: str, decision: str, skip: int) -> None:
    game = position(players=2, seed=8, decision=decision, skip=skip)
    legal = game.legal_actions()
    hints = hint(game.view(game.current_player), legal, level=level, top=3, seed=1)
    assert 1 <= len(hints) <= 3
    assert len({h.action for h in hints}) == len(hints)
    for h in hints:
        assert isinstance(h, Hint) and h.action in legal
        assert isinstance(h.value, float)
        assert h.reason and "\n" not in h.reason and h.reason.endswith(".")
        assert not any(mark in h.reason for mark in ("[", "]", "<", ">", "*", "_"))


def test_hint_takes_the_legal_actions_from_the_view() -> None:
    game = position(players=3, seed=4, skip=2)
    view = game.view(game.current_player)
    assert hint(view, [], level="medium", top=2, seed=3) == hint(view, game.legal_actions(), level="medium", top=2,
                                                                 seed=3)


def test_search_analysis_is_deterministic_for_a_seed() -> None:
    # The hard level also stops at 0.9 s on a busy machine; an iteration budget alone fixes the result.
    game = position(players=3, seed=4, skip=2)
    view, legal = game.view(game.current_player), game.legal_actions()
    first = MctsBot(3, SearchConfig(iterations=60)).analyse(view, legal, top=3)
    assert first == MctsBot(3, SearchConfig(iterations=60)).analyse(view, legal, top=3)
    assert all(0.0 <= h.value <= 1.0 for h in first)  # a chance of winning


def test_hint_in_solitaire_and_unknown_level() -> None:
    game = new_game(players=1, length="long", seed=2)
    view = game.view(0)
    assert hint(view, game.legal_actions(), level="medium", top=1)[0].action in game.legal_actions()
    with pytest.raises(ValueError, match="unknown level"):
        hint(view, game.legal_actions(), level="godlike")
