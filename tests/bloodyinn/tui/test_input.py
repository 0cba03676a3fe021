"""Input that works the same everywhere (issue 9, item 11), and solitaire warnings and help (item 12)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from bloodyinn import new_game
from bloodyinn.actions import Action, Bury, Pass, Place
from bloodyinn.game import Game
from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.choice import SOLO_LOSS, Chooser
from bloodyinn.tui.screens import EndScreen, HelpScreen, LosingMoveScreen
from bloodyinn.tui.session import Session
from tests.bloodyinn.engine_helpers import make_game, make_state
from tests.bloodyinn.tui.tui_helpers import SIZE, make_app, my_turn, run, screen_text, wait_for


async def press_option(app: BloodyInnApp, pilot: Pilot[None], wanted: Callable[[Action], bool]) -> None:
    """Press the number key of the first option leading to an action that `wanted` accepts."""
    panel = app.chooser
    index = next(i for i, o in enumerate(panel._options) if any(wanted(a) for a in o.actions))
    await pilot.press(str(panel.numbers[index]))


def test_every_kind_of_decision_ends_with_the_same_confirmation() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        game = new_game(players=1 + seed % 4, seed=seed)
        choices = random.Random(seed)
        while not game.is_over:
            chooser = Chooser(game)
            while chooser.step is not None and chooser.step.name != "confirm":
                assert chooser.choose(choices.choice(chooser.options())) is None  # nothing happens before Confirm
            (confirm,) = chooser.options()
            assert chooser.prompt == "Enter or y confirms, Backspace goes back, a number starts again:"
            assert confirm.label.startswith("Confirm: ")
            action = chooser.choose(confirm)
            assert action is not None
            kinds.add(action.kind)
            game.apply(action)
    assert {"place", "pass", "bribe", "kill", "bury", "build"} <= kinds


def test_welcome_numbers_are_room_numbers(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human",), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            game = app.session.game
            await wait_for(pilot, my_turn(app))
            assert game.decision == "place"
            await pilot.press("2", "enter")  # room 2, then Confirm
            await wait_for(pilot, lambda: len(game.actions) == 1 and app.chooser.chooser is not None)
            assert game.actions == [Place(room=2)]
            offered = [o.actions[0] for o in app.chooser._options]
            rooms = [a.room for a in offered if isinstance(a, Place)]
            assert 2 not in rooms and rooms != list(range(1, len(rooms) + 1))  # numbers differ from positions
            labels = [str(o.prompt) for o in app.chooser.option_list._options]
            assert labels == [f"{room}. Room {room}" + label.split(f"Room {room}", 1)[1]
                              for room, label in zip(rooms, labels, strict=True)]
            await pilot.press("2")  # room 2 is taken: nothing happens
            chooser = app.chooser.chooser
            assert chooser is not None and chooser.step is not None and chooser.step.name == "room"
            room = rooms[-1]
            await pilot.press(str(room))
            assert app.chooser._options[0].label.startswith("Confirm: Put")
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(game.actions) == 2)
            assert game.actions[1] == Place(room=room)

    run(scenario)


def test_a_guest_is_picked_by_its_room_number(tmp_path: Path) -> None:
    game = make_game(make_state(2, rooms={3: "baron", 5: "viscount"}, hands={0: ["peasant"]}, bistro=["peasant"]))
    app = BloodyInnApp(Session(game, ("human", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await press_option(app, pilot, lambda a: a.kind == "kill")
            labels = [str(o.prompt) for o in app.chooser.option_list._options]
            assert labels[:2] == ["3. Room 3: Baron [N0]", "5. Room 5: Viscount [N1]"]
            # The peasant in the bistro is numbered after every room there is (issue 20, item 13): 6 is a room.
            assert labels[2] == "9. A peasant in the bistro"
            await pilot.press("6")
            chooser = app.chooser.chooser
            assert chooser is not None and chooser.step is not None and chooser.step.name == "target"
            await pilot.press("5", "enter")
            await wait_for(pilot, lambda: len(game.actions) >= 1)

    run(scenario)
    assert str(game.actions[0]) == "kill room5 pay peasant"


def bury_position() -> Game:
    """Two players; P1 (seat 0) holds an unburied Baron, which costs nothing to bury."""
    return make_game(make_state(2, corpses={0: ["baron"]}))


def losing_position() -> Game:
    """Solitaire, second action of the night: an unburied Baron and a Brigadier in room 2 (R-SOLO-4)."""
    return make_game(make_state(1, rooms={2: "brigadier"}, corpses={0: ["baron"]}, turn=1))


def test_solitaire_asks_before_a_move_that_loses_to_the_police(tmp_path: Path) -> None:
    game = losing_position()
    app = BloodyInnApp(Session(game, ("human",), tmp_path / "save.json"), pace=0)

    async def choose_pass(pilot: Pilot[None]) -> None:
        await wait_for(pilot, my_turn(app))
        await press_option(app, pilot, lambda a: isinstance(a, Pass))
        await press_option(app, pilot, lambda a: a == Pass())
        details = screen_text(app.chooser.query_one("#details", Static))
        assert details.startswith(SOLO_LOSS)  # said before confirming
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LosingMoveScreen))
        assert "This move loses the game." in screen_text(app.screen.query_one(Static))

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await choose_pass(pilot)
            await pilot.press("n")
            await wait_for(pilot, my_turn(app))
            assert game.actions == [] and not game.lost  # nothing happened; the choice starts again
            await press_option(app, pilot, lambda a: isinstance(a, Bury))  # burying first is safe: no question
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(game.actions) == 1)
            assert not isinstance(app.screen, LosingMoveScreen) and not game.lost

    run(scenario)
    again = BloodyInnApp(Session(losing_position(), ("human",), tmp_path / "again.json"), pace=0)
    app = again

    async def play_it() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await choose_pass(pilot)
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(again.screen, EndScreen))
            assert "Arrested!" in screen_text(again.screen.query_one("#results", Static))

    run(play_it)
    assert again.session.game.lost


def test_help_explains_the_solitaire_loss_and_titles(tmp_path: Path) -> None:
    solo, duel = make_app(tmp_path, ("human",), seed=1), make_app(tmp_path, ("human", "random"), seed=1)
    shown = []
    for app in (solo, duel):
        async def scenario(app: BloodyInnApp = app) -> None:
            async with app.run_test(size=SIZE) as pilot:
                await wait_for(pilot, my_turn(app))
                await pilot.press("question_mark")
                assert isinstance(app.screen, HelpScreen)
                shown.append(" ".join(screen_text(app.screen.query_one(Static)).split()))

        run(scenario)
    solo_help, duel_help = shown
    assert "You lose at once if you have an unburied corpse when the police investigate" in solo_help
    assert ("110-129F worrying innkeeper, 130-149F hazardous innkeeper, 150-169F evil innkeeper,"
            " 170F and more: demonic innkeeper") in solo_help  # R-SOLO-5
    assert "Solitaire" not in duel_help
