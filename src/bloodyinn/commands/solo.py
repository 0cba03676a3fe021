"""`bloodyinn solo`: a bot through many solitaire games: mean score, loss rate and the rulebook's titles."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tabletop.i18n import format_money, format_number, format_percent
from tabletop.options import AddressOption, BackendOption, JobsOption, TimedOption, executor_from_options, say_if_timed

from ..rules.endgame import SOLO_TITLES
from ..texts import solo_title_name
from ..texts.catalog import _, ngettext
from .options import VariantOption, checked_settings


def solo(
    bot: Annotated[str, typer.Argument(help="Bot or level, e.g. hard.")] = "hard",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Solitaire games to play.")] = 100,
    length: Annotated[str, typer.Option(help="Game length: long (with titles) or short.")] = "long",
    variant: VariantOption = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the first game (then seed+1...).")] = 0,
    jobs: JobsOption = 0,
    backend: BackendOption = "process",
    address: AddressOption = None,
    timed: TimedOption = False,
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
        raise typer.BadParameter(_("unknown bot {bot!r}; known: {bots}").format(bot=bot, bots=", ".join(BOTS)))
    variants = checked_settings(1, length, variant)
    specs = duplicate_schedule([bot], 1, games, seed, length, variants, timed)
    console = Console()
    say_if_timed(console, timed)
    bar = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console)
    with executor_from_options(backend, jobs, address) as executor, bar:
        task = bar.add_task(_("games"), total=len(specs))
        results = run(specs, executor, progress=lambda _: bar.advance(task))
    # A lost game scores nothing: the police closed the inn (R-SOLO-4).
    scores = [0.0 if r.lost else float(r.scores[0]) for r in results]
    won = [s for r, s in zip(results, scores) if not r.lost]
    lost = sum(r.lost for r in results)
    mean, half = mean_interval(scores)
    won_mean, _won_half = mean_interval(won)
    loss_low, loss_high = wilson(lost, len(results))
    decisions = sum(r.decisions[0] for r in results)
    per_decision = sum(r.seconds[0] for r in results) / decisions if decisions else 0.0
    titles = {title: 0 for _low, title in SOLO_TITLES}
    untitled = 0
    for r in results:
        if r.title:
            titles[r.title] += 1
        elif not r.lost:
            untitled += 1

    heading = ngettext("{bot}: {n} solitaire game ({length})", "{bot}: {n} solitaire games ({length})",
                       len(results)).format(bot=bot, n=len(results), length=_(length))
    summary = Table(title=heading)
    summary.add_column(_("measure"))
    summary.add_column(_("value"), justify="right")
    summary.add_row(_("mean score (lost games count 0)"),
                    f"{format_number(round(mean, 1))} ± {format_money(round(half, 1))}")
    summary.add_row(_("mean score of won games"), format_money(round(won_mean, 1)))
    summary.add_row(_("loss rate"), f"{_share(lost / len(results))} [{_share(loss_low)}, {_share(loss_high)}]")
    summary.add_row(_("seconds per decision"), format_number(round(per_decision, 3)))
    console.print(summary)
    title_table = Table(title=_("Titles (long game, R-SOLO-5)"))
    title_table.add_column(_("title"))
    title_table.add_column(_("games"), justify="right")
    title_table.add_column(_("share"), justify="right")
    rows = [*((f"{solo_title_name(t)} ({format_money(low)}+)", n) for (low, t), n in zip(SOLO_TITLES, titles.values())),
            (_("no title (won, under {money})").format(money=format_money(110)), untitled),
            (_("lost to the police"), lost)]
    for label, n in rows:
        title_table.add_row(label, str(n), _share(n / len(results)))
    console.print(title_table)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        data = {"bot": bot, "length": length, "variants": list(variants), "seed": seed, "reproducible": not timed,
                "games": len(results),
                "mean_score": mean, "mean_score_ci95": [mean - half, mean + half], "mean_won_score": won_mean,
                "losses": lost, "loss_rate": lost / len(results), "titles": titles, "untitled": untitled,
                "seconds_per_decision": per_decision,
                "scores": [r.scores[0] for r in results], "lost": [r.lost for r in results]}
        (out / "solo.json").write_text(json.dumps(data, indent=2))
        console.print(_("Results written to {path}").format(path=out))


def _share(fraction: float) -> str:
    return format_percent(fraction, 1)
