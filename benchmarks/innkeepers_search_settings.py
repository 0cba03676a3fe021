r"""Innkeepers' search with several settings, each against the flat Monte Carlo search it replaced
(innkeepers_flat_search.py), on the same duplicate two-player deals: the figures behind the search's defaults
in docs/bots.md.

    python benchmarks/innkeepers_search_settings.py --settings exploration=0.2 exploration=0.5 --deals 50 \
        --seed 6000 --jobs 1
    python benchmarks/innkeepers_search_settings.py --settings iterations=300 iterations=1000 --deals 50 \
        --seed 7000 --jobs 1 --log ink-settings.jsonl

A setting is a comma-separated list of `SearchConfig` fields changed from the defaults (`iterations=1000`,
`exploration=0.2,horizon=3`; "" is the default). Deal by deal, every setting plays the deal in both seat orders
against `flat` (the same seeds, so the same cards and the same flat bot), interleaved, so that a run stopped early
still compares the settings on the same deals. No time cap: the iterations and samples alone fix every decision.
After every deal it prints, per setting, the games, the share in which `search` finished ahead of `flat` (a win
above a loss, then the higher score; a tie counts half) with its 95% Wilson interval, the mean score margin and the
search's time per decision, and each later setting's difference from the first, deal by deal. `--log` appends every
game to a file as a JSON line as soon as it ends; `--report LOG` prints the same figures from such a file (a run
stopped early included).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from functools import partial
from typing import Any

import innkeepers_flat_search  # noqa: F401 (registers the baseline bot `flat`)

from innkeepers.bots import BOTS, SearchBot, SearchConfig
from innkeepers.bots.arena import GameResult, GameSpec, run
from tabletop.executors import make_executor
from tabletop.ratings import mean_interval, wilson


def parse_setting(text: str) -> SearchConfig:
    """`iterations=1000,exploration=0.2` -> the default SearchConfig with those fields changed ("": the default)."""
    if not text:
        return SearchConfig()
    types = {f.name: f.type for f in dataclasses.fields(SearchConfig)}
    changes: dict[str, Any] = {}  # each field's own type, by its annotation
    for part in text.split(","):
        name, _, value = part.partition("=")
        if name not in types or not value:
            raise argparse.ArgumentTypeError(f"{part!r}: expected FIELD=VALUE with FIELD one of {', '.join(types)}")
        try:
            changes[name] = int(value) if types[name] == "int" else float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r}: {value!r} is not a number") from None
    return dataclasses.replace(SearchConfig(), **changes)


def schedule(settings: list[str], deals: int, seed: int) -> list[GameSpec]:
    specs = []
    for deal in range(deals):
        for setting in settings:
            name = f"search[{setting}]"
            # Bots are built in the worker (forked from this process) by name: register each setting.
            BOTS[name] = partial(SearchBot, config=parse_setting(setting))
            for seats in ((0, 1), (1, 0)):  # entrant 0 is the search, entrant 1 the flat search
                bots = tuple(name if entrant == 0 else "flat" for entrant in seats)
                specs.append(GameSpec(deal, seed + deal, 2, (), seats, bots))
    return specs


def ahead(result: GameResult) -> tuple[float, int]:
    """The search's share of being ahead of flat in this game, and its score margin."""
    s, f = result.spec.entrants.index(0), result.spec.entrants.index(1)
    ks, kf = (s in result.winners, result.scores[s]), (f in result.winners, result.scores[f])
    return (1.0 if ks > kf else 0.5 if ks == kf else 0.0), result.scores[s] - result.scores[f]


