"""`bloodyinn tournament`: bots against bots over duplicate deals, in parallel, with a results table, an
Elo-style rating table, JSON/CSV files and optional PNG charts."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from ..config import normalize_variant
from .options import AddressOption, BackendOption, JobsOption, VariantOption, executor_from_options


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
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Directory for results.json and .csv.")] = None,
    plot: Annotated[bool, typer.Option("--plot", help="Also write PNG charts to --out.")] = False,
) -> None:
    """Pit bots against each other over duplicate deals and report win rates, scores and ratings."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..bots import BOTS
    from ..bots.arena import duplicate_schedule, run
    from ..bots.ratings import elo, standings

    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise typer.BadParameter(f"unknown bot(s) {', '.join(unknown)}; known: {', '.join(BOTS)}")
    if plot and out is None:
        raise typer.BadParameter("--plot needs --out DIR")
    variants = tuple(normalize_variant(v) for v in variant or ())
    entrants = _labels(bots)
    specs = duplicate_schedule(bots, players, games, seed, length, variants)
    console = Console()
    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console, transient=False)
    with executor_from_options(backend, jobs, address) as executor, bar:
        task = bar.add_task("games", total=len(specs))
        results = run(specs, executor, progress=lambda _: bar.advance(task))
    table = standings(results, entrants)
    ratings = elo(results, entrants)
    _print_tables(console, table, ratings, len(results))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        summary = _summary(bots, entrants, players, length, variants, seed, games, results, table, ratings)
        (out / "results.json").write_text(json.dumps(summary, indent=2))
        _write_csv(out / "results.csv", table, ratings)
        _write_games_csv(out / "games.csv", results, entrants)
        if plot:
            from ..bots.ratings import entrant_scores

            _plot(out, entrant_scores(results, entrants), ratings)
        console.print(f"Results written to {out}")


def _labels(bots: list[str]) -> list[str]:
    """Entrant labels: the bot name, numbered when one bot enters several times."""
    return [f"{b}#{bots[:i].count(b) + 1}" if bots.count(b) > 1 else b for i, b in enumerate(bots)]


def _print_tables(console: Any, table: list[Any], ratings: dict[str, float], games: int) -> None:
    from rich.table import Table

    results = Table(title=f"Results over {games} games (95% intervals)")
    for column in ("bot", "games", "wins", "win rate", "mean score", "s/decision"):
        results.add_column(column, justify="left" if column == "bot" else "right")
    for s in table:
        results.add_row(s.entrant, str(s.games), f"{s.wins:g}",
                        f"{s.win_rate:.1%} [{s.win_low:.1%}, {s.win_high:.1%}]",
                        f"{s.mean_score:.1f} ± {s.score_half_width:.1f}", f"{s.seconds_per_decision:.3f}")
    console.print(results)
    elo_table = Table(title="Elo-style ratings")
    elo_table.add_column("bot")
    elo_table.add_column("rating", justify="right")
    for name, rating in sorted(ratings.items(), key=lambda kv: -kv[1]):
        elo_table.add_row(name, f"{rating:.0f}")
    console.print(elo_table)


def _summary(bots: list[str], entrants: list[str], players: int, length: str, variants: tuple[str, ...],
             seed: int, deals: int, results: list[Any], table: list[Any], ratings: dict[str, float]) -> dict[str, Any]:
    return {
        "settings": {"bots": bots, "players": players, "length": length, "variants": list(variants),
                     "seed": seed, "deals": deals, "games": len(results)},
        "standings": [{"bot": s.entrant, "games": s.games, "wins": s.wins, "win_rate": s.win_rate,
                       "win_rate_ci95": [s.win_low, s.win_high], "mean_score": s.mean_score,
                       "mean_score_ci95": [s.mean_score - s.score_half_width, s.mean_score + s.score_half_width],
                       "seconds_per_decision": s.seconds_per_decision} for s in table],
        "ratings": ratings,
        "games": [{"deal": r.spec.deal, "seed": r.spec.seed, "seats": [entrants[e] for e in r.spec.entrants],
                   "scores": r.scores, "winners": r.winners} for r in results],
    }


def _write_csv(path: Path, table: list[Any], ratings: dict[str, float]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["bot", "games", "wins", "win_rate", "win_low", "win_high", "mean_score",
                         "score_ci_half_width", "elo", "seconds_per_decision"])
        for s in table:
            writer.writerow([s.entrant, s.games, s.wins, f"{s.win_rate:.4f}", f"{s.win_low:.4f}",
                             f"{s.win_high:.4f}", f"{s.mean_score:.2f}", f"{s.score_half_width:.2f}",
                             f"{ratings[s.entrant]:.1f}", f"{s.seconds_per_decision:.4f}"])


def _write_games_csv(path: Path, results: list[Any], entrants: list[str]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["deal", "seed", "seat", "bot", "score", "winner"])
        for r in results:
            for seat, e in enumerate(r.spec.entrants):
                writer.writerow([r.spec.deal, r.spec.seed, seat, entrants[e], r.scores[seat], int(seat in r.winners)])


def _plot(out: Path, scores: dict[str, list[float]], ratings: dict[str, float]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.boxplot(list(scores.values()), tick_labels=list(scores))
    ax.set_ylabel("final score (F)")
    ax.set_title("Score distributions")
    fig.tight_layout()
    fig.savefig(out / "scores.png", dpi=100)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(7, 4))
    names = sorted(ratings, key=ratings.__getitem__, reverse=True)
    ax.bar(names, [ratings[n] for n in names], color="darkred")
    ax.axhline(1500, color="grey", linewidth=0.8)
    ax.set_ylabel("Elo-style rating")
    ax.set_title("Ratings")
    fig.tight_layout()
    fig.savefig(out / "ratings.png", dpi=100)
    plt.close(fig)
