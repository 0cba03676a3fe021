"""Shared helpers for the bot tests: positions to decide in, and whole games played by bots."""

from __future__ import annotations

import random

from bloodyinn import Game, new_game
from bloodyinn.bots import Bot


def position(players: int = 2, seed: int = 0, decision: str = "night", skip: int = 0) -> Game:
    """A game advanced with random moves to its `skip`-th decision of the given kind."""
    game = new_game(players=players, length="short", seed=seed)
    rng = random.Random(seed)
    seen = 0
    while not game.is_over:
        if game.decision == decision and len(game.legal_actions()) > 1:
            if seen == skip:
                return game
            seen += 1
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the game ended before the wanted decision")


def play(game: Game, bots: list[Bot]) -> Game:
    """Play `game` to its end, each seat's bot seeing only its view and the legal actions."""
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(action)
    return game
