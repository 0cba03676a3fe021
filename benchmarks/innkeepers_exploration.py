"""Innkeepers' search with several exploration constants, each against the flat Monte Carlo search it replaced
(innkeepers_flat_search.py), on the same duplicate two-player deals: the figures behind the search's default
exploration in docs/bots.md.

    python benchmarks/innkeepers_exploration.py --explorations 0.2 0.5 --deals 50 --seed 6000 --jobs 1

Deal by deal, every setting plays the deal in both seat orders against `flat` (the same seeds, so the same
cards and the same flat bot), interleaved, so that a run stopped early still compares the settings on the same
deals. No time cap: the iterations and samples alone fix every decision. After every deal it prints, per
setting, the games, the share in which `search` finished ahead of `flat` (a win above a loss, then the higher
score; a tie counts half) with its 95% Wilson interval, and the mean score margin.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

import innkeepers_flat_search  # noqa: F401 (registers the baseline bot `flat`)

from innkeepers.bots import BOTS, SearchBot, SearchConfig
from innkeepers.bots.arena import GameResult, GameSpec, run
from tabletop.executors import make_executor
from tabletop.ratings import mean_interval, wilson


def setting_name(exploration: float) -> str:
    return f"search-c{exploration:g}"


def schedule(explorations: list[float], deals: int, seed: int, iterations: int) -> list[GameSpec]:
    specs = []
    for deal in range(deals):
        for exploration in explorations:
            name = setting_name(exploration)
            # Bots are built in the worker (forked from this process) by name: register each setting.
            BOTS[name] = partial(SearchBot, config=SearchConfig(iterations=iterations, exploration=exploration))
            for seats in ((0, 1), (1, 0)):  # entrant 0 is the search, entrant 1 the flat search
                bots = tuple(name if entrant == 0 else "flat" for entrant in seats)
                specs.append(GameSpec(deal, seed + deal, 2, (), seats, bots))
    return specs


def ahead(result: GameResult) -> tuple[float, int]:
    """The search's share of being ahead of flat in this game, and its score margin."""
    s, f = result.spec.entrants.index(0), result.spec.entrants.index(1)
    ks, kf = (s in result.winners, result.scores[s]), (f in result.winners, result.scores[f])
    return (1.0 if ks > kf else 0.5 if ks == kf else 0.0), result.scores[s] - result.scores[f]


def summary(results: list[GameResult], explorations: list[float]) -> str:
    lines = []
    for exploration in explorations:
        name = setting_name(exploration)
        mine = [ahead(r) for r in results if name in r.spec.bots]
        if not mine:
            continue
        wins = sum(w for w, _ in mine)
        low, high = wilson(wins, len(mine))
        mean, half = mean_interval([float(m) for _, m in mine])
        seconds = sum(r.seconds[r.spec.entrants.index(0)] for r in results if name in r.spec.bots)
        decisions = sum(r.decisions[r.spec.entrants.index(0)] for r in results if name in r.spec.bots)
        lines.append(f"  {name} vs flat: {len(mine)} games, ahead in {wins:g} = {wins / len(mine):.1%} "
                     f"[{low:.1%}, {high:.1%}], margin {mean:+.2f} ± {half:.2f} points, "
                     f"{seconds / max(1, decisions) * 1000:.0f} ms/decision")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--explorations", type=float, nargs="+", default=[0.2, 0.5])
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    specs = schedule(args.explorations, args.deals, args.seed, args.iterations)
    per_deal = 2 * len(args.explorations)
    results: list[GameResult] = []

    def progress(result: GameResult) -> None:
        results.append(result)
        if len(results) % per_deal == 0:
            print(f"after {len(results) // per_deal} deals ({time.perf_counter() - started:.0f} s):\n"
                  f"{summary(results, args.explorations)}", flush=True)

    with make_executor("process", args.jobs) as executor:
        run(specs, executor, progress)
    print(f"Innkeepers, 2 players, {args.deals} duplicate deals from seed {args.seed}, {args.iterations} iterations, "
          f"no time cap ({time.perf_counter() - started:.0f} s):\n{summary(results, args.explorations)}")


if __name__ == "__main__":
    main()
