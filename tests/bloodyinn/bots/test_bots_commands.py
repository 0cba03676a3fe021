"""`bloodyinn tournament`, `solo` and `hint` on tiny runs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

from bloodyinn.cli import app
from tests.bloodyinn.bots.bots_helpers import position

runner = CliRunner()


def test_tournament_writes_consistent_json_csv_and_charts(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "greedy", "random", "--games", "3", "--jobs", "2",
                                 "--seed", "7", "--out", str(tmp_path), "--plot"])
    assert result.exit_code == 0, result.output
    assert "Elo-style ratings" in result.output and "win rate" in result.output
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["settings"]["games"] == 6 and len(data["games"]) == 6
    standings = {row["bot"]: row for row in data["standings"]}
    assert sum(row["wins"] for row in standings.values()) == 6
    for bot in ("greedy", "random"):
        row = standings[bot]
        assert row["games"] == 6
        wins = sum(1 / len(g["winners"]) for g in data["games"] if any(g["seats"][w] == bot for w in g["winners"]))
        assert abs(row["wins"] - wins) < 1e-9
        assert row["win_rate_ci95"][0] <= row["win_rate"] <= row["win_rate_ci95"][1]
        scores = [g["scores"][g["seats"].index(bot)] for g in data["games"]]
        assert abs(row["mean_score"] - sum(scores) / 6) < 1e-9
    with (tmp_path / "results.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert {r["bot"] for r in rows} == {"greedy", "random"}
    assert sum(float(r["wins"]) for r in rows) == 6
    with (tmp_path / "games.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 12
    for chart in ("scores.png", "ratings.png"):
        assert (tmp_path / chart).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tournament_rejects_unknown_bots() -> None:
    result = runner.invoke(app, ["tournament", "greedy", "oracle"])
    assert result.exit_code != 0


def test_solo_reports_titles(tmp_path: Path) -> None:
    result = runner.invoke(app, ["solo", "greedy", "--games", "3", "--jobs", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for words in ("loss rate", "demonic innkeeper", "evil innkeeper", "mean score"):
        assert words in result.output
    data = json.loads((tmp_path / "solo.json").read_text())
    assert data["games"] == 3
    assert sum(data["titles"].values()) + data["untitled"] + data["losses"] == 3


def test_hint_command_on_a_saved_game(tmp_path: Path) -> None:
    game = position(players=2, seed=5, skip=1)
    save = tmp_path / "game.json"
    save.write_text(game.to_json())
    result = runner.invoke(app, ["hint", str(save), "--top", "2", "--level", "medium"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"Best moves for P{game.current_player + 1}")
    assert lines[1].startswith("1. ") and lines[3].startswith("2. ")
    assert lines[2].strip().endswith(".")
    other = 1 - game.current_player
    result = runner.invoke(app, ["hint", str(save), "--seat", str(other)])
    assert "nothing to decide" in result.output


def test_hint_reads_a_game_wrapped_in_a_face_save(tmp_path: Path) -> None:
    game = position(players=2, seed=5, skip=2)
    save = tmp_path / "tui.json"
    save.write_text(json.dumps({"format": "some-face-save", "game": json.loads(game.to_json())}))
    result = runner.invoke(app, ["hint", str(save), "--top", "1", "--level", "easy"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("1. ")


def test_hint_reports_a_broken_save(tmp_path: Path) -> None:
    save = tmp_path / "broken.json"
    save.write_text("{not json")
    result = runner.invoke(app, ["hint", str(save)])
    assert result.exit_code == 1
    assert "Cannot load" in result.output
