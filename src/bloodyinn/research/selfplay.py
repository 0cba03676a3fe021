"""Self-play data: bots play whole games through the token interface of the environments, and every step an
agent takes becomes a row (observation, mask, action token, reward) of a Parquet shard.

    from bloodyinn.research.selfplay import generate
    shards = generate("data/", games=100, bots=("greedy", "random"), jobs=2)

Games run on an executor (`tabletop.executors`: serial, process or Ray): one job plays a batch of games and writes
one shard, `shard-00000.parquet`, … (so only a small summary travels back; on a Ray cluster `out` must be a
place every worker can write to, a shared directory or an `s3://…` URI that pyarrow opens). A bot picks a
whole action from its seat's view; it is typed token by token (`encode(action)[len(prefix)]`), and the tokens
the environment types by itself (the only possible ones) are not rows. The bots are reproducible (their seeds
alone fix their moves) unless the run is `timed`. Each shard's metadata names its game, settings, bots, reward
scheme, seeds and sizes, and whether it is `reproducible`. Columns, one row per step:

| column | type | content |
| --- | --- | --- |
| `game_id` | int64 | the game's number in the run (0 … games-1) |
| `seed` | int64 | the game's seed (`new_game(seed=…)`) |
| `seat` | int8 | the seat that typed the token |
| `bot` | string | the bot in that seat |
| `step` | int32 | the step's number in the game (all seats, from 0) |
| `observation` | fixed_size_list<float32>[1573] | `observation_from_view(view(seat), prefix)` before the step |
| `mask` | fixed_size_list<int8>[213] | the legal tokens before the step |
| `action` | int16 | the token typed |
| `reward` | float32 | 0, except on the seat's last step of the game: its final reward (`final_rewards`, by `reward`) |
| `final_reward` | float32 | the seat's final reward, on every row (the undiscounted return) |
| `done` | bool | the seat's last step of the game |
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
from .encoding import VOCABULARY_SIZE, encode
from .observation import OBSERVATION_SIZE, SeatObserver
from .tokengame import TokenGame, final_rewards

__all__ = ["COLUMNS", "ShardJob", "ShardSummary", "game_rows", "generate", "shard_jobs", "write_shard"]


@dataclass(frozen=True)
class ShardJob(shards.ShardJob):
    """A shard of The Bloody Inn's games: their length, variants and reward scheme."""

    length: str
    variants: tuple[str, ...]
    reward: str = DEFAULT_REWARD  # the scheme of `tabletop.rewards` the rewards follow


def game_rows(game_id: int, seed: int, bots: Sequence[str], players: int, length: str,
              variants: tuple[str, ...], reward: str = DEFAULT_REWARD, timed: bool = False) -> list[dict[str, Any]]:
    """The rows of one game: every step an agent takes, with its observation and mask before the step. Seat i
    is played by `bots[(i + game_id) % len(bots)]`, so every bot takes every seat over a run."""
    names = seat_bots(bots, game_id, players)
    players_bots = [make_bot(name, seed * 31 + seat, timed) for seat, name in enumerate(names)]
    tokens = TokenGame(new_game(players=players, length=length, variants=variants, seed=seed))
    observer = SeatObserver(tokens)
    rows: list[dict[str, Any]] = []
    game = tokens.game
    while not game.is_over:
        seat = tokens.seat
        assert seat is not None
        action = players_bots[seat].choose(game.view(seat), game.legal_actions())
        spelled = encode(action)
        decided = len(game.actions)
        while len(game.actions) == decided:  # type the action's tokens the environment has not typed yet
            token = spelled[len(tokens.prefix)]
            rows.append({"game_id": game_id, "seed": seed, "seat": seat, "bot": names[seat], "step": len(rows),
                         "observation": observer.observation(seat), "mask": observer.mask(seat),
                         "action": token})
            tokens.step(token)
    add_rewards(rows, final_rewards(game, reward))
    return rows


def write_shard(job: ShardJob) -> ShardSummary:
    """Play a shard's games and write their rows as one Parquet file (a job for an executor)."""
    rows = [row for game_id, seed in job.games
            for row in game_rows(game_id, seed, job.bots, job.players, job.length, job.variants, job.reward,
                                 job.timed)]
    seeds = [seed for _, seed in job.games]
    metadata = {"game": "bloodyinn", "players": job.players, "length": job.length, "variants": list(job.variants),
                "bots": list(job.bots), "reward": job.reward, "seeds": [min(seeds), max(seeds)],
                "reproducible": not job.timed, "observation_size": OBSERVATION_SIZE,
                "vocabulary_size": VOCABULARY_SIZE}
    write_rows(job.path, rows, OBSERVATION_SIZE, VOCABULARY_SIZE, metadata)
    return ShardSummary(job.index, job.path, len(job.games), len(rows))


def shard_jobs(out: str, games: int, bots: Sequence[str], players: int | None = None, length: str = "short",
               variants: Sequence[str] = (), seed: int = 0, games_per_shard: int = 10,
               reward: str = DEFAULT_REWARD, timed: bool = False) -> list[ShardJob]:
    """The shards of a run: game g has seed `seed + g`; `players` defaults to the number of bots; `timed` seats
    the bots with the faces' time caps."""
    check_scheme(reward)
    check_run(games, games_per_shard, bots, make_bot)
    players = players or len(bots)
    new_game(players=players, length=length, variants=variants)  # bad settings fail here, named by the engine
    return [ShardJob(index=i, path=path, games=batch, bots=tuple(bots), players=players, length=length,
                     variants=tuple(variants), reward=reward, timed=timed)
            for i, path, batch in batches(out, games, seed, games_per_shard)]


def generate(out: str | os.PathLike[str], games: int, bots: Sequence[str], players: int | None = None,
             length: str = "short", variants: Sequence[str] = (), seed: int = 0, games_per_shard: int = 10,
             reward: str = DEFAULT_REWARD, backend: str = "process", jobs: int | None = None,
             address: str | None = None, executor: Executor | None = None,
             progress: Callable[[ShardSummary], None] | None = None, timed: bool = False) -> list[ShardSummary]:
    """Play `games` games of `bots` and write them as Parquet shards under `out`, on `executor`, or else on a new
    one for `backend` ("serial", "process" or "ray", with `jobs` and `address`, see `tabletop.executors`). Returns
    the shards in order; `progress` is called as each shard is written. `timed` seats the bots with the faces'
    time caps: the shards are then not reproducible."""
    plan = shard_jobs(os.fspath(out), games, bots, players, length, variants, seed, games_per_shard, reward, timed)
    return run(write_shard, plan, backend, jobs, address, executor, progress)
