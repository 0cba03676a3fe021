"""Self-play data: bots play whole games, and every decision a seat takes becomes a row (observation, mask, action,
reward) of a Parquet shard, as the environments would have shown it.

    from innkeepers.research.selfplay import generate
    shards = generate("data/", games=100, bots=("search", "greedy"), jobs=2)

Games run on an executor (`tabletop.executors`: serial, process or Ray): one job plays a batch of games and writes
one shard, `shard-00000.parquet`, … Seat i of game g is played by `bots[(i + g) % len(bots)]`, so every bot takes
every seat over a run. A bot picks from its seat's view; seats that choose at once (I-G-14) each decide from a
view that does not show the others' cards. Columns, one row per decision:

| column | type | content |
| --- | --- | --- |
| `game_id` | int64 | the game's number in the run (0 … games-1) |
| `seed` | int64 | the game's seed (`new_game(seed=…)`) |
| `seat` | int8 | the seat that decided |
| `bot` | string | the bot in that seat |
| `step` | int32 | the decision's number in the game (all seats, from 0) |
| `observation` | fixed_size_list<float32>[1888] | `observation_from_view(view(seat))` before the decision |
| `mask` | fixed_size_list<int8>[342] | the seat's legal actions before the decision |
| `action` | int16 | the action's index (`encoding`) |
| `reward` | float32 | 0, except on the seat's last decision of the game: its final reward (by `reward`) |
| `final_reward` | float32 | the seat's final reward, on every row (the undiscounted return) |
| `done` | bool | the seat's last decision of the game |

Every shard's schema metadata says what made it: `game`, `players`, `flags`, `bots`, `reward`, `seeds` (first
and last), `observation_size`, `num_actions`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.executors import Executor, make_executor
from tabletop.rewards import DEFAULT_REWARD, check_scheme

from ..bots import make_bot
from ..game import new_game
from .encoding import NUM_ACTIONS, index
from .observation import OBSERVATION_SIZE, observation_from_view
from .pettingzoo_env import action_mask
from .rewards import final_rewards

COLUMNS = ("game_id", "seed", "seat", "bot", "step", "observation", "mask", "action", "reward", "final_reward",
           "done")


@dataclass(frozen=True)
class ShardJob:
    """One shard to write: a batch of games, each with everything needed to replay it (seeds, not generators)."""

    index: int
    path: str
    games: tuple[tuple[int, int], ...]  # (game id, seed)
    bots: tuple[str, ...]
    players: int
    flags: tuple[tuple[str, Any], ...]
    reward: str


@dataclass(frozen=True)
class ShardSummary:
    index: int
    path: str
    games: int
    rows: int


def game_rows(game_id: int, seed: int, bots: Sequence[str], players: int, flags: dict[str, Any],
              reward: str = DEFAULT_REWARD) -> list[dict[str, Any]]:
    """The rows of one game: every decision of every seat, with its observation and mask before it."""
    names = [bots[(seat + game_id) % len(bots)] for seat in range(players)]
    seated = [make_bot(name, seed * 31 + seat) for seat, name in enumerate(names)]
    game = new_game(players=players, seed=seed, **flags)
    rows: list[dict[str, Any]] = []
    while not game.is_over:
        decisions = []
        for seat in game.pending_seats():  # every seat of a simultaneous stage decides before any is applied
            view = game.view(seat)
            legal = game.legal_actions(seat)
            action = legal[0] if len(legal) == 1 else seated[seat].choose(view, legal)
            decisions.append((seat, action))
            rows.append({"game_id": game_id, "seed": seed, "seat": seat, "bot": names[seat], "step": len(rows),
                         "observation": observation_from_view(view), "mask": action_mask(game, seat),
                         "action": index(action)})
        for seat, action in decisions:
            game.apply(action, seat=seat, events=False)
    rewards = final_rewards(game, reward)
    last = {row["seat"]: i for i, row in enumerate(rows)}
    for i, row in enumerate(rows):
        row["final_reward"] = rewards[row["seat"]]
        row["done"] = last[row["seat"]] == i
        row["reward"] = row["final_reward"] if row["done"] else 0.0
    return rows


def _table(rows: list[dict[str, Any]], metadata: dict[str, Any]) -> Any:
    import pyarrow as pa

    def fixed(key: str, dtype: Any, size: int, arrow_type: Any) -> Any:
        flat = np.concatenate([r[key] for r in rows]).astype(dtype) if rows else np.zeros(0, dtype)
        return pa.FixedSizeListArray.from_arrays(pa.array(flat, type=arrow_type), size)

    def column(key: str, arrow_type: Any) -> Any:
        return pa.array([r[key] for r in rows], type=arrow_type)

    table = pa.table({
        "game_id": column("game_id", pa.int64()),
        "seed": column("seed", pa.int64()),
        "seat": column("seat", pa.int8()),
        "bot": column("bot", pa.string()),
        "step": column("step", pa.int32()),
        "observation": fixed("observation", np.float32, OBSERVATION_SIZE, pa.float32()),
        "mask": fixed("mask", np.int8, NUM_ACTIONS, pa.int8()),
        "action": column("action", pa.int16()),
        "reward": column("reward", pa.float32()),
        "final_reward": column("final_reward", pa.float32()),
        "done": column("done", pa.bool_()),
    })
    return table.replace_schema_metadata({key: json.dumps(value) for key, value in metadata.items()})


def write_shard(job: ShardJob) -> ShardSummary:
    """Play a shard's games and write their rows as one Parquet file (a job for an executor)."""
    import pyarrow.parquet as pq

    flags = dict(job.flags)
    rows = [row for game_id, seed in job.games
            for row in game_rows(game_id, seed, job.bots, job.players, flags, job.reward)]
    seeds = [seed for _, seed in job.games]
    metadata = {"game": "innkeepers", "players": job.players, "flags": flags, "bots": list(job.bots),
                "reward": job.reward, "seeds": [min(seeds), max(seeds)], "observation_size": OBSERVATION_SIZE,
                "num_actions": NUM_ACTIONS}
    if "://" not in job.path:
        os.makedirs(os.path.dirname(job.path) or ".", exist_ok=True)
    pq.write_table(_table(rows, metadata), job.path, compression="zstd")
    return ShardSummary(job.index, job.path, len(job.games), len(rows))


