"""The rollout path (`Game.apply(action, events=False)`) builds no events yet leaves every state exactly as the
evented path does, and the legal actions a game keeps listed as it goes are those a fresh look at the state
lists, in the same order (R-SETUP-7: the same seed and actions give the same game)."""

from __future__ import annotations

import random

import pytest

import bloodyinn
from bloodyinn.game import Game
from bloodyinn.serialize import state_to_dict

SETTINGS = [(players, length, variants) for players in (1, 2, 3, 4) for length in ("short", "long")
            for variants in ((), ("uw", "fcfs"))]


@pytest.mark.parametrize(("players", "length", "variants"), SETTINGS)
def test_random_games_with_and_without_events_pass_through_the_same_states(
        players: int, length: str, variants: tuple[str, ...]) -> None:
    for seed in range(8):
        evented = bloodyinn.new_game(players=players, length=length, variants=variants, seed=seed)
        rollout = bloodyinn.new_game(players=players, length=length, variants=variants, seed=seed)
        choose = random.Random(seed)
        step = 0
        while not evented.is_over:
            legal = evented.legal_actions()
            assert rollout.legal_actions() == legal
            if step % 7 == 0:  # a game started from this state lists its legal actions from scratch
                assert Game(evented.config, start=evented.state).legal_actions() == legal
            action = choose.choice(legal)
            assert evented.apply(action)  # an action always causes at least its own "action" event
            assert rollout.apply(action, events=False) == []
            assert state_to_dict(rollout.state) == state_to_dict(evented.state)
            step += 1
        assert rollout.is_over and rollout.scores() == evented.scores() and rollout.lost == evented.lost
        assert rollout.record() == evented.record()


def test_rollout_copies_and_undo_keep_their_legal_actions_exact() -> None:
    """A copy shares the listed legal actions of its original; after either one moves on (or undoes a move) each
    lists what its own state allows."""
    game = bloodyinn.new_game(players=3, seed=5)
    choose = random.Random(5)
    while not game.is_over:
        branch = game.copy()
        action = choose.choice(game.legal_actions())
        branch.apply(action, events=False)
        if not branch.is_over:
            assert branch.legal_actions() == Game(branch.config, start=branch.state).legal_actions()
        game.apply(action, events=False)
        if len(game.actions) % 25 == 0:
            undone = game.actions[-1]
            assert game.undo() == undone
            assert game.legal_actions() == Game(game.config, start=game.state).legal_actions()
            game.apply(undone, events=False)
        assert state_to_dict(game.state) == state_to_dict(branch.state)
