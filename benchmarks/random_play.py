"""Our engines as side-by-side commands: play N random legal games of one kind, print games/s.

    python benchmarks/random_play.py bloodyinn --players 2 --length short --games 1000
    python benchmarks/random_play.py innkeepers --players 2 --rooms rising --games 1000

It follows the command contract of `benchmarks/side_by_side.py` (see benchmarks/README.md): the last line is
`games/s: <number>`. The lines before it say where the engine was imported from (`engine: <folder>`: set
PYTHONPATH to time another copy, such as a previous release's) and whether any of its modules is a compiled
(mypyc) build (`build: compiled (N modules)` or `build: pure`). Every game starts from a fresh seed and applies
uniformly random actions from the complete legal list until it is over, on the rollout path (`events=False`)
where the engine has one. The time is this process's CPU time over the games alone (imports excluded), so that
other jobs on a shared machine count little.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import inspect
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def compiled_modules(package: str) -> list[str]:
    """The modules of `package` imported so far from compiled extensions (a mypyc build), not .py files."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(name for name, module in list(sys.modules.items())
                  if (name == package or name.startswith(package + "."))
                  and (getattr(module, "__file__", None) or "").endswith(suffixes))


def rollout_options(apply: Callable[..., Any]) -> dict[str, bool]:
    """`events=False` where `apply` takes it (engines before the rollout path do not)."""
    return {"events": False} if "events" in inspect.signature(apply).parameters else {}


def bloodyinn_games(games: int, players: int, length: str) -> float:
    import bloodyinn

    rng = random.Random(players)
    options = rollout_options(bloodyinn.Game.apply)
    started = time.process_time()
    for seed in range(games):
        game = bloodyinn.new_game(players=players, length=length, seed=seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()), **options)
    return games / (time.process_time() - started)


def innkeepers_games(games: int, players: int, rooms: str) -> float:
    import innkeepers

    rng = random.Random(players)
    options = rollout_options(innkeepers.Game.apply)
    started = time.process_time()
    for seed in range(games):
        game = innkeepers.new_game(players=players, seed=seed, fixed_rooms=rooms == "fixed")
        while not game.is_over:
            seat = rng.choice(game.pending_seats())
            game.apply(rng.choice(game.legal_actions(seat)), seat=seat, **options)
    return games / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=("bloodyinn", "innkeepers"))
    parser.add_argument("--games", type=int, default=500, help="random games to play")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--length", choices=("short", "long"), default="short", help="Bloody Inn only")
    parser.add_argument("--rooms", choices=("rising", "fixed"), default="rising", help="Innkeepers only")
    args = parser.parse_args()
    module = importlib.import_module(args.game)
    print(f"engine: {Path(module.__file__ or '').parent}")
    if args.game == "bloodyinn":
        rate = bloodyinn_games(args.games, args.players, args.length)
    else:
        rate = innkeepers_games(args.games, args.players, args.rooms)
    compiled = compiled_modules(args.game)
    print(f"build: {f'compiled ({len(compiled)} modules)' if compiled else 'pure'}")
    print(f"games/s: {rate:.1f}")


if __name__ == "__main__":
    main()
