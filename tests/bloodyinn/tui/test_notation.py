"""Typed actions use the screen's names (issue 20, item 13): players P1-P4, so a barn is `barn.P1`, never the
engine's seat number `barn.0`; an annex is the name the board shows (`under cellar`), with its owner when two
players have one (`cellar.P2`). The examples, the hints and the error messages write them the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from bloodyinn.actions import Bury
from bloodyinn.cards import barn_of
from bloodyinn.errors import NotationError
from bloodyinn.game import Game
from bloodyinn.tui import notation
from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.screens import NotationScreen
from bloodyinn.tui.session import Session
from tests.bloodyinn.engine_helpers import make_game, make_state
from tests.bloodyinn.tui.tui_helpers import SIZE, my_turn, rendered, run, wait_for, words


def cellars() -> Game:
    """P1 holds an unburied Baron; P1 and P2 each have a Cellar (abbot), P2 a Distillery too."""
    return make_game(make_state(2, corpses={0: ["baron"]}, annexes={0: ["abbot"], 1: ["abbot", "distiller"]}))


def test_actions_are_written_with_the_screens_names() -> None:
    game = cellars()
    view = game.view(None)
    shown = sorted(notation.shown(a, view) for a in game.legal_actions() if isinstance(a, Bury))
    assert shown == ["bury baron under barn.P1", "bury baron under barn.P2", "bury baron under cellar.P1",
                     "bury baron under cellar.P2", "bury baron under distillery"]


@pytest.mark.parametrize(("typed", "under"), [
    ("bury baron under barn.P1", "barn.0"), ("bury baron under barn.p2", "barn.1"),
    ("bury baron under Distillery", "distiller.1"), ("bury baron under cellar.P2", "abbot.2"),
    ("bury baron under abbot.1", "abbot.1"),  # the engine's card id still works
])
def test_typed_names_become_the_engines_references(typed: str, under: str) -> None:
    game = cellars()
    action = game.validate(notation.to_engine(typed, game.view(None)))
    assert isinstance(action, Bury) and action.corpses == (("baron", under),)


@pytest.mark.parametrize(("typed", "message"), [
    ("bury baron under barn.1", "barns are named by their player, as on the screen: barn.P1 is the barn of P1"),
    ("bury baron under cellar", "more than one player has one; write cellar.P1 or cellar.P2"),
    ("bury baron under crypt", "the annexes are: barn.P1, barn.P2, cellar.P1, cellar.P2, distillery"),
])
def test_a_name_the_board_does_not_have_is_refused_in_the_screens_terms(typed: str, message: str) -> None:
    game = cellars()
    with pytest.raises(NotationError, match=message) as refused:
        notation.to_engine(typed, game.view(None))
    assert "barn.0" not in str(refused.value)


def test_the_prompt_buries_under_the_barn_of_the_player_it_names(tmp_path: Path) -> None:
    game = cellars()
    app = BloodyInnApp(Session(game, ("human", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("colon")
            assert isinstance(app.screen, NotationScreen)
            shown = words(" ".join(rendered(w) for w in app.screen.query("Static")))
            assert "Legal now, for example:" in shown and "barn.0" not in shown and "abbot." not in shown
            await pilot.press(*"bury baron under barn.1", "enter")  # seat 1 in the engine's numbering: refused
            error = words(rendered(app.screen.query_one("#notation-error")))
            assert "barn.P1 is the barn of P1" in error and game.actions == []
            await pilot.press(*["backspace"] * len("barn.1"), *"barn.P2", "enter")
            await wait_for(pilot, lambda: len(game.actions) >= 1)

    run(scenario)
    assert game.actions[0] == Bury(corpses=(("baron", "barn.1"),))
    assert game.state.buried[barn_of(1)]  # under the barn of P2, seat 1
