"""No leak of hidden cards (I-G-29, I-G-30, I-G-14): in games that differ only in what a seat may not see (other
hands, bonus cards, cards committed face down, refill choices, the piles' order), that seat gets identical
observations and masks from every environment, the self-play rows and OpenSpiel."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from innkeepers import Game, new_game
from innkeepers.research.gymnasium_env import AgainstBotsEnv
from innkeepers.research.observation import observation_from_view
from innkeepers.research.pettingzoo_env import action_mask, parallel_env, raw_env
from innkeepers.state import NO_CARD


def position(players: int, seed: int, decisions: int) -> Game:
    """A game after `decisions` random decisions, applied one seat at a time (so some seats of a simultaneous
    stage may have committed and others not)."""
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        seat = rng.choice(game.pending_seats())
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    return game


def hidden_from(game: Game, seat: int) -> tuple[object, ...]:
    state = game.state
    return (tuple(tuple(sorted(h)) for s, h in enumerate(state.hands) if s != seat),
            tuple(b for s, b in enumerate(state.bonus) if s != seat),
            tuple(c for s, c in enumerate(state.played) if s != seat), tuple(state.draw))


def twins(game: Game, seat: int) -> list[Game]:
    """The game and two games built from the seat's view with the hidden cards dealt afresh."""
    view = game.view(seat)
    return [game, Game.from_view(view, 101), Game.from_view(view, 202)]


@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), decisions=st.integers(0, 120))
@settings(max_examples=40, deadline=None)
def test_every_seat_sees_the_same_in_games_that_differ_only_in_what_it_cannot_see(players: int, seed: int,
                                                                                    decisions: int) -> None:
    game = position(players, seed, decisions)
    for seat in range(players):
        games = twins(game, seat)
        if not game.is_over:
            assert len({repr(hidden_from(g, seat)) for g in games}) > 1  # the hidden cards really differ
        seen = [observation_from_view(g.view(seat)) for g in games]
        masks = [action_mask(g, seat) for g in games]
        for other in range(1, len(games)):
            assert np.array_equal(seen[0], seen[other])
            assert np.array_equal(masks[0], masks[other])


def committed_position(players: int, seed: int) -> Game:
    """A trick in which every seat but the last has committed its card."""
    game = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for seat in range(players - 1):
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
    return game


def test_a_committed_card_is_in_no_observation_of_another_seat_before_the_reveal() -> None:
    game = committed_position(3, 8)
    last = 2
    committed = [game.state.played[s] for s in range(2)]
    assert NO_CARD not in committed and game.pending_seats() == [last]
    games = twins(game, last)
    assert len({tuple(g.state.played[:2]) for g in games}) == 3  # three different cards committed face down
    parallel, aec = [], []
    for twin in games:
        observations, _ = parallel_env(players=3).reset(options={"game": twin})
        parallel.append(observations["player_2"])
        table = raw_env(players=3)
        table.reset(options={"game": twin})
        aec.append(table.observe("player_2"))
    for seen in (parallel, aec):
        for other in seen[1:]:
            assert np.array_equal(seen[0]["observation"], other["observation"])
            assert np.array_equal(seen[0]["action_mask"], other["action_mask"])


def test_the_gymnasium_agent_sees_the_same_whatever_the_bots_hold() -> None:
    game = position(2, 5, 30)
    while 0 not in game.pending_seats():
        seat = game.pending_seats()[0]
        game.apply(game.legal_actions(seat)[0], seat=seat)
    observations = []
    for twin in twins(game, 0):
        solo = AgainstBotsEnv(players=2, opponents=("random",))
        observation, _ = solo.reset(seed=0, options={"game": twin})
        observations.append(observation)
    assert all(np.array_equal(observations[0], other) for other in observations[1:])
