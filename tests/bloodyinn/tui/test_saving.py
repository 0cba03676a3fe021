"""Saving never loses progress (issue 9, item 8): saves are atomic, and a save that fails is shown on the screen
while the game goes on. `--load` says which table options it ignores (item 13)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from textual.widgets import RichLog, Static
from typer.testing import CliRunner

from bloodyinn import new_game
from bloodyinn.cli import app as cli_app
from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.session import Session
from tests.bloodyinn.tui.tui_helpers import SIZE, my_turn, run, screen_text, take_turn, wait_for


def log_text(app: BloodyInnApp) -> str:
    """The log's words, whatever the wrapping."""
    return " ".join(" ".join(line.text.split()) for line in app.query_one("#log", RichLog).lines)


def unwritable(tmp_path: Path) -> Path:
    """A save path no one can write, not even root: its folder is a regular file."""
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    return blocker / "save.json"


def test_a_failed_write_keeps_the_previous_save_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    session = Session(new_game(players=2, seed=1), ("human", "random"), path)
    session.checkpoint()
    before = path.read_text()

    def full_disk(source: str, target: Path) -> None:
        assert Path(source).read_text() == session.to_json()  # written in full to a temporary file first
        raise OSError(28, "No space left on device")

    session.apply(session.game.legal_actions()[0])
    assert json.loads(path.read_text())["game"]["actions"]  # the move was saved
    saved = path.read_text()
    monkeypatch.setattr(os, "replace", full_disk)
    session.apply(session.game.legal_actions()[0])
    monkeypatch.undo()
    assert session.save_error is not None and "No space left on device" in session.save_error
    assert path.read_text() == saved != before  # the last good save is intact, not half written
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind
    session.apply(session.game.legal_actions()[0])
    assert session.save_error is None  # the next move saves again, with everything
    assert len(json.loads(path.read_text())["game"]["actions"]) == len(session.game.actions) == 3


def test_an_unwritable_save_path_is_shown_and_the_game_goes_on(tmp_path: Path) -> None:
    session = Session(new_game(players=2, seed=5), ("human", "random"), unwritable(tmp_path))
    session.checkpoint()
    assert session.save_error is not None
    app = BloodyInnApp(session, pace=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            assert "NOT SAVED" in screen_text(app.query_one("#status", Static))
            assert any("Not saved" in n.title for n in app._notifications)
            assert "Not saved: could not save to" in log_text(app)
            choices = random.Random(0)
            for _ in range(3):  # the game goes on, move after move
                await take_turn(app, pilot, choices)
                await wait_for(pilot, my_turn(app))
            await pilot.press("s")  # saving by hand says why it fails, too
            await wait_for(pilot, lambda: any(n.message.startswith("Could not save") for n in app._notifications))
            said = next(n.message for n in app._notifications if n.message.startswith("Could not save"))
            assert str(session.save_path) in said and ".tmp" not in said  # the file asked for, not the temporary one

    run(scenario)
    assert len(session.game.actions) >= 3
    assert session.save_error is not None


def test_the_command_line_reports_an_unsaved_game_instead_of_crashing(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BloodyInnApp, "run", lambda self: None)
    result = CliRunner().invoke(cli_app, ["play", "--save", str(unwritable(tmp_path))])
    assert result.exit_code == 1, result.output  # a script can tell that the game is lost (issue 20, item 13)
    assert "Your game is not saved: could not save to" in result.output


def test_load_warns_that_table_options_are_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    Session(new_game(players=2, seed=3), ("human", "random"), path).checkpoint()
    started: list[BloodyInnApp] = []
    monkeypatch.setattr(BloodyInnApp, "run", lambda self: started.append(self))
    runner = CliRunner()
    warned = runner.invoke(cli_app, ["play", "--load", str(path), "--seats", "human,hard,hard", "--length", "long",
                                     "--seed", "9", "--no-autosave"])
    quiet = runner.invoke(cli_app, ["play", "--load", str(path), "--pace", "0", "--no-autosave"])
    assert warned.exit_code == 0 == quiet.exit_code, warned.output
    message = "--load resumes the saved table, so --seats, --length, --seed are ignored."
    assert message in warned.output and "Warning" not in quiet.output
    ignoring, resuming = started
    assert ignoring.session.seats == ("human", "random") and ignoring.session.game.config.length == "short"
    assert ignoring.notices == (message,) and resuming.notices == ()

    async def scenario() -> None:
        async with ignoring.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(ignoring))
            assert any(n.message == message for n in ignoring._notifications)  # shown on the screen too
            assert message in log_text(ignoring)

    run(scenario)
