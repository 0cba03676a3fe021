"""Environment steps per second against raw engine decisions per second, on the same games.

    python benchmarks/research_envs.py [--games 30] [--players 1 2 3 4] [--rounds 5] [--encoder python]

For each player count, new random games are recorded for every round (replaying games would find what the
environments remember, such as the legal actions' spellings, already there, which games never seen before do
not). Each round
plays its games several ways, in one process and game by game (every way plays a game before the next game, so
a shared machine's changing load weighs on all ways alike): the raw engine (`legal_actions()` then `apply`, as
benchmarks/random_games.py does),
the engine with one `view(seat, legal_actions=False)` per decision (what any agent deciding from its view pays at
least) or one `compact_view(seat)` (the same view's compact form, which the environments read), the bare
PettingZoo environment (`raw_env`: `last()` then `step(token)` at every step, observation and
mask included), and the environment with PettingZoo's standard wrappers (`env()`); solitaire also through the
Gymnasium env. The agents type the recorded actions' tokens (found from the number of actions applied and the
prefix), so all ways play exactly the same decisions. Prints steps/s and decisions/s (per CPU second of this
process, each way's fastest round), tokens per decision, the cost per decision against the raw engine, and the
measure of the target (the wrappers cost at most 2x): raw engine decisions/s over environment steps/s; both
costs are the median over the rounds of each round's own ratio. The environments write observations with the
compiled encoder where it is built (the first line says which), or with the plain Python one (`--encoder
python`: what an install without a C compiler gets).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from statistics import median
from typing import Any

import bloodyinn
from bloodyinn import Game
from bloodyinn.actions import Action
from bloodyinn.research import observation
from bloodyinn.research.encoding import encode
from bloodyinn.research.gymnasium_env import SolitaireEnv
from bloodyinn.research.pettingzoo_env import env, raw_env

Record = tuple[int, list[Action], list[tuple[int, ...]]]  # seed, actions, their tokens


def record_games(players: int, games: int, first_seed: int = 0) -> list[Record]:
    records = []
    for seed in range(first_seed, first_seed + games):
        game = bloodyinn.new_game(players=players, length="short", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        records.append((seed, list(game.actions), [encode(a) for a in game.actions]))
    return records


# A way of playing: built once per player count, then asked to play one recorded game; returns (steps, decisions).
Play = Callable[[Record], tuple[int, int]]


def engine(players: int, read: Callable[[Game, int | None], object] | None = None) -> Play:
    """The raw engine, and with `read` also a view of the seat to decide at every decision: the least any agent
    that decides from its view pays (the dict view without the legal actions' notation, or its compact form,
    which the environments read)."""
    def play(record: Record) -> tuple[int, int]:
        seed, actions, _ = record
        game = bloodyinn.new_game(players=players, length="short", seed=seed)
        for action in actions:
            game.legal_actions()
            if read is not None:
                read(game, game.current_player)
            game.apply(action)
        return len(actions), len(actions)
    return play


def pettingzoo(make: Callable[..., Any], players: int) -> Play:
    table = make(players=players, length="short")
    bare = table.unwrapped

    def play(record: Record) -> tuple[int, int]:
        seed, actions, tokens = record
        steps = 0
        table.reset(seed=seed)
        for _ in table.agent_iter():
            _, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(tokens[bare.tokens.actions][len(bare.tokens.prefix)])
            steps += 1
        return steps, len(actions)
    return play


def gymnasium(players: int) -> Play:
    solitaire = SolitaireEnv(length="short")

    def play(record: Record) -> tuple[int, int]:
        seed, actions, tokens = record
        steps = 0
        solitaire.reset(seed=seed)
        assert solitaire.tokens is not None
        terminated = False
        while not terminated:
            token = tokens[solitaire.tokens.actions][len(solitaire.tokens.prefix)]
            _, _, terminated, _, _ = solitaire.step(token)
            steps += 1
        return steps, len(actions)
    return play


def add_encoder_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--encoder", choices=["compiled", "python"],
                        default="compiled" if observation.COMPILED else "python",
                        help="the observation encoder (default: the compiled one where it is built)")


def use_encoder(parser: argparse.ArgumentParser, encoder: str) -> None:
    """Make `encoder` the one the environments made from now on use."""
    if encoder == "compiled" and not observation.COMPILED:
        parser.error("the compiled observation encoder is not built here (see docs/research.md#speed)")
    observation.COMPILED = encoder == "compiled"  # what the environments' encoders use by default


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--rounds", type=int, default=5, help="times the games are played; each way's fastest counts")
    add_encoder_option(parser)
    args = parser.parse_args()
    use_encoder(parser, args.encoder)
    print(f"observation encoder: {args.encoder}")
    print(f"{'players':>7} {'how':>22} {'steps/s':>9} {'decisions/s':>12} {'tokens/decision':>16}"
          f" {'cost per decision':>18} {'raw decisions/s per step/s':>27}")
    for players in args.players:
        rounds = [record_games(players, args.games, first_seed=1 + number * args.games)
                  for number in range(args.rounds)]
        ways: list[tuple[str, Callable[[int], Play]]] = [
            ("raw engine", engine),
            ("engine + view", partial(engine, read=partial(Game.view, legal_actions=False))),
            ("engine + compact view", partial(engine, read=Game.compact_view)),
            ("pettingzoo raw_env", partial(pettingzoo, raw_env)),
            ("pettingzoo env()", partial(pettingzoo, env)),
        ]
        if players == 1:
            ways.append(("gymnasium", gymnasium))
        plays = [make(players) for _, make in ways]
        for play in plays:  # warm up (first calls, caches) before timing
            play(record_games(players, 1)[0])
        # Game by game, every way in turn, so a shared machine's changing load weighs on all ways alike. Each
        # round's (steps, decisions, CPU seconds of this process: steadier than wall time) per way.
        runs: list[list[tuple[int, int, float]]] = []
        for records in rounds:
            spent = [(0, 0, 0.0)] * len(ways)
            for record in records:
                for way, play in enumerate(plays):
                    start = time.process_time()
                    played = play(record)
                    taken, decided, spent_before = spent[way]
                    spent[way] = (taken + played[0], decided + played[1], spent_before + time.process_time() - start)
            runs.append(spent)
        report(players, [name for name, _ in ways], runs)


def report(players: int, names: list[str], runs: list[list[tuple[int, int, float]]]) -> None:
    """Rates from each way's fastest round (as `timeit` keeps the fastest repeat: slower rounds measure the
    other tenants); costs against the raw engine (way 0) as the median of the rounds' own (the same games, in
    the same minutes)."""
    for way, name in enumerate(names):
        steps, decisions, seconds = max((run[way] for run in runs), key=lambda run: run[1] / run[2])
        per_decision = median(run[way][2] / run[way][1] / (run[0][2] / run[0][1]) for run in runs)
        per_step = median(run[way][2] / run[way][0] / (run[0][2] / run[0][1]) for run in runs)
        tokens = sum(run[way][0] for run in runs) / sum(run[way][1] for run in runs)
        print(f"{players:>7} {name:>22} {steps / seconds:>9.0f} {decisions / seconds:>12.0f}"
              f" {tokens:>16.2f} {per_decision:>17.1f}x {per_step:>26.2f}x")

if __name__ == "__main__":
    main()
