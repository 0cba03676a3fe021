"""Every registered game keeps the game protocol's promises (tabletop.testing.check_game): a third game that
registers itself under the "tabletop.games" entry points is checked here with no change to this file. And the
check itself catches a game that breaks a promise."""

from __future__ import annotations

from typing import Any

import pytest

import bloodyinn
import bloodyinn.game
from tabletop import registry
from tabletop.testing import check_game


@pytest.mark.parametrize("game_id", registry.games())
def test_every_registered_game_keeps_the_protocol(game_id: str) -> None:
    check_game(game_id, seeds=range(4), max_decisions=250)


def test_a_view_showing_a_hidden_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shown with Bloody Inn, whose Game stays plain Python in the compiled build (a compiled module's names cannot
    be patched from a test)."""
    build_view = bloodyinn.game.build_view

    def leaky(game: bloodyinn.game.Game, seat: int | None, legal_actions: bool = True) -> dict[str, Any]:
        view = build_view(game, seat, legal_actions)
        view["bottom_card"] = game.state.entrance[0] if game.state.entrance else None  # under the face-up top
        return view

    monkeypatch.setattr(bloodyinn.game, "build_view", leaky)
    with pytest.raises(AssertionError, match=r"bloodyinn .*view of .* changes when only cards hidden from it"):
        check_game("bloodyinn", seeds=[1], max_decisions=20)


def test_an_undo_that_does_not_restore_the_game_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def forgetful_undo(game: bloodyinn.game.Game) -> object:
        if not game._actions:
            raise bloodyinn.IllegalActionError("there is nothing to undo")
        return game._actions.pop()  # takes the action off the list but leaves the position as it is

    monkeypatch.setattr(bloodyinn.game.Game, "undo", forgetful_undo)
    with pytest.raises(AssertionError, match=r"undoing .* does not restore the game"):
        check_game("bloodyinn", seeds=[1], max_decisions=20)


def test_a_record_missing_an_action_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    record = bloodyinn.game.Game.record

    def short_record(game: bloodyinn.game.Game) -> dict[str, Any]:
        data = record(game)
        data["actions"] = data["actions"][:-1]
        return data

    monkeypatch.setattr(bloodyinn.game.Game, "record", short_record)
    with pytest.raises(AssertionError, match=r"bloodyinn .*CorruptSaveError: the saved state does not match its own"):
        check_game("bloodyinn", seeds=[2], max_decisions=30)
