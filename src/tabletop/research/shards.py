"""Self-play data as Parquet shards, for any game: a run split into batches of games (one shard each), each
seat's reward on its rows, the columns every game's shards share, and the run on an executor.

A game supplies what is its own: its job (the settings a shard's games are played with), how one game becomes
rows (`game_id`, `seed`, `seat`, `bot`, `step`, `observation`, `mask`, `action`), and the sizes of its
observation and mask."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from ..executors import Executor, make_executor

COLUMNS = ("game_id", "seed", "seat", "bot", "step", "observation", "mask", "action", "reward", "final_reward",
           "done")

Job = TypeVar("Job")


@dataclass(frozen=True)
class ShardJob:
    """One shard to write: a batch of games, each with everything needed to replay it (seeds, not generators).
    A game's job adds the settings its games are played with."""

    index: int
    path: str
    games: tuple[tuple[int, int], ...]  # (game id, seed)
    bots: tuple[str, ...]  # bot per seat of the first game; seat i of game g has bots[(i + g) % len(bots)]
    players: int
    # The bots as faces seat them, stopped by a clock: the rows then depend on the machine (not reproducible).
    timed: bool = field(default=False, kw_only=True)


@dataclass(frozen=True)
class ShardSummary:
    index: int
    path: str
    games: int
    rows: int


def check_run(games: int, games_per_shard: int, bots: Sequence[str], make_bot: Callable[[str, int], Any]) -> None:
    """A ValueError for a run of no games or no bots; an unknown bot fails in `make_bot`, naming the known ones."""
    if games < 1 or games_per_shard < 1:
        raise ValueError("games and games per shard must be at least 1")
    if not bots:
        raise ValueError("name at least one bot")
    for name in bots:
        make_bot(name, 0)


def seat_bots(bots: Sequence[str], game_id: int, players: int) -> list[str]:
    """The bot of each seat: seat i of game g has `bots[(i + g) % len(bots)]`, so every bot takes every seat."""
    return [bots[(seat + game_id) % len(bots)] for seat in range(players)]


def batches(out: str, games: int, seed: int,
            games_per_shard: int) -> list[tuple[int, str, tuple[tuple[int, int], ...]]]:
    """Each shard's number, path (`<out>/shard-00000.parquet`, …) and games as (game id, seed): game g has seed
    `seed + g`."""
    ids = list(range(games))
    base = out.rstrip("/")
    return [(i, f"{base}/shard-{i:05d}.parquet", tuple((g, seed + g) for g in ids[start:start + games_per_shard]))
            for i, start in enumerate(range(0, games, games_per_shard))]


def add_rewards(rows: list[dict[str, Any]], rewards: Sequence[float]) -> None:
    """Give a finished game's rows their rewards: `final_reward` on every row of a seat, `done` on its last, and
    `reward` 0 except there."""
    last = {row["seat"]: i for i, row in enumerate(rows)}
    for i, row in enumerate(rows):
        row["final_reward"] = rewards[row["seat"]]
        row["done"] = last[row["seat"]] == i
        row["reward"] = row["final_reward"] if row["done"] else 0.0


def _table(rows: list[dict[str, Any]], observation_size: int, mask_size: int) -> Any:
    import pyarrow as pa

    def fixed(key: str, dtype: Any, size: int, arrow_type: Any) -> Any:
        flat = np.concatenate([r[key] for r in rows]).astype(dtype) if rows else np.zeros(0, dtype)
        return pa.FixedSizeListArray.from_arrays(pa.array(flat, type=arrow_type), size)

    def column(key: str, arrow_type: Any) -> Any:
        return pa.array([r[key] for r in rows], type=arrow_type)

    return pa.table({
        "game_id": column("game_id", pa.int64()),
        "seed": column("seed", pa.int64()),
        "seat": column("seat", pa.int8()),
        "bot": column("bot", pa.string()),
        "step": column("step", pa.int32()),
        "observation": fixed("observation", np.float32, observation_size, pa.float32()),
        "mask": fixed("mask", np.int8, mask_size, pa.int8()),
        "action": column("action", pa.int16()),
        "reward": column("reward", pa.float32()),
        "final_reward": column("final_reward", pa.float32()),
        "done": column("done", pa.bool_()),
    })


def write_rows(path: str, rows: list[dict[str, Any]], observation_size: int, mask_size: int,
               metadata: dict[str, Any] | None = None) -> None:
    """Write rows as one zstd Parquet file of `COLUMNS` at `path` (a local path, whose folders are made, or a URI
    pyarrow opens); `metadata`, if given, goes in the schema's metadata, each value as JSON."""
    import pyarrow.parquet as pq

    table = _table(rows, observation_size, mask_size)
    if metadata is not None:
        table = table.replace_schema_metadata({key: json.dumps(value) for key, value in metadata.items()})
    if "://" not in path:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    pq.write_table(table, path, compression="zstd")


def run(write_shard: Callable[[Job], ShardSummary], plan: Sequence[Job], backend: str, jobs: int | None,
        address: str | None, executor: Executor | None,
        progress: Callable[[ShardSummary], None] | None) -> list[ShardSummary]:
    """Write every shard of `plan` on `executor`, or else on a new one for `backend` ("serial", "process" or
    "ray", with `jobs` and `address`, see `tabletop.executors`); the shards in order, `progress` called as each
    is written."""
    done = []
    with executor or make_executor(backend, jobs, address) as running:
        for summary in running.map_unordered(write_shard, plan):
            done.append(summary)
            if progress is not None:
                progress(summary)
    return sorted(done, key=lambda s: s.index)
