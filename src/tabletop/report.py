"""A tournament's report: the results and rating tables on the terminal (rich, in the language in use), a JSON
summary and CSV files (in English, for programs).
Game-neutral: a result names its deal, seed and entrant per seat, and gives scores and winners."""

from __future__ import annotations

import csv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .catalog import _, ngettext
from .i18n import format_number, format_percent
from .options import executor_from_options
from .ratings import Result, Standing, elo, standings


class DealSeating(Protocol):
    @property
    def deal(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def entrants(self) -> tuple[int, ...]: ...


class DealResult(Protocol):
    @property
    def spec(self) -> DealSeating: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def winners(self) -> list[int]: ...


def labels(bots: list[str]) -> list[str]:
    """Entrant labels: the bot name, numbered when one bot enters several times."""
    return [f"{b}#{bots[:i].count(b) + 1}" if bots.count(b) > 1 else b for i, b in enumerate(bots)]


def progress_bar(console: Any) -> Any:
    """A rich progress bar of games played, with the time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=console, transient=False)


R = TypeVar("R", bound=Result)


def play_and_rank(console: Any, specs: list[Any], run: Callable[..., list[R]], entrants: list[str], backend: str,
                  jobs: int, address: str | None) -> tuple[list[R], list[Standing], dict[str, float]]:
    """Play a tournament's games with the game's `run` on the executor the options name, under a progress bar,
    then print its standings and ratings; returns the results, the standings and the ratings."""
    bar = progress_bar(console)
    with executor_from_options(backend, jobs, address) as executor, bar:
        task = bar.add_task(_("games"), total=len(specs))
        results = run(specs, executor, progress=lambda _: bar.advance(task))
    table = standings(results, entrants)
    ratings = elo(results, entrants)
    print_tables(console, table, ratings, len(results))
    return results, table, ratings


def print_tables(console: Any, table: list[Standing], ratings: dict[str, float], games: int) -> None:
    """The results table (win rate and mean score with 95% intervals, seconds per decision) and the ratings."""
    from rich.table import Table

    results = Table(title=ngettext("Results over {n} game (95% intervals)", "Results over {n} games (95% intervals)",
                                   games).format(n=format_number(games)))
    for number, column in enumerate((_("bot"), _("games"), _("wins"), _("win rate"), _("mean score"),
                                     _("s/decision"))):
        results.add_column(column, justify="left" if number == 0 else "right")
    for s in table:
        results.add_row(s.entrant, format_number(s.games), format_number(s.wins),
                        f"{format_percent(s.win_rate, 1)} [{format_percent(s.win_low, 1)}, "
                        f"{format_percent(s.win_high, 1)}]",
                        f"{format_number(round(s.mean_score, 1))} ± {format_number(round(s.score_half_width, 1))}",
                        format_number(round(s.seconds_per_decision, 3)))
    console.print(results)
    elo_table = Table(title=_("Elo-style ratings"))
    elo_table.add_column(_("bot"))
    elo_table.add_column(_("rating"), justify="right")
    for name, rating in sorted(ratings.items(), key=lambda kv: -kv[1]):
        elo_table.add_row(name, format_number(round(rating)))
    console.print(elo_table)


def summary(settings: dict[str, Any], results: Sequence[DealResult], entrants: list[str], table: list[Standing],
            ratings: dict[str, float]) -> dict[str, Any]:
    """The JSON summary: the settings, the standings with their intervals, the ratings and every game."""
    return {
        "settings": {**settings, "games": len(results)},
        "standings": [{"bot": s.entrant, "games": s.games, "wins": s.wins, "win_rate": s.win_rate,
                       "win_rate_ci95": [s.win_low, s.win_high], "mean_score": s.mean_score,
                       "mean_score_ci95": [s.mean_score - s.score_half_width, s.mean_score + s.score_half_width],
                       "seconds_per_decision": s.seconds_per_decision} for s in table],
        "ratings": ratings,
        "games": [{"deal": r.spec.deal, "seed": r.spec.seed, "seats": [entrants[e] for e in r.spec.entrants],
                   "scores": r.scores, "winners": r.winners} for r in results],
    }


def write_standings_csv(path: Path, table: list[Standing], ratings: dict[str, float]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["bot", "games", "wins", "win_rate", "win_low", "win_high", "mean_score",
                         "score_ci_half_width", "elo", "seconds_per_decision"])
        for s in table:
            writer.writerow([s.entrant, s.games, s.wins, f"{s.win_rate:.4f}", f"{s.win_low:.4f}",
                             f"{s.win_high:.4f}", f"{s.mean_score:.2f}", f"{s.score_half_width:.2f}",
                             f"{ratings[s.entrant]:.1f}", f"{s.seconds_per_decision:.4f}"])


def write_games_csv(path: Path, results: Sequence[DealResult], entrants: list[str]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["deal", "seed", "seat", "bot", "score", "winner"])
        for r in results:
            for seat, e in enumerate(r.spec.entrants):
                writer.writerow([r.spec.deal, r.spec.seed, seat, entrants[e], r.scores[seat], int(seat in r.winners)])