def summary(results: list[GameResult], settings: list[str]) -> str:
    lines = []
    for setting in settings:
        name = f"search[{setting}]"
        games = [r for r in results if name in r.spec.bots]
        if not games:
            continue
        mine = [ahead(r) for r in games]
        wins = sum(w for w, _ in mine)
        low, high = wilson(wins, len(mine))
        mean, half = mean_interval([float(m) for _, m in mine])
        seconds = sum(r.seconds[r.spec.entrants.index(0)] for r in games)
        decisions = sum(r.decisions[r.spec.entrants.index(0)] for r in games)
        longest = max(r.longest[r.spec.entrants.index(0)] for r in games)
        flat_seconds = sum(r.seconds[r.spec.entrants.index(1)] for r in games)
        flat_decisions = sum(r.decisions[r.spec.entrants.index(1)] for r in games)
        lines.append(f"  {name} vs flat: {len(mine)} games, ahead in {wins:g} = {wins / len(mine):.1%} "
                     f"[{low:.1%}, {high:.1%}], margin {mean:+.2f} ± {half:.2f} points, "
                     f"{seconds / max(1, decisions) * 1000:.0f} ms/decision (longest {longest * 1000:.0f} ms), "
                     f"flat {flat_seconds / max(1, flat_decisions) * 1000:.0f} ms")
    lines.extend(paired(results, settings))
    return "\n".join(lines)


def paired(results: list[GameResult], settings: list[str]) -> list[str]:
    """Each later setting against the first on the deals both finished: games ahead of flat a deal (of 2)."""
    ahead_in: dict[tuple[str, int], list[float]] = {}
    for r in results:
        ahead_in.setdefault((r.spec.bots[r.spec.entrants.index(0)], r.spec.deal), []).append(ahead(r)[0])
    lines = []
    for setting in settings[1:]:
        first, name = f"search[{settings[0]}]", f"search[{setting}]"
        differences = [sum(ahead_in[name, deal]) - sum(ahead_in[first, deal])
                       for (bot, deal), games in ahead_in.items()
                       if bot == name and len(games) == 2 and len(ahead_in.get((first, deal), [])) == 2]
        if differences:
            mean, half = mean_interval(differences)
            lines.append(f"  {name} minus {first}, deal by deal: {mean:+.2f} ± {half:.2f} games ahead a deal over "
                         f"{len(differences)} deals (better on {sum(d > 0 for d in differences)}, worse on "
                         f"{sum(d < 0 for d in differences)})")
    return lines


def from_log(path: str) -> tuple[list[GameResult], list[str]]:
    """The games of a `--log` file and its settings, in the order they first appear."""
    results, settings = [], []
    with open(path, encoding="utf-8") as log:
        for line in log:
            game = json.loads(line)
            fields = game.pop("spec")
            spec = GameSpec(**{**fields, "flags": tuple(tuple(flag) for flag in fields["flags"]),
                               "entrants": tuple(fields["entrants"]), "bots": tuple(fields["bots"])})
            results.append(GameResult(spec, **game))
            setting = spec.bots[spec.entrants.index(0)].removeprefix("search[").removesuffix("]")
            if setting not in settings:
                settings.append(setting)
    return results, settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--settings", nargs="+", default=["exploration=0.2", "exploration=0.5"],
                        help="SearchConfig changes, one setting per argument (FIELD=VALUE[,FIELD=VALUE...])")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", help="append every game to this file, one JSON line each, as it ends")
    parser.add_argument("--report", metavar="LOG", help="print the figures of a --log file instead of playing")
    args = parser.parse_args()
    if args.report:
        logged, settings = from_log(args.report)
        print(f"{args.report}, {len(logged)} games:\n{summary(logged, settings)}")
        return
    for setting in args.settings:
        try:
            parse_setting(setting)
        except argparse.ArgumentTypeError as error:
            parser.error(f"--settings {error}")
    started = time.perf_counter()
    specs = schedule(args.settings, args.deals, args.seed)
    per_deal = 2 * len(args.settings)
    results: list[GameResult] = []

    def progress(result: GameResult) -> None:
        results.append(result)
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(json.dumps(result.to_dict()) + "\n")
        if len(results) % per_deal == 0:
            print(f"after {len(results) // per_deal} deals ({time.perf_counter() - started:.0f} s):\n"
                  f"{summary(results, args.settings)}", flush=True)

    with make_executor("process", args.jobs) as executor:
        run(specs, executor, progress)
    print(f"Innkeepers, 2 players, {args.deals} duplicate deals from seed {args.seed}, no time cap "
          f"({time.perf_counter() - started:.0f} s):\n{summary(results, args.settings)}")


if __name__ == "__main__":
    main()
