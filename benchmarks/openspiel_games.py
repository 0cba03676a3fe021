"""The OpenSpiel game's speed: random full games per configuration, the cost of a clone, and OpenSpiel's MCTS.

    python benchmarks/openspiel_games.py [--seconds 5] [--simulations 20]

Random games go through `pyspiel` one move at a time (chance outcomes drawn with their probabilities, tokens
uniformly among the legal ones). Prints games/s, moves/s (player tokens and chance nodes), the mean clone time
of a mid-game state, and the time per move of `MCTSBot` with random rollouts. Times are this process's CPU
time, so that other jobs on a shared machine do not count.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import bloodyinn.research.openspiel  # noqa: F401  (registers python_bloody_inn)


def step(state: pyspiel.State, rng: np.random.RandomState) -> bool:
    """One random move; True if it was a chance node."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        return True
    state.apply_action(int(rng.choice(state.legal_actions())))
    return False


def random_games(game: pyspiel.Game, seconds: float) -> tuple[int, int, int, float]:
    rng = np.random.RandomState(0)
    games = tokens = chance = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if step(state, rng):
                chance += 1
            else:
                tokens += 1
        games += 1
    return games, tokens, chance, time.process_time() - start


def clone_time(game: pyspiel.Game, moves: int = 200, clones: int = 1000) -> float:
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        step(state, rng)
    start = time.process_time()
    for _ in range(clones):
        state.clone()
    return (time.process_time() - start) / clones


def mcts_time(game: pyspiel.Game, simulations: int, moves: int = 10) -> float:
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, random_state=rng,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng))
    state = game.new_initial_state()
    spent, decided = 0.0, 0
    while not state.is_terminal() and decided < moves:
        if state.is_chance_node():
            step(state, rng)
            continue
        start = time.process_time()
        state.apply_action(bot.step(state))
        spent += time.process_time() - start
        decided += 1
    return spent / max(decided, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time of random games per configuration")
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations per move")
    args = parser.parse_args()
    print(f"{'players':>7} {'games/s':>8} {'moves/s':>8} {'tokens/game':>12} {'chance/game':>12} {'clone us':>9}")
    for players in (1, 2, 3, 4):
        game = pyspiel.load_game(f"python_bloody_inn(players={players})")
        games, tokens, chance, elapsed = random_games(game, args.seconds)
        print(f"{players:>7} {games / elapsed:>8.2f} {(tokens + chance) / elapsed:>8.0f} {tokens / games:>12.0f}"
              f" {chance / games:>12.0f} {clone_time(game) * 1e6:>9.0f}")
    game = pyspiel.load_game("python_bloody_inn(players=2)")
    print(f"MCTSBot, {args.simulations} simulations with random rollouts, two players: "
          f"{mcts_time(game, args.simulations):.2f} s per move")


if __name__ == "__main__":
    main()
