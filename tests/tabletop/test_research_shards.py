"""Self-play shards for any game (`tabletop.research.shards`): how a run is split into shards, which row of a
seat carries its reward, and what a shard file holds."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from tabletop.research.shards import COLUMNS, add_rewards, batches, check_run, write_rows


def test_a_run_is_split_into_numbered_shards_of_consecutive_seeds() -> None:
    plan = batches("out/", games=5, seed=100, games_per_shard=2)
    assert plan == [(0, "out/shard-00000.parquet", ((0, 100), (1, 101))),
                    (1, "out/shard-00001.parquet", ((2, 102), (3, 103))),
                    (2, "out/shard-00002.parquet", ((4, 104),))]


@pytest.mark.parametrize(("games", "per_shard", "bots", "message"), [
    (0, 10, ("a",), "games and games per shard"), (3, 0, ("a",), "games and games per shard"),
    (3, 10, (), "at least one bot")])
def test_a_run_of_no_games_or_no_bots_is_refused(games: int, per_shard: int, bots: tuple[str, ...],
                                                 message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_run(games, per_shard, bots, lambda name, seed: None)


def test_an_unknown_bot_is_refused_by_the_games_own_lookup() -> None:
    def make_bot(name: str, seed: int) -> None:
        raise ValueError(f"unknown bot {name!r}")

    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        check_run(1, 1, ("nobody",), make_bot)


def test_each_seat_is_paid_on_its_last_row_and_every_row_knows_the_return() -> None:
    rows: list[dict[str, object]] = [{"seat": 0}, {"seat": 1}, {"seat": 0}, {"seat": 1}, {"seat": 1}]
    add_rewards(rows, [1.0, -1.0])
    assert [r["done"] for r in rows] == [False, False, True, False, True]
    assert [r["reward"] for r in rows] == [0.0, 0.0, 1.0, 0.0, -1.0]
    assert [r["final_reward"] for r in rows] == [1.0, -1.0, 1.0, -1.0, -1.0]


def test_a_shard_holds_the_columns_with_fixed_sizes_and_its_metadata(tmp_path: Path) -> None:
    rows = [{"game_id": 0, "seed": 7, "seat": s, "bot": "b", "step": s, "observation": np.full(3, s, np.float32),
             "mask": np.array([1, 0], np.int8), "action": 0} for s in (0, 1)]
    add_rewards(rows, [0.5, -0.5])
    path = tmp_path / "deep" / "shard-00000.parquet"
    write_rows(str(path), rows, observation_size=3, mask_size=2, metadata={"game": "any", "seeds": [7, 7]})
    table = pq.read_table(path)
    assert tuple(table.column_names) == COLUMNS
    assert table.column("observation").to_pylist() == [[0.0] * 3, [1.0] * 3]
    assert table.column("reward").to_pylist() == [0.5, -0.5]
    assert table.schema.metadata == {b"game": b'"any"', b"seeds": b"[7, 7]"}
    write_rows(str(path), rows, observation_size=3, mask_size=2)
    assert pq.read_table(path).schema.metadata is None
