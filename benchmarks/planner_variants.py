"""Settings of the solitaire planner compared on the same long solitaire deals, paired: the figures behind the
`hard` level's solitaire settings in docs/bots.md.

    python benchmarks/planner_variants.py "placements=0" "" --deals 100 --seed 30000 --jobs 1

Each argument is a `PlannerBot` setting (`name=value` pairs of integers; unset ones take the `hard` level's:
samples=8, candidates=4, placements=8, so "" is `hard` itself), played without a time cap so that the deals
alone fix every decision: a game is the same as `bots_strength.py solo --bot hard` plays on the same seed.
Deal by deal, every setting plays the same deal (the same seed, so the same cards and the same bot seed),
interleaved, so that a run stopped early still compares the settings on the same deals. After every deal it
prints each setting's mean score (lost games count 0), losses and time per decision, and its difference from
the first setting, deal by deal, with a 95% interval; `--log` appends every game to a JSON-lines file.
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial

from bloodyinn.bots import BOTS, PlannerBot
from bloodyinn.bots.arena import GameResult, GameSpec, run
from tabletop.executors import make_executor
from tabletop.ratings import mean_interval

HARD_SETTING = {"samples": 8, "candidates": 4, "placements": 8}


def parse(setting: str) -> dict[str, int]:
    """`"samples=8,placements=4"` as keyword arguments of `PlannerBot`, over the `hard` level's setting."""
    kwargs = dict(HARD_SETTING)
    for pair in filter(None, setting.split(",")):
        name, _, value = pair.partition("=")
        if name not in PlannerBot.__init__.__code__.co_varnames or not value.isdigit():
            raise SystemExit(f"not a planner setting: {pair!r} (write name=value, e.g. samples=8)")
        kwargs[name] = int(value)
    return kwargs


def schedule(settings: list[str], deals: int, seed: int) -> list[GameSpec]:
    for setting in settings:  # bots are built in the worker (forked from this process) by name
        BOTS[setting] = partial(PlannerBot, **parse(setting))  # type: ignore[arg-type]
    return [GameSpec(deal, seed + deal, 1, "long", (), (0,), (setting,))
            for deal in range(deals) for setting in settings]


def score(result: GameResult) -> float:
    return 0.0 if result.lost else float(result.scores[0])


def summary(results: list[GameResult], settings: list[str]) -> str:
    by_deal: dict[str, dict[int, float]] = {s: {} for s in settings}
    lines = []
    for setting in settings:
        mine = [r for r in results if r.spec.bots[0] == setting]
        if not mine:
            continue
        for r in mine:
            by_deal[setting][r.spec.deal] = score(r)
        mean, half = mean_interval([score(r) for r in mine])
        seconds = sum(r.seconds[0] for r in mine) / max(1, sum(r.decisions[0] for r in mine))
        line = (f"  {setting or 'hard'}: {len(mine)} games, {mean:.1f} ± {half:.1f}F, "
                f"{sum(r.lost for r in mine)} lost, {seconds:.3f} s/decision")
        shared = [d for d in by_deal[setting] if d in by_deal[settings[0]]]
        if setting != settings[0] and len(shared) > 1:
            diff, diff_half = mean_interval([by_deal[setting][d] - by_deal[settings[0]][d] for d in shared])
            line += f"; against the first, {diff:+.1f} ± {diff_half:.1f}F over {len(shared)} deals"
        lines.append(line)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("settings", nargs="+", help='e.g. "samples=8" "samples=8,placements=4"')
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=40_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", help="append each finished game to this JSON-lines file")
    args = parser.parse_args()
    started = time.perf_counter()
    results: list[GameResult] = []

    def progress(result: GameResult) -> None:
        results.append(result)
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps(result.to_dict()) + "\n")
        if len(results) % len(args.settings) == 0:
            print(f"after {len(results) // len(args.settings)} deals ({time.perf_counter() - started:.0f} s):\n"
                  f"{summary(results, args.settings)}", flush=True)

    with make_executor("process", args.jobs) as executor:
        run(schedule(args.settings, args.deals, args.seed), executor, progress)
    print(f"Long solitaire, {args.deals} deals from seed {args.seed}, no time cap "
          f"({time.perf_counter() - started:.0f} s):\n{summary(results, args.settings)}")


if __name__ == "__main__":
    main()
