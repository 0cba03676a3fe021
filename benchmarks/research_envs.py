"""Environment steps per second against raw engine decisions per second, on the same games.

    python benchmarks/research_envs.py [--games 30] [--players 1 2 3 4]

For each player count, random games are recorded first. Then the same games are played three ways, one
process: the raw engine (`legal_actions()` then `apply`, as benchmarks/random_games.py does), the engine with
one `view(seat, legal_actions=False)` per decision (what any agent deciding from its view pays at least), the bare
PettingZoo environment (`raw_env`: `last()` then `step(token)` at every step, observation and mask included),
and the environment with PettingZoo's standard wrappers (`env()`); solitaire also through the Gymnasium env.
The agents type the recorded actions' tokens (found from the number of actions applied and the prefix), so all
ways play exactly the same decisions. Prints steps/s, decisions/s (per CPU second of this process), tokens per
decision, and the cost of the environment per decision against the raw engine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

import bloodyinn
from bloodyinn.actions import Action
from bloodyinn.research.encoding import encode
from bloodyinn.research.gymnasium_env import SolitaireEnv
from bloodyinn.research.pettingzoo_env import env, raw_env

Record = tuple[int, list[Action]]


def record_games(players: int, games: int) -> list[Record]:
    records = []
    for seed in range(games):
        game = bloodyinn.new_game(players=players, length="short", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        records.append((seed, list(game.actions)))
    return records


def raw_engine(players: int, records: list[Record]) -> tuple[int, int]:
    decisions = 0
    for seed, actions in records:
        game = bloodyinn.new_game(players=players, length="short", seed=seed)
        for action in actions:
            game.legal_actions()
            game.apply(action)
        decisions += len(actions)
    return decisions, decisions


def engine_with_views(players: int, records: list[Record]) -> tuple[int, int]:
    """The least any agent that decides from its view pays: the raw engine plus one view per decision (without
    the legal actions' notation, as the environments read it)."""
    decisions = 0
    for seed, actions in records:
        game = bloodyinn.new_game(players=players, length="short", seed=seed)
        for action in actions:
            game.legal_actions()
            game.view(game.current_player, legal_actions=False)
            game.apply(action)
        decisions += len(actions)
    return decisions, decisions


def pettingzoo(make: Callable[..., object], players: int, records: list[Record]) -> tuple[int, int]:
    steps = decisions = 0
    table = make(players=players, length="short")
    for seed, actions in records:
        tokens = [encode(a) for a in actions]
        table.reset(seed=seed)  # type: ignore[attr-defined]
        bare = table.unwrapped  # type: ignore[attr-defined]
        for _ in table.agent_iter():  # type: ignore[attr-defined]
            _, _, termination, truncation, _ = table.last()  # type: ignore[attr-defined]
            if termination or truncation:
                table.step(None)  # type: ignore[attr-defined]
                continue
            table.step(tokens[bare.tokens.actions][len(bare.tokens.prefix)])  # type: ignore[attr-defined]
            steps += 1
        decisions += len(actions)
    return steps, decisions


def gymnasium(players: int, records: list[Record]) -> tuple[int, int]:
    steps = decisions = 0
    solitaire = SolitaireEnv(length="short")
    for seed, actions in records:
        tokens = [encode(a) for a in actions]
        solitaire.reset(seed=seed)
        terminated = False
        while not terminated:
            token = tokens[solitaire.tokens.actions][len(solitaire.tokens.prefix)]
            _, _, terminated, _, _ = solitaire.step(token)
            steps += 1
        decisions += len(actions)
    return steps, decisions


def timed(run: Callable[[], tuple[int, int]]) -> tuple[int, int, float]:
    """Steps, decisions and the CPU seconds of this process (steadier than wall time on a shared machine)."""
    start = time.process_time()
    steps, decisions = run()
    return steps, decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    args = parser.parse_args()
    print(f"{'players':>7} {'how':>20} {'steps/s':>9} {'decisions/s':>12} {'tokens/decision':>16}"
          f" {'cost per decision':>18}")
    for players in args.players:
        records = record_games(players, args.games)
        ways: list[tuple[str, Callable[[int, list[Record]], tuple[int, int]]]] = [
            ("raw engine", raw_engine),
            ("engine + view", engine_with_views),
            ("pettingzoo raw_env", partial(pettingzoo, raw_env)),
            ("pettingzoo env()", partial(pettingzoo, env)),
        ]
        if players == 1:
            ways.append(("gymnasium", gymnasium))
        base = 0.0
        for name, run in ways:
            steps, decisions, elapsed = timed(partial(run, players, records))
            rate = decisions / elapsed
            base = base or rate
            print(f"{players:>7} {name:>20} {steps / elapsed:>9.0f} {rate:>12.0f} {steps / decisions:>16.2f}"
                  f" {base / rate:>17.1f}x")


if __name__ == "__main__":
    main()
