"""The terminal game driven as a person would: keys only, through Textual's pilot, to the end screen."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from textual.widgets import Static
from typer.testing import CliRunner

from bloodyinn.cli import app as cli_app
from bloodyinn.tui import notation, render
from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.screens import EndScreen, NotationScreen
from bloodyinn.tui.session import Session
from tests.bloodyinn.tui.tui_helpers import SIZE, make_app, my_turn, play_to_end, run, screen_text, take_turn, wait_for


def test_solitaire_short_game_to_the_end_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human",), seed=5)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await play_to_end(app, pilot, seed=1)
            shown = screen_text(app.screen.query_one("#results", Static))
            assert "The game is over." in shown
            assert "Final booty" in shown
            assert "lost" in shown or "rulebook's titles are for the long game" in shown
            await pilot.press("escape")
            assert not isinstance(app.screen, EndScreen)
            await pilot.press("q")

    run(scenario)
    assert app.session.game.is_over


def test_two_players_against_a_random_bot_to_the_end(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=11)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await play_to_end(app, pilot, seed=2)
            shown = screen_text(app.screen.query_one("#results", Static))
            assert "Winner" in shown
            assert "P1 (you)" in shown and "P2 (random bot)" in shown

    run(scenario)
    game = app.session.game
    assert game.is_over and game.winners()
    # Autosave kept the finished game.
    saved = json.loads((tmp_path / "save.json").read_text())
    assert saved["seats"] == ["human", "random"]
    assert len(saved["game"]["actions"]) == len(game.actions)


def test_board_shows_the_public_information(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            inn = screen_text(app.query_one("#inn", Static))
            players = screen_text(app.query_one("#players", Static))
            status = screen_text(app.query_one("#status", Static))
            view = app.session.game.view(None)
            for room in view["rooms"]:
                key = {None: "closed", "white": "white"}.get(room["key"]) or f"P{room['key'] + 1}"
                guest = render.card_plain(room["guest"]) if room["guest"] else "-" if room["key"] is not None else ""
                assert re.search(rf"^\s*{room['room']}\s+{key}\s+.*{re.escape(guest)}", inn, re.MULTILINE), room
            assert f"{view['entrance']['size']} cards, top:" in inn
            assert "Exit stack" in inn and "Bistro" in inn
            assert "M merchant/blue" in inn  # colours also have letters
            for seat in range(3):
                assert f"P{seat + 1}" in players
            assert "Cash" in players and "checks: 1" in players and "Barn of P3" in players
            assert f"Round {view['round']}, season 1 of 2" in status
            assert f"First player: P{view['first_player'] + 1}" in status
            await pilot.press("c")  # the card reference, with every annex's effect
            cards = screen_text(app.screen.query_one(Static))
            assert "Distillery: At the end of each round" in cards
            await pilot.press("escape", "question_mark")
            assert "Backspace" in screen_text(app.screen.query_one(Static))
            await pilot.press("escape")
            assert app.chooser.chooser is not None

    run(scenario)


def test_undo_takes_back_my_decision_and_the_bots_after_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random", "random"), seed=4)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            game = app.session.game
            choices = random.Random(0)
            while True:  # play until the bots have moved after one of my decisions
                await wait_for(pilot, my_turn(app))
                before, legal, moves = game.to_json(), game.legal_actions(), len(game.actions)
                await take_turn(app, pilot, choices)
                await wait_for(pilot, my_turn(app))
                if len(game.actions) > moves + 1:
                    break
            await pilot.press("u")
            await wait_for(pilot, my_turn(app))
            assert game.to_json() == before
            assert game.legal_actions() == legal
            assert "takes back" in app.session.log[-1]

    run(scenario)


def test_undo_with_nothing_of_mine_to_take_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=4)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            before = app.session.game.to_json()
            refusal = app.session.undo_refusal
            await pilot.press("u")
            await wait_for(pilot, lambda: any(refusal in n.message for n in app._notifications))
            assert app.session.game.to_json() == before

    run(scenario)


def test_typed_notation_shows_the_engines_message_then_plays(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=6)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            game = app.session.game
            moves = len(game.actions)
            await pilot.press("colon")
            assert isinstance(app.screen, NotationScreen)
            await pilot.press(*"kill room7 pay peasant", "enter")  # room 7 is closed in a 2-player game
            error = screen_text(app.screen.query_one("#notation-error", Static))
            assert error.startswith("Not accepted:")
            assert "R-" in error  # the engine names the rule
            assert len(game.actions) == moves
            await pilot.press("ctrl+a", "ctrl+k", *"frobnicate", "enter")
            assert "unknown action" in screen_text(app.screen.query_one("#notation-error", Static))
            legal = str(game.legal_actions()[0])
            await pilot.press("ctrl+a", "ctrl+k", *legal, "enter")
            await wait_for(pilot, lambda: len(game.actions) > moves)
            assert str(game.actions[moves]) == legal

    run(scenario)


def test_hint_key_asks_the_hard_bot(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=7)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("h")
            details = app.chooser.query_one("#details", Static)
            await wait_for(pilot, lambda: "Asking" not in screen_text(details), limit=60)
            text = screen_text(details)
            assert text.startswith("Hint from the hard bot:\n")  # first, where a small screen shows it too
            shown = text.split("\n\n")[0].splitlines()
            assert 2 <= len(shown) <= 4 and shown[1].startswith("1. ")
            view = app.session.game.view(None)
            legal = {notation.shown(a, view) for a in app.session.game.legal_actions()}
            assert any(f"[{action}]" in shown[1] for action in legal)  # the advice names a legal move
            highlighted = app.chooser.option_list.highlighted
            assert highlighted is not None
            advised = app.chooser._options[highlighted].actions  # the chooser points at the advice
            assert any(f"[{notation.shown(action, view)}]" in shown[1] for action in advised)

    run(scenario)


def test_save_key_then_load_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=8)
    app.session.autosave = False
    save = tmp_path / "save.json"

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await take_turn(app, pilot, random.Random(0))
            await wait_for(pilot, my_turn(app))
            await pilot.press("s")
            await wait_for(pilot, save.exists)

    run(scenario)
    assert save.exists()
    started: list[Session] = []
    monkeypatch.setattr(BloodyInnApp, "run", lambda self: started.append(self.session))
    result = CliRunner().invoke(cli_app, ["play", "--load", str(save), "--no-autosave"])
    monkeypatch.undo()
    assert result.exit_code == 0, result.output
    loaded = started[0]
    assert loaded.game.to_json() == app.session.game.to_json()
    assert loaded.seats == ("human", "random")
    assert loaded.log[-1] == "(Resumed from save.json.)"
    assert loaded.can_undo  # who decided what is rebuilt, so undo still works after loading
    resumed = BloodyInnApp(loaded, pace=0)

    async def carry_on() -> None:
        async with resumed.run_test(size=SIZE) as pilot:
            choices = random.Random(3)
            for _ in range(3):
                await wait_for(pilot, my_turn(resumed))
                await take_turn(resumed, pilot, choices)
            await wait_for(pilot, my_turn(resumed))

    moves = len(loaded.game.actions)
    run(carry_on)
    assert len(loaded.game.actions) >= moves + 3


def test_command_line_table_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Session] = []
    monkeypatch.setattr(BloodyInnApp, "run", lambda self: started.append(self.session))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(cli_app, ["play"]).exit_code == 0
    assert runner.invoke(cli_app, ["play", "--players", "1", "--length", "long", "--seed", "4"]).exit_code == 0
    assert runner.invoke(cli_app, ["play", "--seats", "human,human,random", "--variant", "uw",
                                   "--variant", "fcfs", "--save", str(tmp_path / "x.json")]).exit_code == 0
    bad = runner.invoke(cli_app, ["play", "--seats", "human,genius"])
    mismatch = runner.invoke(cli_app, ["play", "--seats", "human,random", "--players", "3"])
    default, solo, hot_seat = started
    assert default.seats == ("human", "medium", "medium") and default.game.config.players == 3
    assert solo.game.config.solo and solo.game.config.length == "long" and solo.game.config.seed == 4
    assert hot_seat.labels[:2] == ["P1 (human)", "P2 (human)"]
    assert hot_seat.game.config.unlimited_wealth and hot_seat.game.config.first_come_first_served
    assert (tmp_path / "x.json").exists()
    assert bad.exit_code != 0 and "genius" in bad.output
    assert mismatch.exit_code != 0


def test_watching_a_bot_play_solitaire_long_to_its_result(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("medium",), seed=1, length="long")

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            # the end screen is pushed, then composed: wait for its results to be there
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen) and bool(app.screen.query("#results")),
                           limit=60)
            shown = screen_text(app.screen.query_one("#results", Static))
            score = app.session.game.scores()[0]
            title = app.session.game.solo_title()
            assert (f"You are a {title} ({score}F)" in shown if title else
                    "lost" in shown or f"{score}F: below 110F the rulebook gives no title" in shown)
            await pilot.press("escape")
            await pilot.press("r")  # the results come back on demand
            assert isinstance(app.screen, EndScreen)

    run(scenario)


def test_hot_seat_passes_the_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "human"), seed=2)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            choices = random.Random(4)
            titles: set[str] = set()
            while len(titles) < 2:
                await wait_for(pilot, my_turn(app))
                titles.add(str(app.chooser.border_title))
                await take_turn(app, pilot, choices)
            assert titles == {"P1 (human): your move", "P2 (human): your move"}
            await wait_for(pilot, my_turn(app))
            await pilot.press("u")  # at a hot-seat table, undo takes back the last decision, whoever made it
            await wait_for(pilot, lambda: "takes back" in app.session.log[-1])

    run(scenario)
