"""`bloodyinn solo`: a bot through many solitaire games: mean score, loss rate and the rulebook's titles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tabletop.options import AddressOption, BackendOption, JobsOption, executor_from_options

from ..config import normalize_variant
from ..rules.endgame import SOLO_TITLES
from .options import VariantOption


def solo(
    bot: Annotated[str, typer.Argument(help="Bot or level, e.g. hard.")] = "hard",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Solitaire games to play.")] = 100,
    length: Annotated[str, typer.Option(help="Game length: long (with titles) or short.")] = "long",
    variant: VariantOption = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game (then seed+1...).")] = 0,
    jobs: JobsOption = 0,
    backend: BackendOption = "process",
    address: AddressOption = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write solo.json to this directory.")] = None,
) -> None:
    """Play many solitaire games with one bot and report the mean score, the loss rate and the titles."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from tabletop.ratings import mean_interval, wilson

    from ..bots import BOTS
    from ..bots.arena import duplicate_schedule, run

    if bot not in BOTS:
        raise typer.BadParameter(f"unknown bot {bot!r}; known: {', '.join(BOTS)}")
    variants = tuple(normalize_variant(v) for v in variant or ())
    specs = duplicate_schedule([bot], 1, games, seed, length, variants)
    console = Console()
    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console)
    with executor_from_options(backend, jobs, address) as executor, bar:
        task = bar.add_task("games", total=len(specs))
        results = run(specs, executor, progress=lambda _: bar.advance(task))
    # A lost game scores nothing: the police closed the inn (R-SOLO-4).
    scores = [0.0 if r.lost else float(r.scores[0]) for r in results]
    won = [s for r, s in zip(results, scores) if not r.lost]
    lost = sum(r.lost for r in results)
    mean, half = mean_interval(scores)
    won_mean, _ = mean_interval(won)
    loss_low, loss_high = wilson(lost, len(results))
    decisions = sum(r.decisions[0] for r in results)
    per_decision = sum(r.seconds[0] for r in results) / decisions if decisions else 0.0
    titles = {title: 0 for _, title in SOLO_TITLES}
    untitled = 0
    for r in results:
        if r.title:
            titles[r.title] += 1
        elif not r.lost:
            untitled += 1

    summary = Table(title=f"{bot}: {len(results)} {length} solitaire games")
    summary.add_column("measure")
    summary.add_column("value", justify="right")
    summary.add_row("mean score (lost games count 0)", f"{mean:.1f} ± {half:.1f}F")
    summary.add_row("mean score of won games", f"{won_mean:.1f}F")
    summary.add_row("loss rate", f"{lost / len(results):.1%} [{loss_low:.1%}, {loss_high:.1%}]")
    summary.add_row("seconds per decision", f"{per_decision:.3f}")
    console.print(summary)
    title_table = Table(title="Titles (long game, R-SOLO-5)")
    title_table.add_column("title")
    title_table.add_column("games", justify="right")
    title_table.add_column("share", justify="right")
    rows = [*((f"{t} ({low}F+)", n) for (low, t), n in zip(SOLO_TITLES, titles.values())),
            ("no title (won, under 110F)", untitled), ("lost to the police", lost)]
    for label, n in rows:
        title_table.add_row(label, str(n), f"{n / len(results):.1%}")
    console.print(title_table)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        data = {"bot": bot, "length": length, "variants": list(variants), "seed": seed, "games": len(results),
                "mean_score": mean, "mean_score_ci95": [mean - half, mean + half], "mean_won_score": won_mean,
                "losses": lost, "loss_rate": lost / len(results), "titles": titles, "untitled": untitled,
                "seconds_per_decision": per_decision,
                "scores": [r.scores[0] for r in results], "lost": [r.lost for r in results]}
        (out / "solo.json").write_text(json.dumps(data, indent=2))
        console.print(f"Results written to {out}")
