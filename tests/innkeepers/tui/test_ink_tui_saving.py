"""Saves never lose progress (issue 11): atomic saves after every move, a failed save shown while the game goes
on, a saved game resumed exactly, and `--load` saying which table options it ignores."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from textual.widgets import RichLog
from typer.testing import CliRunner

from innkeepers import bots, new_game
from innkeepers.cli import app as cli_app
from innkeepers.tui.app import InnkeepersApp
from innkeepers.tui.session import Session
from tests.innkeepers.tui.ink_tui_helpers import SIZE, my_turn, rendered, run, take_turn, wait_for, words


def log_text(app: InnkeepersApp) -> str:
    return " ".join(" ".join(line.text.split()) for line in app.query_one("#log", RichLog).lines)


def unwritable(tmp_path: Path) -> Path:
    """A save path no one can write, not even root: its folder is a regular file."""
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    return blocker / "save.json"


def test_a_saved_game_resumes_exactly_with_its_seats_and_log(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app = InnkeepersApp(Session(new_game(players=3, seed=8, must_follow=True), ("human", "random", "random"), path),
                        pace=0)

    async def play_a_while() -> None:
        async with app.run_test(size=SIZE) as pilot:
            choices = random.Random(3)
            for _ in range(6):
                await wait_for(pilot, my_turn(app))
                await take_turn(app, pilot, choices)
            await wait_for(pilot, my_turn(app))

    run(play_a_while)
    played = app.session.game
    resumed = Session.load(path)
    assert resumed.seats == ("human", "random", "random") and resumed.save_path == path
    assert resumed.game.to_json() == played.to_json()  # every move and the flags (must_follow) come back
    assert resumed.game.config.must_follow
    assert resumed.log[:-1] == app.session.log  # the log is rebuilt by replaying the record
    assert resumed.log[-1] == "(Resumed from game.json.)"
    bare = tmp_path / "engine.json"  # a bare engine save loads too: a person at P1, bots elsewhere
    bare.write_text(played.to_json())
    assert Session.load(bare).seats[0] == "human" and Session.load(bare).game.to_json() == played.to_json()


def test_a_failed_write_keeps_the_previous_save_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    session = Session(new_game(players=2, seed=1), ("human", "random"), path)
    session.apply(session.game.legal_actions(0)[0], 0)
    saved = path.read_text()

    def full_disk(source: str, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    session.apply(session.game.legal_actions(1)[0], 1)
    monkeypatch.undo()
    assert session.save_error is not None and "No space left on device" in session.save_error
    assert path.read_text() == saved  # the last good save is intact, not half written
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind
    seat = session.seat
    assert seat is not None
    session.apply(session.game.legal_actions(seat)[0], seat)
    assert session.save_error is None  # the next move saves everything again
    assert len(json.loads(path.read_text())["game"]["actions"]) == len(session.game.actions) == 3


def test_an_unwritable_save_path_is_shown_and_the_game_goes_on(tmp_path: Path) -> None:
    session = Session(new_game(players=2, seed=5), ("human", "random"), unwritable(tmp_path))
    session.checkpoint()
    assert session.save_error is not None
    app = InnkeepersApp(session, pace=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn(app))
            assert "NOT SAVED" in rendered(app.query_one("#status"))
            assert any("Not saved" in n.title for n in app._notifications)
            assert "Not saved: could not save to" in log_text(app)
            choices = random.Random(0)
            for _ in range(3):  # the game goes on, move after move
                await take_turn(app, pilot, choices)
                await wait_for(pilot, my_turn(app))
            assert "NOT SAVED" in rendered(app.query_one("#status"))
            await pilot.press("s")  # saving by hand says why it fails, too
            await wait_for(pilot, lambda: any(n.message.startswith("Could not save") for n in app._notifications))

    run(scenario)
    assert len(session.game.actions) >= 3


def test_the_command_line_sets_the_table_and_load_says_what_it_ignores(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[InnkeepersApp] = []
    monkeypatch.setattr(InnkeepersApp, "run", lambda self: started.append(self))
    runner = CliRunner()
    path = tmp_path / "game.json"
    new = runner.invoke(cli_app, ["play", "--seats", "human,random,human", "--seed", "4", "-f", "fixed_rooms",
                                  "-f", "suit_order=cdhs", "--save", str(path)])
    assert new.exit_code == 0, new.output
    table = started[-1].session
    assert table.seats == ("human", "random", "human") and table.game.config.seed == 4
    assert table.game.config.fixed_rooms and table.game.config.suit_order == "cdhs"
    bad = runner.invoke(cli_app, ["play", "-f", "no_such_flag"])
    assert bad.exit_code == 2 and "unknown flag 'no_such_flag'" in words(bad.output)
    warned = runner.invoke(cli_app, ["play", "--load", str(path), "--seats", "human,random", "--seed", "9",
                                     "-f", "must_follow", "--no-autosave"])
    quiet = runner.invoke(cli_app, ["play", "--load", str(path), "--pace", "0", "--no-autosave"])
    assert warned.exit_code == 0 == quiet.exit_code, warned.output
    message = "--load resumes the saved table, so --seats, --flag, --seed are ignored."
    assert message in words(warned.output) and "Warning" not in quiet.output
    ignoring = started[-2]
    assert ignoring.session.seats == ("human", "random", "human") and not ignoring.session.game.config.must_follow
    assert ignoring.notices == (message,)
    unsaved = runner.invoke(cli_app, ["play", "--save", str(unwritable(tmp_path))])
    assert unsaved.exit_code == 1 and "Your game is not saved: could not save to" in words(unsaved.output)

    async def scenario() -> None:
        async with ignoring.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(ignoring))
            assert any(n.message == message for n in ignoring._notifications)  # shown on the screen too
            assert message in log_text(ignoring)

    run(scenario)


def test_the_seats_on_offer_are_the_bots_the_bots_module_has(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[InnkeepersApp] = []
    monkeypatch.setattr(InnkeepersApp, "run", lambda self: started.append(self))
    runner = CliRunner()
    shown = words(runner.invoke(cli_app, ["play", "--help"], terminal_width=200).output)
    assert all(name in shown for name in (*bots.LEVELS, *bots.BOTS))
    unknown = runner.invoke(cli_app, ["play", "--seats", "human,superbot"])
    assert unknown.exit_code == 2 and "unknown seat 'superbot'" in words(unknown.output)
    level = bots.LEVELS[-1]
    chosen = runner.invoke(cli_app, ["play", "--seats", f"human,{level}", "--save", str(tmp_path / "g.json")])
    assert chosen.exit_code == 0, chosen.output
    assert started[-1].session.labels == ["P1 (you)", f"P2 ({level} bot)"]
    assert type(started[-1].session.bots[1]) is type(bots.make_bot(level, 0))
    default = runner.invoke(cli_app, ["play", "-p", "4", "--save", str(tmp_path / "d.json")])
    assert default.exit_code == 0 and len(started[-1].session.seats) == 4
    assert started[-1].session.seats[1:] == (bots.LEVELS[len(bots.LEVELS) // 2],) * 3  # the middle level
