"""Executors: a tournament gives the same games whether it runs in this process, over processes or on Ray."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from bloodyinn.bots.arena import GameResult, duplicate_schedule, run
from bloodyinn.cli import app
from tabletop.executors import make_executor


def _outcomes(results: list[GameResult]) -> list[tuple[object, ...]]:
    """What a game's result says about the game (not the thinking time, which varies run to run)."""
    return [(r.spec, r.scores, r.winners, r.lost, r.title, r.decisions) for r in results]


SPECS = duplicate_schedule(["greedy", "random"], players=2, deals=2, seed=3)


@pytest.fixture(scope="module")
def serial_outcomes() -> list[tuple[object, ...]]:
    with make_executor("serial") as executor:
        return _outcomes(run(SPECS, executor))


def test_process_backend_plays_the_same_games_as_serial(serial_outcomes: list[tuple[object, ...]]) -> None:
    with make_executor("process", jobs=2) as executor:
        assert _outcomes(run(SPECS, executor)) == serial_outcomes
        # The pool is reused for a second schedule until the executor closes.
        assert _outcomes(run(SPECS[:2], executor)) == serial_outcomes[:2]


def test_map_unordered_returns_every_result_once() -> None:
    with make_executor("process", jobs=2) as executor:
        assert sorted(executor.map_unordered(abs, [-3, 1, -2, 5])) == [1, 2, 3, 5]


def test_bad_backend_options_are_named() -> None:
    with pytest.raises(ValueError, match="unknown backend 'threads'"):
        make_executor("threads")
    with pytest.raises(ValueError, match="--address is for the ray backend"):
        make_executor("process", address="auto")


def test_tournament_rejects_an_unknown_backend() -> None:
    result = CliRunner().invoke(app, ["tournament", "greedy", "random", "--games", "1", "--backend", "threads"])
    assert result.exit_code != 0
    assert "unknown backend 'threads'" in result.output


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'bloodyinn[distributed]')")
    # Small, so it fits next to the rest of the suite on a 2-core machine.
    ray.init(num_cpus=2, object_store_memory=80 * 1024 * 1024, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_ray_backend_plays_the_same_games_as_serial(local_ray: None,
                                                    serial_outcomes: list[tuple[object, ...]]) -> None:
    with make_executor("ray") as executor:
        assert executor.jobs == 2  # type: ignore[attr-defined]
        assert _outcomes(run(SPECS, executor)) == serial_outcomes
