"""The inn/innkeepers key (`i`) is offered whenever the board is taller than its place, and only then: after a
resize, a dialog or the end screen too (issue 20, item 13)."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets._footer import FooterKey

from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.screens import EndScreen, HelpScreen
from bloodyinn.tui.session import Session
from tests.bloodyinn.engine_helpers import finish_night, make_game, make_state
from tests.bloodyinn.tui.tui_helpers import make_app, my_turn, run, wait_for


def offers_i(app: BloodyInnApp) -> bool:
    """Whether the footer on the screen shows the key."""
    return any(key.description == "Inn/innkeepers" for key in app.screen.query(FooterKey))


def board_overflows(app: BloodyInnApp) -> bool:
    return app.screen_stack[0].query_one("#board", VerticalScroll).max_scroll_y > 0


def test_the_key_follows_the_board_through_resizes_and_dialogs(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random", "random", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn(app))
            await wait_for(pilot, lambda: offers_i(app), limit=5)
            await pilot.resize_terminal(200, 80)
            await wait_for(pilot, lambda: not board_overflows(app) and not offers_i(app), limit=5)
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: board_overflows(app) and offers_i(app), limit=5)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            await wait_for(pilot, lambda: offers_i(app), limit=5)
            await pilot.press("c", "escape")
            await wait_for(pilot, lambda: offers_i(app), limit=5)

    run(scenario)


def test_the_key_comes_back_after_the_end_screen(tmp_path: Path) -> None:
    state = make_state(2, final_round=True, reshuffled=True, entrance=[], rest="gravedigger",
                       annexes={0: ["landscaper", "grocer"]}, cash=[38, 0], checks=[1, 0])
    game = make_game(state)
    finish_night(game)
    app = BloodyInnApp(Session(game, ("human", "medium"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
            await pilot.press("escape")
            assert not isinstance(app.screen, EndScreen) and board_overflows(app)
            await wait_for(pilot, lambda: offers_i(app), limit=5)
            board = app.query_one("#board", VerticalScroll)
            await pilot.press("i")
            await wait_for(pilot, lambda: board.scroll_y > 0, limit=5)

    run(scenario)
