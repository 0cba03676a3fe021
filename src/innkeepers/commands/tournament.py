"""`innkeepers tournament`: bots against bots over duplicate deals, in parallel, with a progress bar, a results
table (win rates and mean scores with 95% intervals, seconds per decision), Elo-style ratings, and JSON/CSV
files. The scheduling, executors, statistics and report are the game-neutral `tabletop` package, shared with
`bloodyinn tournament`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tabletop.options import AddressOption, BackendOption, JobsOption, TimedOption, say_if_timed

from ..config import GameConfig
from ..errors import ConfigError
from ..texts import render_error
from ..texts.catalog import _
from .options import FlagOption, parse_flags


def tournament(
    entrants: Annotated[list[str] | None, typer.Argument(
        help="Bots or levels to pit against each other (also with --bots).", show_default=False)] = None,
    bots: Annotated[list[str] | None, typer.Option(
        "--bots", help="Bots or levels: --bots random greedy search, or --bots random,greedy,search.",
        show_default=False)] = None,
    deals: Annotated[int, typer.Option("--deals", "-n", min=1,
                                       help="Deals to play; each is replayed once per seat rotation.")] = 10,
    players: Annotated[int, typer.Option("--players", "-p", min=2, max=4, help="Players per game (2-4).")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first deal (deals use seed, seed+1...).")] = 0,
    flag: FlagOption = None,
    jobs: JobsOption = 0,
    backend: BackendOption = "process",
    address: AddressOption = None,
    timed: TimedOption = False,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the summary and every game as JSON.")] = None,
    csv_out: Annotated[Path | None, typer.Option("--csv", help="Write the standings as CSV.")] = None,
) -> None:
    """Pit bots against each other over duplicate deals and report win rates, scores, ratings and thinking time."""
    from rich.console import Console

    from tabletop.report import labels, play_and_rank, summary, write_standings_csv

    from ..bots import BOTS
    from ..bots.arena import duplicate_schedule, run

    # `--bots a b c` gives the option one value and the rest as arguments: both lists make the entrants.
    names = [name for value in bots or () for name in value.split(",") if name] + list(entrants or ())
    if len(names) < 2:
        raise typer.BadParameter(_("name at least two bots, e.g. --bots random greedy search"))
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise typer.BadParameter(_("unknown bot(s) {bots}; known: {known}").format(bots=", ".join(unknown),
                                                                                  known=", ".join(BOTS)))
    flags = parse_flags(flag)
    try:
        GameConfig(players=players, **flags)  # bad settings are a usage error here, not in every game
    except ConfigError as error:
        raise typer.BadParameter(render_error(error)) from None
    labelled = labels(names)
    specs = duplicate_schedule(names, players, deals, seed, flags, timed)
    console = Console()
    say_if_timed(console, timed)
    console.print(_("Innkeepers, {players} players, {deals} deal(s) x {seatings} seatings = {games} games: {bots}")
                  .format(players=players, deals=deals, seatings=len(specs) // deals, games=len(specs),
                          bots=", ".join(names)))
    results, table, ratings = play_and_rank(console, specs, run, labelled, backend, jobs, address)
    if json_out is not None:
        settings = {"game": "innkeepers", "bots": names, "players": players, "deals": deals, "seed": seed,
                    "flags": flags, "reproducible": not timed}
        json_out.write_text(json.dumps(summary(settings, results, labelled, table, ratings), indent=2))
        console.print(_("Summary written to {path}").format(path=json_out))
    if csv_out is not None:
        write_standings_csv(csv_out, table, ratings)
        console.print(_("Standings written to {path}").format(path=csv_out))
