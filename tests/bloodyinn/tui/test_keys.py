"""The chooser's keys as a person uses them (issue 20, item 13): only Enter or y confirms, a digit on the Confirm
step starts a new choice, Escape steps back like Backspace, and digits and Enter work whichever panel has the
focus, which is the one drawn with a heavy frame."""

from __future__ import annotations

from pathlib import Path

from bloodyinn.actions import Place
from bloodyinn.tui.app import BloodyInnApp
from tests.bloodyinn.tui.tui_helpers import SIZE, make_app, my_turn, run, wait_for


def step_name(app: BloodyInnApp) -> str | None:
    chooser = app.chooser.chooser
    return chooser.step.name if chooser is not None and chooser.step is not None else None


def test_a_digit_on_the_confirm_step_starts_a_new_choice_and_only_enter_or_y_confirms(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human",), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            game = app.session.game
            await wait_for(pilot, my_turn(app))
            first, second = app.chooser.numbers[:2]
            await pilot.press(str(second))
            assert step_name(app) == "confirm"
            await pilot.press(str(first))  # meaning "no, room <first>": not a confirmation of the other room
            assert game.actions == [] and step_name(app) == "confirm"
            assert app.chooser._options[0].actions == (Place(room=first),)
            await pilot.press("y")
            await wait_for(pilot, lambda: len(game.actions) == 1)
            assert game.actions == [Place(room=first)]

    run(scenario)


def test_the_confirm_option_shows_no_number(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human",), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press(str(app.chooser.numbers[0]))
            (label,) = [str(o.prompt) for o in app.chooser.option_list._options]
            assert label.startswith("↵ Confirm: ")

    run(scenario)


def test_escape_steps_back_like_backspace(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human",), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            for key in ("escape", "backspace"):
                await pilot.press(str(app.chooser.numbers[0]))
                assert step_name(app) == "confirm"
                await pilot.press(key)
                assert step_name(app) == "room" and app.session.game.actions == []

    run(scenario)


def test_digits_and_enter_work_whichever_panel_has_the_focus_and_it_shows(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human",), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            game = app.session.game
            await wait_for(pilot, my_turn(app))
            chooser, log = app.query_one("#chooser"), app.query_one("#log")
            assert chooser.styles.border_top[0] == "heavy" and log.styles.border_top[0] != "heavy"
            await pilot.press("tab")  # to the log (the board takes the focus only when it scrolls)
            assert app.focused is log
            assert log.styles.border_top[0] == "heavy" and chooser.styles.border_top[0] != "heavy"
            room = app.chooser.numbers[-1]
            await pilot.press(str(room))
            assert step_name(app) == "confirm"
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(game.actions) == 1)
            assert game.actions == [Place(room=room)]

    run(scenario)


def test_the_board_shows_when_it_has_the_focus(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random", "random", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn(app))
            board = app.query_one("#board")
            await wait_for(pilot, lambda: board.focusable)  # a board that scrolls can have the focus
            while app.focused is not board:
                await pilot.press("tab")
            assert app.query_one("#inn").styles.border_top[0] == "heavy"
            assert app.query_one("#chooser").styles.border_top[0] != "heavy"
            await pilot.press(str(app.chooser.numbers[0]), "enter")
            await wait_for(pilot, lambda: len(app.session.game.actions) >= 1)

    run(scenario)
