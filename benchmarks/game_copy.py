"""Microseconds per `Game.copy()` (what tree search pays per simulation), against the eager copy it replaced.

    python benchmarks/game_copy.py [--positions 40] [--copies 2000]

Positions are taken from random games of every player count (every fifth decision). Each is copied `--copies`
times per round, rounds of the two ways alternating five times, keeping each way's fastest round in CPU time
of this process (other jobs on the machine slow the rest); figures are means over positions. "eager" is the
copy as it was before the generator was shared (kept here to compare on the same load): every zone and the
random generator copied at once. "then draw" adds the copy's first use of the generator, which the shared
generator defers to that moment.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import bloodyinn
from bloodyinn.game import Game
from bloodyinn.state import State


def positions(count: int) -> list[bloodyinn.Game]:
    rng = random.Random(0)
    found: list[bloodyinn.Game] = []
    seed = 0
    while len(found) < count:
        game = bloodyinn.new_game(players=1 + seed % 4, seed=seed)
        seed += 1
        step = 0
        while not game.is_over and len(found) < count:
            if step % 5 == 0:
                found.append(game.copy())
            game.apply(rng.choice(game.legal_actions()))
            step += 1
    return found


def eager_copy(game: Game) -> Game:
    """`Game.copy` as it was: the state rebuilt through its constructor, the generator copied at once."""
    state = game.state
    rng = random.Random.__new__(random.Random)
    rng.setstate(state.rng.getstate())
    copied = State(
        players=state.players, generator=rng, culled=state.culled[:], unused_peasants=state.unused_peasants[:],
        gravedigger=state.gravedigger[:], entrance=state.entrance[:], arrival=state.arrival, rooms=state.rooms[:],
        bistro=state.bistro[:], hands=[h[:] for h in state.hands], annexes=[a[:] for a in state.annexes],
        buried={a: c[:] for a, c in state.buried.items()}, corpses=[c[:] for c in state.corpses],
        exit=state.exit[:], keys=state.keys[:], room_service=state.room_service[:], cash=state.cash[:],
        checks=state.checks[:], round=state.round, first_player=state.first_player, reshuffled=state.reshuffled,
        final_round=state.final_round, stage=state.stage, turn=state.turn, police_present=state.police_present,
        pending_release=state.pending_release, lost=state.lost, end_bonus=[b[:] for b in state.end_bonus])
    clone = Game.__new__(Game)
    clone.__dict__.update(game.__dict__)
    clone._state = copied
    clone._actions = list(game.actions)
    return clone


WAYS: dict[str, Callable[[Game], Game]] = {"eager": eager_copy, "Game.copy": Game.copy}


def per_copy(game: Game, copies: int, draw: bool) -> dict[str, float]:
    best = dict.fromkeys(WAYS, float("inf"))
    for _ in range(5):
        for name, copy in WAYS.items():
            started = time.process_time()
            if draw:
                for _ in range(copies):
                    copy(game).state.rng.random()
            else:
                for _ in range(copies):
                    copy(game)
            best[name] = min(best[name], time.process_time() - started)
    return {name: seconds / copies * 1e6 for name, seconds in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--copies", type=int, default=2000)
    args = parser.parse_args()
    games = positions(args.positions)
    for draw in (False, True):
        runs = [per_copy(g, args.copies, draw) for g in games]
        means = {name: statistics.mean(r[name] for r in runs) for name in WAYS}
        label = "copy then draw" if draw else "copy"
        print(f"{label:>14}: eager {means['eager']:.2f} µs, Game.copy {means['Game.copy']:.2f} µs, "
              f"{means['eager'] / means['Game.copy']:.1f}x cheaper ({len(games)} positions, {args.copies} copies)")


if __name__ == "__main__":
    main()
