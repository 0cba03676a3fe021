"""Shared helpers for the research tests: games in every configuration, played by random or greedy bots."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bloodyinn import Game, new_game
from bloodyinn.bots import GreedyBot

VARIANTS: tuple[tuple[str, ...], ...] = ((), ("unlimited_wealth",), ("first_come_first_served",),
                                         ("unlimited_wealth", "first_come_first_served"))


def config_for(seed: int) -> dict[str, object]:
    """Settings that cycle through 1-4 players, both lengths and every variant combination as `seed` grows."""
    return {"players": 1 + seed % 4, "length": ("short", "long")[seed // 4 % 2],
            "variants": VARIANTS[seed // 8 % 4], "seed": seed}


def positions(seed: int, greedy: bool = False) -> Iterator[Game]:
    """Every decision of one whole game (the same Game object, advanced), played at random or by greedy bots."""
    game = new_game(**config_for(seed))  # type: ignore[arg-type]
    rng = random.Random(seed)
    bot = GreedyBot(seed, noise=0.2)
    while not game.is_over:
        yield game
        legal = game.legal_actions()
        action = bot.choose(game.view(game.current_player), legal) if greedy else rng.choice(legal)
        game.apply(action)
