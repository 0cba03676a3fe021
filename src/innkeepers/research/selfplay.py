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
and last), `reproducible` (false when the bots were `timed`, stopped by a clock), `observation_size`, `num_actions`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.executors import Executor
from tabletop.research import shards
from tabletop.research.shards import COLUMNS, ShardSummary, add_rewards, batches, check_run, run, seat_bots, write_rows
from tabletop.rewards import DEFAULT_REWARD, check_scheme

from ..bots import make_bot
from ..game import new_game
from .encoding import NUM_ACTIONS, index
from .observation import OBSERVATION_SIZE, observation_from_view
from .pettingzoo_env import action_mask
from .rewards import final_rewards

__all__ = ["COLUMNS", "ShardJob", "ShardSummary", "game_rows", "generate", "shard_jobs", "write_shard"]


@dataclass(frozen=True)
class ShardJob(shards.ShardJob):
    """A shard of Innkeepers games: their assumption flags and reward scheme."""

    flags: tuple[tuple[str, Any], ...]
    reward: str


def game_rows(game_id: int, seed: int, bots: Sequence[str], players: int, flags: dict[str, Any],
              reward: str = DEFAULT_REWARD, timed: bool = False) -> list[dict[str, Any]]:
    """The rows of one game: every decision of every seat, with its observation and mask before it."""
    names = seat_bots(bots, game_id, players)
    seated = [make_bot(name, seed * 31 + seat, timed) for seat, name in enumerate(names)]
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
    add_rewards(rows, final_rewards(game, reward))
    return rows


def write_shard(job: ShardJob) -> ShardSummary:
    """Play a shard's games and write their rows as one Parquet file (a job for an executor)."""
    flags = dict(job.flags)
    rows = [row for game_id, seed in job.games
            for row in game_rows(game_id, seed, job.bots, job.players, flags, job.reward, job.timed)]
    seeds = [seed for _, seed in job.games]
    metadata = {"game": "innkeepers", "players": job.players, "flags": flags, "bots": list(job.bots),
                "reward": job.reward, "seeds": [min(seeds), max(seeds)], "reproducible": not job.timed,
                "observation_size": OBSERVATION_SIZE,
                "num_actions": NUM_ACTIONS}
    write_rows(job.path, rows, OBSERVATION_SIZE, NUM_ACTIONS, metadata)
    return ShardSummary(job.index, job.path, len(job.games), len(rows))


def shard_jobs(out: str, games: int, bots: Sequence[str], players: int | None = None,
               flags: dict[str, Any] | None = None, seed: int = 0, games_per_shard: int = 10,
               reward: str = DEFAULT_REWARD, timed: bool = False) -> list[ShardJob]:
    """The shards of a run: game g has seed `seed + g`; `players` defaults to the number of bots (at least 2);
    `timed` seats the bots with the faces' time caps. Bad settings fail here, before any game is played."""
    check_run(games, games_per_shard, bots, make_bot)
    check_scheme(reward)
    players = players or max(2, len(bots))
    new_game(players=players, **(flags or {}))  # bad settings fail here, named by the engine
    pairs = tuple(sorted((flags or {}).items()))
    return [ShardJob(index=i, path=path, games=batch, bots=tuple(bots), players=players, flags=pairs, reward=reward,
                     timed=timed)
            for i, path, batch in batches(out, games, seed, games_per_shard)]


def generate(out: str | os.PathLike[str], games: int, bots: Sequence[str], players: int | None = None,
             flags: dict[str, Any] | None = None, seed: int = 0, games_per_shard: int = 10,
             reward: str = DEFAULT_REWARD, backend: str = "process", jobs: int | None = None,
             address: str | None = None, executor: Executor | None = None,
             progress: Callable[[ShardSummary], None] | None = None, timed: bool = False) -> list[ShardSummary]:
    """Play `games` games of `bots` and write them as Parquet shards under `out`, on `executor`, or else on a new
    one for `backend` ("serial", "process" or "ray", with `jobs` and `address`, see `tabletop.executors`). Returns
    the shards in order; `progress` is called as each shard is written. `timed` seats the bots with the faces'
    time caps: the shards are then not reproducible."""
    plan = shard_jobs(os.fspath(out), games, bots, players, flags, seed, games_per_shard, reward, timed)
    return run(write_shard, plan, backend, jobs, address, executor, progress)
