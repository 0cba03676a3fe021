"""`bloodyinn tournament`: bots against bots over duplicate deals, in parallel, with a results table, an
Elo-style rating table, JSON/CSV files (`tabletop.report`, shared with Innkeepers) and optional PNG charts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tabletop.options import AddressOption, BackendOption, JobsOption, TimedOption, say_if_timed
from tabletop.report import labels, play_and_rank, summary, write_games_csv, write_standings_csv

from ..texts.catalog import _
from .options import VariantOption, checked_settings


def tournament(
    bots: Annotated[list[str], typer.Argument(help="Bots or levels to pit against each other, e.g. hard greedy.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1,
                                       help="Deals to play; each is replayed once per seat rotation.")] = 20,
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=4, help="Players per game (1-4).")] = 2,
    length: Annotated[str, typer.Option(help="Game length: short or long.")] = "short",
    variant: VariantOption = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first deal (deals use seed, seed+1...).")] = 0,
    jobs: JobsOption = 0,
    backend: BackendOption = "process",
    address: AddressOption = None,
    timed: TimedOption = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Directory for results.json and .csv.")] = None,
    plot: Annotated[bool, typer.Option("--plot", help="Also write PNG charts to --out.")] = False,
) -> None:
    """Pit bots against each other over duplicate deals and report win rates, scores and ratings."""
    from rich.console import Console

    from ..bots import BOTS
    from ..bots.arena import duplicate_schedule, run

    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise typer.BadParameter(_("unknown bot(s) {bots}; known: {known}").format(bots=", ".join(unknown),
                                                                                  known=", ".join(BOTS)))
    if plot and out is None:
        raise typer.BadParameter(_("--plot needs --out DIR"))
    variants = checked_settings(players, length, variant)
    entrants = labels(bots)
    specs = duplicate_schedule(bots, players, games, seed, length, variants, timed)
    console = Console()
    say_if_timed(console, timed)
    results, table, ratings = play_and_rank(console, specs, run, entrants, backend, jobs, address)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        settings = {"bots": bots, "players": players, "length": length, "variants": list(variants), "seed": seed,
                    "deals": games, "reproducible": not timed}
        report = summary(settings, results, entrants, table, ratings)
        (out / "results.json").write_text(json.dumps(report, indent=2))
        write_standings_csv(out / "results.csv", table, ratings)
        write_games_csv(out / "games.csv", results, entrants)
        if plot:
            from tabletop.ratings import entrant_scores

            _plot(out, entrant_scores(results, entrants), ratings)
        console.print(_("Results written to {path}").format(path=out))


def _plot(out: Path, scores: dict[str, list[float]], ratings: dict[str, float]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.boxplot(list(scores.values()), tick_labels=list(scores))
    ax.set_ylabel(_("final score (F)"))
    ax.set_title(_("Score distributions"))
    fig.tight_layout()
    fig.savefig(out / "scores.png", dpi=100)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(7, 4))
    names = sorted(ratings, key=ratings.__getitem__, reverse=True)
    ax.bar(names, [ratings[n] for n in names], color="darkred")
    ax.axhline(1500, color="grey", linewidth=0.8)
    ax.set_ylabel(_("Elo-style rating"))
    ax.set_title(_("Ratings"))
    fig.tight_layout()
    fig.savefig(out / "ratings.png", dpi=100)
    plt.close(fig)
