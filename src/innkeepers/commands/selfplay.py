"""`innkeepers selfplay`: bots play many games, every decision written as Parquet rows (observation, mask, action,
reward) for training agents (docs/research.md). Needs the `research` extra."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from tabletop.i18n import format_number
from tabletop.options import AddressOption, BackendOption, JobsOption, TimedOption, executor_from_options, say_if_timed
from tabletop.rewards import DEFAULT_REWARD, REWARD_SCHEMES

from ..config import GameConfig
from ..errors import ConfigError
from ..texts import render_error
from ..texts.catalog import _, ngettext
from .options import FlagOption, parse_flags


def selfplay(
    out: Annotated[str, typer.Option("--out", "-o", help="Directory (or URI such as s3://bucket/run) for the shards:"
                                                        " shard-00000.parquet, ...")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    bots: Annotated[str, typer.Option("--bots", help="Bots by seat, comma-separated; seats rotate every game.")]
    = "greedy,random",
    players: Annotated[int, typer.Option("--players", "-p", min=0, max=4,
                                         help="Players per game (0: one per bot named, at least 2).")] = 0,
    flag: FlagOption = None,
    reward: Annotated[str, typer.Option(help=f"Reward scheme: {', '.join(REWARD_SCHEMES)}.")] = DEFAULT_REWARD,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game (then seed+1...).")] = 0,
    games_per_shard: Annotated[int, typer.Option("--games-per-shard", min=1, help="Games per Parquet file.")] = 10,
    overwrite: Annotated[bool, typer.Option(help="Replace the shards already in --out.")] = False,
    jobs: JobsOption = 0,
    backend: BackendOption = "process",
    address: AddressOption = None,
    timed: TimedOption = False,
) -> None:
    """Play games between bots and write every decision as Parquet rows: observation, mask, action, reward."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..bots import BOTS
    from ..research.selfplay import generate

    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if not names or unknown:
        raise typer.BadParameter(_("unknown bot(s) {bots}; known: {known}").format(
            bots=", ".join(unknown) or _("(none named)"), known=", ".join(BOTS)))
    if reward not in REWARD_SCHEMES:
        raise typer.BadParameter(_("unknown reward scheme {reward!r}; known: {known}").format(
            reward=reward, known=", ".join(REWARD_SCHEMES)))
    if players == 1:
        raise typer.BadParameter(_("players must be 2 to 4 (or 0: one per bot named)"))
    flags = parse_flags(flag)
    try:
        GameConfig(players=players or max(2, len(names)), **flags)
    except ConfigError as error:
        raise typer.BadParameter(render_error(error)) from None
    old = sorted(Path(out).glob("shard-*.parquet")) if "://" not in out else []
    if old and not overwrite:
        raise typer.BadParameter(ngettext("{out} already holds {n} shard: choose another folder, or --overwrite",
                                          "{out} already holds {n} shards: choose another folder, or --overwrite",
                                          len(old)).format(out=out, n=len(old)))
    for path in old:
        path.unlink()
    console = Console()
    say_if_timed(console, timed)
    start = time.perf_counter()
    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console)
    with executor_from_options(backend, jobs, address) as executor, bar:
        task = bar.add_task(_("games"), total=games)
        shards = generate(out, games, names, players or None, flags, seed, games_per_shard, reward,
                          executor=executor, progress=lambda shard: bar.advance(task, shard.games), timed=timed)
    seconds = time.perf_counter() - start
    rows = sum(s.rows for s in shards)
    console.print(_("{shards} shards, {games} games, {rows} rows ({steps} decisions a game) in {out} in {seconds}s"
                    " ({speed} rows/s)").format(
        shards=len(shards), games=games, rows=rows, steps=round(rows / games), out=out,
        seconds=format_number(round(seconds, 1)), speed=format_number(round(rows / seconds))))
