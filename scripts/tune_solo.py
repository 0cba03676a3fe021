"""Tune the solitaire planner's weights (`bots.planner.PlanWeights`) with CMA-ES.

Every generation plays all its candidates on the same fresh solitaire deals (common random numbers), so
candidates are compared on equal luck while the deals change from one generation to the next. Weights
are searched as log-scale factors of the current defaults. Prints each generation's best and writes the
best mean-weights so far to --out as JSON:

    pip install cma && python scripts/tune_solo.py --deals 24 --generations 30 --out tuned.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from dataclasses import asdict, fields
from multiprocessing import Pool

import cma  # type: ignore[import-untyped]

from bloodyinn.bots.planner import PlannerBot, PlanWeights
from bloodyinn.game import new_game

NAMES = [f.name for f in fields(PlanWeights)]
DEFAULTS = asdict(PlanWeights())


def play(job: tuple[int, dict[str, float]]) -> float:
    seed, weights = job
    game = new_game(players=1, length="long", seed=seed)
    bot = PlannerBot(seed, PlanWeights(**weights))
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else bot.choose(game.view(0), legal))
    return 0.0 if game.lost else float(game.scores()[0])


def weights_of(z: list[float]) -> dict[str, float]:
    return {name: DEFAULTS[name] * math.exp(x) for name, x in zip(NAMES, z, strict=True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--sigma", type=float, default=0.4)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="tuned.json")
    args = parser.parse_args()
    strategy = cma.CMAEvolutionStrategy([0.0] * len(NAMES), args.sigma, {"seed": args.seed, "verbose": -9})
    with Pool(args.jobs) as pool:
        for generation in range(args.generations):
            deals = range(args.seed + generation * args.deals, args.seed + (generation + 1) * args.deals)
            candidates = strategy.ask()
            means = []
            for z in candidates:
                weights = weights_of(list(z))
                means.append(statistics.mean(pool.map(play, [(s, weights) for s in deals])))
            strategy.tell(candidates, [-m for m in means])
            best = weights_of(list(strategy.mean))
            print(f"generation {generation}: best {max(means):.1f}, median {statistics.median(means):.1f}",
                  flush=True)
            with open(args.out, "w") as out:
                json.dump({"generation": generation, "weights": best}, out, indent=1)


if __name__ == "__main__":
    main()
