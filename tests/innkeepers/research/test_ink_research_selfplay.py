"""Self-play data: bots' games written as Parquet shards with the documented columns and metadata, one row per
decision, that replay exactly through the engine; and the `innkeepers selfplay` command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from innkeepers import new_game
from innkeepers.cli import app
from innkeepers.research.encoding import NUM_ACTIONS, action
from innkeepers.research.observation import OBSERVATION_SIZE, observation_from_view
from innkeepers.research.rewards import final_rewards
from innkeepers.research.selfplay import COLUMNS, generate, shard_jobs

runner = CliRunner()


def test_shards_hold_every_decision_and_replay_through_the_engine(tmp_path: Path) -> None:
    shards = generate(tmp_path, games=3, bots=("greedy", "random"), games_per_shard=2, backend="serial",
                      reward="rank")
    assert [s.games for s in shards] == [2, 1]
    data = pq.read_table(tmp_path)
    assert tuple(data.column_names) == COLUMNS and data.num_rows == sum(s.rows for s in shards)
    metadata = {k.decode(): json.loads(v) for k, v in pq.read_schema(shards[0].path).metadata.items()}
    assert metadata == {"game": "innkeepers", "players": 2, "flags": {}, "bots": ["greedy", "random"],
                        "reward": "rank", "seeds": [0, 1], "reproducible": True, "observation_size": OBSERVATION_SIZE,
                        "num_actions": NUM_ACTIONS}
    table = data.to_pydict()
    for game_id in range(3):
        rows = sorted((i for i, g in enumerate(table["game_id"]) if g == game_id), key=lambda i: table["step"][i])
        game = new_game(players=2, seed=table["seed"][rows[0]])
        assert {table["bot"][i] for i in rows if table["seat"][i] == game_id % 2} == {"greedy"}  # seats rotate
        pending: list[tuple[int, object]] = []
        for i in rows:
            seat = table["seat"][i]
            if not pending:
                expected = game.pending_seats()
            assert seat in expected
            mask = np.array(table["mask"][i], dtype=np.int8)
            assert mask[table["action"][i]] == 1
            assert np.array_equal(np.array(table["observation"][i], dtype=np.float32),
                                  observation_from_view(game.view(seat)))
            pending.append((seat, action(table["action"][i])))
            if len(pending) == len(expected):  # every seat of the stage has chosen: apply them together
                for s, a in pending:
                    game.apply(a, seat=s)
                pending = []
        assert game.is_over
        rewards = final_rewards(game, "rank")
        assert sum(table["done"][i] for i in rows) == 2
        for i in rows:
            assert table["final_reward"][i] == pytest.approx(rewards[table["seat"][i]])
            assert table["reward"][i] == (table["final_reward"][i] if table["done"][i] else 0.0)


def test_bad_runs_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        shard_jobs("out", 2, ["nobody"])
    with pytest.raises(ValueError, match="unknown reward scheme"):
        shard_jobs("out", 2, ["random"], reward="tie")
    with pytest.raises(ValueError, match="players must be 2 to 4"):
        shard_jobs("out", 2, ["random"], players=5)


def test_the_selfplay_command_writes_shards_and_refuses_to_mix_runs(tmp_path: Path) -> None:
    out = tmp_path / "data"
    done = runner.invoke(app, ["selfplay", "--out", str(out), "--games", "2", "--games-per-shard", "1",
                               "--bots", "random,random,random", "--backend", "serial"])
    assert done.exit_code == 0, done.output
    assert "2 shards, 2 games" in done.output
    assert pq.read_schema(out / "shard-00000.parquet").metadata[b"players"] == b"3"
    again = runner.invoke(app, ["selfplay", "--out", str(out), "--games", "1", "--backend", "serial"])
    assert again.exit_code != 0 and "already holds 2 shards" in " ".join(again.output.replace("│", " ").split())
    replaced = runner.invoke(app, ["selfplay", "--out", str(out), "--games", "1", "--backend", "serial",
                                   "--overwrite"])
    assert replaced.exit_code == 0 and sorted(p.name for p in out.iterdir()) == ["shard-00000.parquet"]
    for bad, message in ((["--bots", "nobody"], "unknown bot"), (["--reward", "tie"], "unknown reward scheme"),
                         (["-f", "suit_order=xx"], "suit_order")):
        refused = runner.invoke(app, ["selfplay", "--out", str(tmp_path / "other"), *bad])
        assert refused.exit_code != 0 and message in refused.output
        assert "Traceback" not in refused.output
