"""Self-play data: bots' games written as Parquet shards that read back with the documented columns, one row per
step an agent takes, and that replay exactly through the token interface of the environments."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from bloodyinn import new_game
from bloodyinn.cli import app
from bloodyinn.research.encoding import VOCABULARY_SIZE
from bloodyinn.research.observation import OBSERVATION_SIZE, SeatObserver
from bloodyinn.research.selfplay import COLUMNS, game_rows, generate, shard_jobs
from bloodyinn.research.tokengame import TokenGame, final_rewards

runner = CliRunner()


def games_of(table: dict[str, list[object]]) -> Iterator[list[int]]:
    """Row indices of each game, in step order."""
    ids = table["game_id"]
    for game_id in sorted(set(ids)):
        rows = [i for i, g in enumerate(ids) if g == game_id]
        yield sorted(rows, key=lambda i: table["step"][i])  # type: ignore[arg-type, return-value]


def test_shards_hold_every_agent_step_and_replay_through_the_environment(tmp_path: Path) -> None:
    shards = generate(tmp_path, games=5, bots=("greedy", "random"), games_per_shard=2, backend="serial")
    assert [s.games for s in shards] == [2, 2, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"shard-0000{i}.parquet" for i in range(3)]
    data = pq.read_table(tmp_path)
    assert tuple(data.column_names) == COLUMNS and data.num_rows == sum(s.rows for s in shards)
    table = data.to_pydict()
    assert sorted(set(table["game_id"])) == [0, 1, 2, 3, 4]
    for rows in games_of(table):
        seed = table["seed"][rows[0]]
        tokens = TokenGame(new_game(players=2, seed=seed))  # type: ignore[arg-type]
        observer = SeatObserver(tokens)
        assert [table["step"][i] for i in rows] == list(range(len(rows)))
        for i in rows:  # the same observation and mask as the environment's, and a legal token
            seat = table["seat"][i]
            assert seat == tokens.seat
            observation, mask = np.array(table["observation"][i]), np.array(table["mask"][i])
            assert observation.shape == (OBSERVATION_SIZE,) and mask.shape == (VOCABULARY_SIZE,)
            assert np.array_equal(observation, observer.observation(seat))  # type: ignore[arg-type]
            assert np.array_equal(mask, observer.mask(seat))  # type: ignore[arg-type]
            assert mask[table["action"][i]] == 1
            tokens.step(table["action"][i])  # type: ignore[arg-type]
        assert tokens.game.is_over  # the rows are the whole game
        rewards = final_rewards(tokens.game)
        for seat in (0, 1):
            own = [i for i in rows if table["seat"][i] == seat]
            assert [table["done"][i] for i in own] == [False] * (len(own) - 1) + [True]
            assert {table["final_reward"][i] for i in own} == {rewards[seat]}
            assert [table["reward"][i] for i in own] == [0.0] * (len(own) - 1) + [rewards[seat]]
        bots = {table["seat"][i]: table["bot"][i] for i in rows}
        assert sorted(bots.values()) == ["greedy", "random"]  # seats rotate between games


def test_the_rewards_follow_the_scheme_asked_for() -> None:
    rows = game_rows(0, 5, ("greedy", "random"), 2, "short", (), reward="margin")
    tokens = TokenGame(new_game(players=2, seed=5))
    for row in rows:
        tokens.step(row["action"])
    scores = tokens.game.scores()
    finals = {row["seat"]: row["final_reward"] for row in rows}
    assert finals == pytest.approx({0: (scores[0] - scores[1]) / 100, 1: (scores[1] - scores[0]) / 100})
    with pytest.raises(ValueError, match="unknown reward scheme"):
        shard_jobs("out", 1, ["random"], reward="tie")


def test_the_data_does_not_depend_on_where_the_games_ran(tmp_path: Path) -> None:
    serial = generate(tmp_path / "serial", games=4, bots=("random",), players=3, games_per_shard=1,
                      backend="serial")
    parallel = generate(tmp_path / "process", games=4, bots=("random",), players=3, games_per_shard=1,
                        backend="process", jobs=2)
    assert [s.rows for s in serial] == [s.rows for s in parallel]
    assert pq.read_table(tmp_path / "serial").equals(pq.read_table(tmp_path / "process"))


@pytest.mark.slow
def test_ray_writes_the_same_shards(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'bloodyinn[distributed]')")
    serial = generate(tmp_path / "serial", games=2, bots=("random",), games_per_shard=1, backend="serial")
    on_ray = generate(tmp_path / "ray", games=2, bots=("random",), games_per_shard=1, backend="ray", jobs=2)
    assert [s.rows for s in serial] == [s.rows for s in on_ray]
    assert pq.read_table(tmp_path / "serial").equals(pq.read_table(tmp_path / "ray"))


def test_the_selfplay_command_writes_shards_and_refuses_unknown_bots(tmp_path: Path) -> None:
    result = runner.invoke(app, ["selfplay", "--games", "3", "--bots", "random,random,greedy", "--out",
                                 str(tmp_path), "--backend", "serial", "--games-per-shard", "2"])
    assert result.exit_code == 0, result.output
    assert "2 shards, 3 games" in result.output
    data = pq.read_table(tmp_path).to_pydict()
    assert set(data["seat"]) == {0, 1, 2} and set(data["game_id"]) == {0, 1, 2}
    bad = runner.invoke(app, ["selfplay", "--bots", "greedy,oracle", "--out", str(tmp_path / "x")])
    assert bad.exit_code != 0 and "unknown bot(s) oracle" in bad.output
    assert not (tmp_path / "x").exists()
    scheme = runner.invoke(app, ["selfplay", "--reward", "tie", "--out", str(tmp_path / "y")])
    assert scheme.exit_code != 0 and "unknown reward scheme 'tie'" in scheme.output
    assert not (tmp_path / "y").exists()


def test_shards_can_go_to_a_uri_and_bad_runs_are_refused_before_any_game() -> None:
    jobs = shard_jobs("s3://bucket/run/", games=3, bots=("greedy",), players=2, games_per_shard=2, seed=5)
    assert [j.path for j in jobs] == ["s3://bucket/run/shard-00000.parquet", "s3://bucket/run/shard-00001.parquet"]
    assert [j.games for j in jobs] == [((0, 5), (1, 6)), ((2, 7),)]
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        shard_jobs("out", games=1, bots=("oracle",))
    with pytest.raises(ValueError, match="players"):
        shard_jobs("out", games=1, bots=("greedy",), players=5)
