"""Random games of one engine as digests, one per game, to compare two builds of the engines (tests/
test_compiled_engines.py runs it under each):

    python -m tests.replay_digests bloodyinn|innkeepers FIRST_SEED GAMES

prints {"compiled": whether the engine ran compiled, "digests": [one hex digest per game]} as JSON. A game's
digest covers every state it passes through (serialized), every legal-action list of every seat to move, the
events of every action (every other game takes the rollout path, without events) and the final scores.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable

import bloodyinn
import innkeepers
from bloodyinn.serialize import state_to_dict as bloody_inn_state
from innkeepers.serialize import state_to_dict as innkeepers_state


def bloody_inn_digest(seed: int) -> str:
    players, length = 1 + seed % 4, ("short", "long")[seed // 4 % 2]
    variants = [name for bit, name in enumerate(("uw", "fcfs")) if seed >> (3 + bit) & 1]
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=seed)
    choose, digest, evented = random.Random(seed), hashlib.sha256(), seed % 2 == 0
    while not game.is_over:
        legal = game.legal_actions()
        digest.update(json.dumps([state_to_text(bloody_inn_state(game.state)), [str(a) for a in legal]]).encode())
        events = game.apply(choose.choice(legal), events=evented)
        digest.update(repr(events).encode())
    digest.update(json.dumps([bloody_inn_state(game.state), game.scores(), game.lost]).encode())
    return digest.hexdigest()


def innkeepers_digest(seed: int) -> str:
    switches = [name for name, value in innkeepers.GameConfig().flags().items() if isinstance(value, bool)]
    flags: dict[str, object] = {name: bool(seed >> bit & 1) for bit, name in enumerate(switches)}
    flags["suit_order"] = ("shdc", "cdhs")[seed // 7 % 2]
    game = innkeepers.new_game(players=2 + seed % 3, seed=seed, **flags)
    choose, digest, evented = random.Random(seed), hashlib.sha256(), seed % 2 == 0
    while not game.is_over:
        seats = game.pending_seats()
        legal = {seat: [str(a) for a in game.legal_actions(seat)] for seat in seats}
        digest.update(json.dumps([state_to_text(innkeepers_state(game.state)), legal]).encode())
        seat = choose.choice(seats)
        events = game.apply(choose.choice(game.legal_actions(seat)), seat=seat, events=evented)
        digest.update(repr(events).encode())
    digest.update(json.dumps([innkeepers_state(game.state), game.scores()]).encode())
    return digest.hexdigest()


def state_to_text(state: dict[str, object]) -> str:
    return json.dumps(state, sort_keys=True)


GAMES: dict[str, tuple[Callable[[int], str], bool]] = {
    "bloodyinn": (bloody_inn_digest, bloodyinn.COMPILED),
    "innkeepers": (innkeepers_digest, innkeepers.COMPILED),
}


def main() -> None:
    name, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    digest, compiled = GAMES[name]
    print(json.dumps({"compiled": compiled, "digests": [digest(seed) for seed in range(first, first + count)]}))


if __name__ == "__main__":
    main()