def shard_jobs(out: str, games: int, bots: Sequence[str], players: int | None = None,
               flags: dict[str, Any] | None = None, seed: int = 0, games_per_shard: int = 10,
               reward: str = DEFAULT_REWARD) -> list[ShardJob]:
    """The shards of a run: game g has seed `seed + g`; `players` defaults to the number of bots (at least 2).
    Bad settings fail here, before any game is played."""
    if games < 1 or games_per_shard < 1:
        raise ValueError("games and games per shard must be at least 1")
    if not bots:
        raise ValueError("name at least one bot")
    for name in bots:
        make_bot(name, 0)  # an unknown bot fails here, naming the known ones
    check_scheme(reward)
    players = players or max(2, len(bots))
    new_game(players=players, **(flags or {}))  # bad settings fail here, named by the engine
    ids = list(range(games))
    batches = [ids[i:i + games_per_shard] for i in range(0, games, games_per_shard)]
    base = out.rstrip("/")
    pairs = tuple(sorted((flags or {}).items()))
    return [ShardJob(index=i, path=f"{base}/shard-{i:05d}.parquet", games=tuple((g, seed + g) for g in batch),
                     bots=tuple(bots), players=players, flags=pairs, reward=reward)
            for i, batch in enumerate(batches)]


def generate(out: str | os.PathLike[str], games: int, bots: Sequence[str], players: int | None = None,
             flags: dict[str, Any] | None = None, seed: int = 0, games_per_shard: int = 10,
             reward: str = DEFAULT_REWARD, backend: str = "process", jobs: int | None = None,
             address: str | None = None, executor: Executor | None = None,
             progress: Callable[[ShardSummary], None] | None = None) -> list[ShardSummary]:
    """Play `games` games of `bots` and write them as Parquet shards under `out`, on `executor`, or else on a new
    one for `backend` ("serial", "process" or "ray", with `jobs` and `address`, see `tabletop.executors`). Returns
    the shards in order; `progress` is called as each shard is written."""
    plan = shard_jobs(os.fspath(out), games, bots, players, flags, seed, games_per_shard, reward)
    done = []
    with executor or make_executor(backend, jobs, address) as running:
        for summary in running.map_unordered(write_shard, plan):
            done.append(summary)
            if progress is not None:
                progress(summary)
    return sorted(done, key=lambda s: s.index)
