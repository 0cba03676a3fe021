"""Innkeepers bot strength and speed over duplicate deals: the figures quoted in docs/innkeepers.md (Bots).

    python benchmarks/innkeepers_bots_strength.py --bots random greedy hard --players 2 --deals 20 --jobs 2
    python benchmarks/innkeepers_bots_strength.py --speed --bots hard greedy --deals 3
    python benchmarks/innkeepers_bots_strength.py --bots search flat --deals 28 --jobs 2

Besides the bots of `innkeepers.bots`, `flat` names the flat Monte Carlo search that the information-set search
replaced (innkeepers_flat_search.py), the baseline that search is measured against.

Every deal is played in every seat rotation of every table (`innkeepers.bots.arena`). Prints, per bot, the
win rate with its 95% interval, the mean score, the Elo-style rating and the seconds per decision (mean and
the longest single one); then each pair's head-to-head record: the games where both sat, the win rate of
the higher-rated bot with its interval and the mean score margin.

`--speed` times the first bot alone instead: it plays --deals whole games against the second in this one
process (no other job of this script competing for the CPU) and prints its mean and longest decision.

The bots are reproducible (their iterations alone fix every decision, on any machine); `--timed` seats them as
faces do, `hard` stopped by its clock (the speed faces promise), and the results then depend on the machine.
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

import innkeepers_flat_search  # noqa: F401 (registers the baseline bot `flat`)

from innkeepers.bots.arena import GameResult, duplicate_schedule, run
from tabletop.executors import make_executor
from tabletop.ratings import elo, mean_interval, standings, wilson


def head_to_head(results: list[GameResult], bots: list[str], a: int, b: int) -> str:
    """`a` against `b` in the games where both sat: a win counts when `a` finished above `b`."""
    wins, margins = 0.0, []
    for r in results:
        seats = r.spec.entrants
        if a not in seats or b not in seats:
            continue
        sa, sb = seats.index(a), seats.index(b)
        ka, kb = (sa in r.winners, r.scores[sa]), (sb in r.winners, r.scores[sb])
        wins += 1.0 if ka > kb else 0.5 if ka == kb else 0.0
        margins.append(float(r.scores[sa] - r.scores[sb]))
    low, high = wilson(wins, len(margins))
    mean, half = mean_interval(margins)
    return (f"  {bots[a]} vs {bots[b]}: {len(margins)} games, {bots[a]} ahead in {wins / len(margins):.1%} "
            f"[{low:.1%}, {high:.1%}], margin {mean:+.1f} ± {half:.1f} points")


def speed(bots: list[str], players: int, deals: int, seed: int, timed: bool) -> None:
    specs = [s for s in duplicate_schedule(bots[:2], players, deals, seed, timed=timed) if s.entrants[0] == 0]
    with make_executor("serial") as executor:
        results = run(specs, executor)
    decisions = sum(r.decisions[0] for r in results)
    mean = sum(r.seconds[0] for r in results) / decisions
    print(f"{bots[0]} against {bots[1]}, {len(results)} whole {players}-player games in one process: {decisions} "
          f"decisions, {mean * 1000:.0f} ms on average, {max(r.longest[0] for r in results) * 1000:.0f} ms at most")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "hard"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--speed", action="store_true", help="time the first bot against the second instead")
    parser.add_argument("--timed", action="store_true", help="hard with the faces' time cap (not reproducible)")
    args = parser.parse_args()
    if args.timed:
        print("--timed: hard stops on a clock, so these results depend on this machine and are not reproducible")
    if args.speed:
        speed(args.bots, args.players, args.deals, args.seed, args.timed)
        return
    started = time.perf_counter()
    specs = duplicate_schedule(args.bots, args.players, args.deals, args.seed, timed=args.timed)
    with make_executor("process", args.jobs) as executor:
        results = run(specs, executor)
    ratings = elo(results, args.bots)
    print(f"Innkeepers, {args.players} players: {len(results)} games over {args.deals} duplicate deals "
          f"(seed {args.seed}, {args.jobs} jobs, {time.perf_counter() - started:.0f} s)")
    for s in standings(results, args.bots):
        e = args.bots.index(s.entrant)
        longest = max(r.longest[seat] for r in results for seat, who in enumerate(r.spec.entrants) if who == e)
        print(f"  {s.entrant:>7}: win rate {s.win_rate:.1%} [{s.win_low:.1%}, {s.win_high:.1%}], mean score "
              f"{s.mean_score:.1f} ± {s.score_half_width:.1f}, Elo {ratings[s.entrant]:.0f}, "
              f"{s.seconds_per_decision * 1000:.1f} ms/decision (longest {longest * 1000:.0f} ms)")
    for a, b in combinations(range(len(args.bots)), 2):
        stronger, weaker = sorted((a, b), key=lambda e: -ratings[args.bots[e]])
        print(head_to_head(results, args.bots, stronger, weaker))


if __name__ == "__main__":
    main()
