"""Full random innkeepers games per second, one process, for 2, 3 and 4 players.

    python benchmarks/innkeepers_random_games.py [--seconds 3]

Each game starts with `innkeepers.new_game`, then repeatedly picks a seat among `pending_seats()`, takes its
complete `legal_actions(seat)` and applies a uniformly random one until the game is over. Prints games/s,
decisions/s and microseconds per decision, then games/s on the rollout path (`apply(..., events=False)`: the same
games without events).
"""

from __future__ import annotations

import argparse
import random
import time

import innkeepers


def run(players: int, seconds: float, flags: dict[str, bool], events: bool = True) -> tuple[int, int, float]:
    rng = random.Random(players)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = innkeepers.new_game(players=players, seed=games, **flags)
        while not game.is_over:
            seat = rng.choice(game.pending_seats())
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat, events=events)
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    args = parser.parse_args()
    print(f"{'players':>7} {'rooms':>6} {'games/s':>9} {'decisions/s':>12} {'us/decision':>12} {'decisions/game':>15}"
          f" {'rollout games/s':>16}")
    for players in (2, 3, 4):
        for fixed in (False, True):
            games, decisions, elapsed = run(players, args.seconds, {"fixed_rooms": fixed})
            rollouts, _, rollout_elapsed = run(players, args.seconds, {"fixed_rooms": fixed}, events=False)
            rooms = "fixed" if fixed else "rising"
            print(f"{players:>7} {rooms:>6} {games / elapsed:>9.0f} {decisions / elapsed:>12.0f}"
                  f" {1e6 * elapsed / decisions:>12.1f} {decisions / games:>15.1f} {rollouts / rollout_elapsed:>16.0f}")


if __name__ == "__main__":
    main()
