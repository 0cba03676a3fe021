"""The rollout path: `apply(..., events=False)` (search, random play) builds no events, and changes the game
exactly as the full path does: every state and every seat's legal-action list, bit for bit."""

from __future__ import annotations

import dataclasses
import random

import pytest

import innkeepers
from innkeepers.state import State


def _snapshot(state: State) -> tuple[object, ...]:
    """Every field of the state, the random generator by its internal state (whether a copy shares it is no part of
    the position)."""
    return tuple(state.generator.getstate() if f.name == "generator" else getattr(state, f.name)
                 for f in dataclasses.fields(State) if f.name != "generator_shared")


def _flags(number: int) -> dict[str, object]:
    return {"fixed_rooms": number % 2 == 1, "must_follow": number % 3 == 0, "voluntary_referral": number % 5 < 2,
            "allow_refuse_referral": number % 7 < 3, "suit_order": ("shdc", "cdhs")[number % 4 // 2],
            "bonus_suit": ("customer", "playing_card")[number % 11 % 2]}


def test_random_games_with_and_without_events_pass_through_the_same_states_and_legal_lists() -> None:
    decisions = 0
    for number in range(240):
        players = 2 + number % 3
        full = innkeepers.new_game(players=players, seed=number, **_flags(number))
        rollout = innkeepers.new_game(players=players, seed=number, **_flags(number))
        rng = random.Random(number)
        while not full.is_over:
            legal = [full.legal_actions(seat) for seat in range(players)]
            assert [rollout.legal_actions(seat) for seat in range(players)] == legal
            assert rollout.pending_seats() == full.pending_seats()
            seat = rng.choice(full.pending_seats())
            action = rng.choice(legal[seat])
            assert full.apply(action, seat=seat)  # the full path tells what happened
            assert rollout.apply(action, seat=seat, events=False) == []
            assert _snapshot(rollout.state) == _snapshot(full.state)
            decisions += 1
        assert rollout.is_over and rollout.scores() == full.scores() and rollout.winners() == full.winners()
        assert rollout.record() == full.record()
    assert decisions > 30_000  # many decisions of every kind were compared


def test_a_rollout_checks_its_actions_as_the_full_path_does() -> None:
    game = innkeepers.new_game(players=2, seed=3)
    before = _snapshot(game.state)
    with pytest.raises(innkeepers.IllegalActionError, match="must play a card"):
        game.apply("place room1", seat=0, events=False)
    assert _snapshot(game.state) == before and game.actions == []
