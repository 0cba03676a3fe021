"""One way of `research_envs.py` over new random games, for counting its instructions with callgrind: a count the
machine's load does not change, where the wall-clock benchmark varies from run to run on a shared machine.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=starmap_next --callgrind-out-file=/dev/null \\
        python benchmarks/research_envs_callgrind.py raw_env --players 2 --games 4

callgrind counts only inside `itertools.starmap`, which here plays the timed games and nothing else (the set-up,
the recording of the games and a warm-up of three games are left out). Divide its "Collected" count by the
decisions or the steps printed; the raw engine's count per decision (`raw`) is the measure's base.
"""

from __future__ import annotations

import argparse
import gc
import itertools
from collections.abc import Callable
from functools import partial

from research_envs import Play, add_encoder_option, engine, gymnasium, pettingzoo, record_games, use_encoder

from bloodyinn.research.pettingzoo_env import env, raw_env

WAYS: dict[str, Callable[[int], Play]] = {
    "raw": engine, "raw_env": partial(pettingzoo, raw_env), "env": partial(pettingzoo, env), "gymnasium": gymnasium}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("way", choices=sorted(WAYS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    add_encoder_option(parser)
    args = parser.parse_args()
    use_encoder(parser, args.encoder)
    play: Play = WAYS[args.way](args.players)
    for record in record_games(args.players, 3, first_seed=1000):  # warm-up: first calls, what is remembered
        play(record)
    records = record_games(args.players, args.games, first_seed=1)
    gc.collect()
    gc.disable()  # a collection's cost depends on everything alive, not on the way measured
    played = list(itertools.starmap(play, [(record,) for record in records]))
    print(f"steps {sum(steps for steps, _ in played)} decisions {sum(decisions for _, decisions in played)}")


if __name__ == "__main__":
    main()
