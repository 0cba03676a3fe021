"""Reproducible by default (docs/research.md): a tournament's, a solitaire run's and a self-play run's results
depend on their seeds alone, whatever the backend and however slow or busy the machine, because `hard` is built on
its budget of iterations; `--timed` seats it with the faces' time caps and says the run is not reproducible, and
the faces (terminal, web table, hint) keep those caps.

`hard` gets a small budget here (the same search, fewer iterations) so that whole games stay quick; a machine
"looks slow" when every look at the clock finds 100 s gone, so any time cap is past at once."""

from __future__ import annotations

import csv
import itertools
import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bloodyinn.bots import hint, levels, make_bot
from bloodyinn.cli import app
from tableserver.games.bloody_inn import BloodyInnRules
from tests.bloodyinn.bots.bots_helpers import position

NOT_REPRODUCIBLE = "not reproducible"


@pytest.fixture
def small_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "HARD", replace(levels.HARD, iterations=24))


def _slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: 100.0 * next(ticks))


def _tournament(out: Path, *options: str) -> tuple[list[list[str]], dict[str, object], str]:
    """`tournament hard greedy` over two short deals: every game's seats, scores and winners, the settings it
    recorded, and what it printed."""
    result = CliRunner().invoke(app, ["tournament", "hard", "greedy", "--games", "2", "--length", "short",
                                      "--seed", "7", "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    with (out / "games.csv").open() as file:
        games = list(csv.reader(file))
    settings = json.loads((out / "results.json").read_text())["settings"]
    return games, settings, result.output


def test_a_tournament_with_hard_plays_the_same_games_on_every_backend_however_slow_the_machine(
        small_hard: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    on_cores, settings, printed = _tournament(tmp_path / "process", "--backend", "process", "--jobs", "2")
    _slow_clock(monkeypatch)
    in_process, _, _ = _tournament(tmp_path / "serial", "--backend", "serial")
    assert len(on_cores) == 1 + 2 * 2 * 2  # a header, then two deals, two seatings, two seats
    assert in_process == on_cores
    assert settings["reproducible"] is True
    assert NOT_REPRODUCIBLE not in printed


def test_a_timed_tournament_says_it_is_not_reproducible_and_its_games_follow_the_clock(
        small_hard: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    reproducible, _, _ = _tournament(tmp_path / "untimed", "--backend", "serial")
    _slow_clock(monkeypatch)
    timed, settings, printed = _tournament(tmp_path / "timed", "--backend", "serial", "--timed")
    assert "--timed: the bots stop on a clock, so these results depend on this machine's speed and load, and are " \
           "not reproducible." in " ".join(printed.split())
    assert settings["reproducible"] is False
    assert timed != reproducible  # on a slow machine the timed `hard` stops early and plays other moves


@pytest.mark.slow
def test_the_ray_backend_plays_the_same_games_as_a_slow_machine_in_one_process(
        small_hard: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'bloodyinn[distributed]')")

    def small_hard_in_worker() -> None:  # defined here, so that Ray ships it whole to each worker as it starts
        from dataclasses import replace

        from bloodyinn.bots import levels

        levels.HARD = replace(levels.HARD, iterations=24)

    ray.init(num_cpus=2, object_store_memory=80 * 1024 * 1024, include_dashboard=False, log_to_driver=False,
             runtime_env={"worker_process_setup_hook": small_hard_in_worker})
    try:
        on_ray, _, _ = _tournament(tmp_path / "ray", "--backend", "ray")
    finally:
        ray.shutdown()
    _slow_clock(monkeypatch)
    in_process, _, _ = _tournament(tmp_path / "serial", "--backend", "serial")
    assert in_process == on_ray


def test_solo_records_whether_it_is_reproducible(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for options, reproducible in (((), True), (("--timed",), False)):
        out = tmp_path / str(reproducible)
        result = CliRunner().invoke(app, ["solo", "greedy", "--games", "1", "--length", "short", "--backend",
                                          "serial", "--out", str(out), *options])
        assert result.exit_code == 0, result.output
        assert json.loads((out / "solo.json").read_text())["reproducible"] is reproducible
        assert (NOT_REPRODUCIBLE in result.output) is not reproducible


def test_timed_self_play_says_so_in_its_shards_and_on_the_terminal(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    for options, reproducible in (((), True), (("--timed",), False)):
        out = tmp_path / str(reproducible)
        result = CliRunner().invoke(app, ["selfplay", "--out", str(out), "--games", "1", "--bots", "greedy,random",
                                          "--backend", "serial", *options])
        assert result.exit_code == 0, result.output
        metadata = pq.read_schema(out / "shard-00000.parquet").metadata
        assert json.loads(metadata[b"reproducible"]) is reproducible
        assert json.loads(metadata[b"bots"]) == ["greedy", "random"]
        assert (NOT_REPRODUCIBLE in result.output) is not reproducible


def test_the_not_reproducible_line_is_in_the_readers_language() -> None:
    result = subprocess.run([sys.executable, "-m", "bloodyinn.cli", "--lang", "fr", "tournament", "greedy", "random",
                             "--games", "1", "--backend", "serial", "--timed"], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert "ne sont pas reproductibles" in " ".join(result.stdout.split())


def test_the_faces_seat_hard_with_its_time_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a slow machine the terminal's, the web table's and the hint's `hard` stop on the clock (a move within
    about a second), where the reproducible build thinks through its whole budget."""
    from bloodyinn import new_game
    from bloodyinn.tui.session import Session

    game = position(players=2, seed=4, skip=3)
    seat = game.current_player
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()

    def advice(bot: object) -> list[tuple[str, float]]:
        assert isinstance(bot, levels.HardBot)
        return [(str(h.action), h.value) for h in bot.analyse(view, legal, 3)]

    terminal = Session(new_game(players=2, seed=4), ("human", "hard"), None, autosave=False).bots[1]
    table = BloodyInnRules().make_bot("hard", 5)
    _slow_clock(monkeypatch)
    capped = advice(make_bot("hard", 5, timed=True))
    assert advice(terminal) == advice(table) == capped != advice(make_bot("hard", 5))
    assert [(str(h.action), h.value) for h in hint(view, legal, "hard", top=3, seed=5)] == capped
