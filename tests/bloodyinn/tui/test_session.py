"""Saves, loads and undo of a table, without the screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bloodyinn import new_game
from bloodyinn.cli import app as cli_app
from bloodyinn.errors import CorruptSaveError
from bloodyinn.tui.session import Session


def played(seats: tuple[str, ...], path: Path, moves: int) -> Session:
    session = Session(new_game(players=len(seats), seed=9), seats, path)
    choices = random.Random(1)
    for _ in range(moves):
        if session.human_to_play:
            session.apply(choices.choice(session.game.legal_actions()))
        else:
            bot, view, legal = session.bot_request()
            session.apply(bot.choose(view, legal))
    return session


def test_autosave_after_every_move_and_resume_with_the_same_log(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session = played(("human", "random", "medium"), path, 30)
    loaded = Session.load(path)
    assert loaded.game.to_json() == session.game.to_json()
    assert loaded.seats == session.seats
    assert loaded.log[: len(session.log)] == session.log  # the whole log comes back, then a resume note
    assert loaded.deciders == session.deciders


def test_a_bare_engine_save_seats_you_against_medium_bots(tmp_path: Path) -> None:
    game = new_game(players=3, seed=2)
    game.apply(game.legal_actions()[0])
    path = tmp_path / "engine.json"
    path.write_text(game.to_json())
    loaded = Session.load(path)
    assert loaded.seats == ("human", "medium", "medium")
    assert loaded.game.to_json() == game.to_json()


def test_a_corrupt_save_is_refused_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(CorruptSaveError):
        Session.load(path)
    result = CliRunner().invoke(cli_app, ["play", "--load", str(path)])
    assert result.exit_code != 0
    assert "not valid JSON" in result.output or "cannot read" in result.output


def test_undo_against_bots_goes_back_to_before_my_last_decision(tmp_path: Path) -> None:
    session = played(("human", "random"), tmp_path / "g.json", 40)
    last_mine = max(i for i, seat in enumerate(session.deciders) if seat == 0)
    expected = session.game.actions[:last_mine]
    lines = session.undo()
    assert session.game.actions == expected
    assert lines[-1].startswith("P1 (you) takes back: ")
    assert session.human_to_play
    assert Session.load(tmp_path / "g.json").game.actions == expected  # the undo is saved too
