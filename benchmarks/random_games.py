"""Full random games per second, one process: every configuration, uniformly random legal actions.

    python benchmarks/random_games.py [--seconds 3]

Each game starts with `new_game`, then repeatedly takes `legal_actions()` (the complete list) and applies a
uniformly random one until the game is over. Prints games/s, decisions/s and microseconds per decision, then
games/s on the rollout path (`apply(action, events=False)`: the same games without events).
"""

from __future__ import annotations

import argparse
import random
import time

import bloodyinn


def run(players: int, length: str, seconds: float, events: bool = True) -> tuple[int, int, float]:
    rng = random.Random(players * 1000 + len(length))
    games = decisions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = bloodyinn.new_game(players=players, length=length, seed=seed)
        seed += 1
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()), events=events)
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    args = parser.parse_args()
    print(f"{'players':>7} {'length':>6} {'games/s':>9} {'decisions/s':>12} {'us/decision':>12} {'decisions/game':>15}"
          f" {'rollout games/s':>16}")
    for players in (1, 2, 3, 4):
        for length in ("short", "long"):
            games, decisions, elapsed = run(players, length, args.seconds)
            rollouts, _, rollout_elapsed = run(players, length, args.seconds, events=False)
            print(f"{players:>7} {length:>6} {games / elapsed:>9.0f} {decisions / elapsed:>12.0f}"
                  f" {1e6 * elapsed / decisions:>12.1f} {decisions / games:>15.1f} {rollouts / rollout_elapsed:>16.0f}")


if __name__ == "__main__":
    main()
