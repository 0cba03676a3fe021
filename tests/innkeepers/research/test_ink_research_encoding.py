"""The action indices (every action of the notation once, round-tripping) and the observation vector (its layout,
and what it reads from a view)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from innkeepers import new_game, parse_action
from innkeepers.cards import CARD_BY_ID, CUSTOMER_BY_ID
from innkeepers.research.encoding import ACTIONS, NUM_ACTIONS, WAIT, EncodingError, action, action_text, index
from innkeepers.research.observation import LAYOUT, OBSERVATION_SIZE, observation_from_view


def test_every_index_names_a_distinct_action_that_round_trips_through_its_notation() -> None:
    assert NUM_ACTIONS == 342 and ACTIONS[WAIT] is None and action_text(WAIT) == "wait"
    named = [a for a in ACTIONS if a is not None]
    assert len(set(named)) == NUM_ACTIONS - 1
    for number in range(1, NUM_ACTIONS):
        assert index(action(number)) == number
        assert parse_action(action_text(number)) == action(number)


def test_every_legal_action_of_random_games_has_an_index() -> None:
    rng = random.Random(3)
    for players, flags in ((2, {}), (3, {"fixed_rooms": True}), (4, {"allow_refuse_referral": True,
                                                                     "voluntary_referral": True})):
        game = new_game(players=players, seed=players, **flags)
        while not game.is_over:
            seat = rng.choice(game.pending_seats())
            legal = game.legal_actions(seat)
            assert all(action(index(a)) == a for a in legal)
            game.apply(rng.choice(legal), seat=seat)


def test_bad_indices_and_non_actions_are_refused_by_name() -> None:
    for bad in (WAIT, NUM_ACTIONS, -1, "3", True):
        with pytest.raises(EncodingError, match="is not an action index"):
            action(bad)  # type: ignore[arg-type]
    with pytest.raises(EncodingError, match="is not an innkeepers action"):
        index("play 7s")  # type: ignore[arg-type]


def test_the_layout_covers_the_vector_without_gaps() -> None:
    offset = 0
    for _, start, size, _ in LAYOUT:
        assert start == offset and size > 0
        offset += size
    assert offset == OBSERVATION_SIZE


def section(vector: np.ndarray, name: str) -> np.ndarray:
    _, start, size, _ = next(row for row in LAYOUT if row[0] == name)
    return vector[start:start + size]


def test_the_observation_reads_the_seats_hand_the_customer_and_seats_relative_to_the_observer() -> None:
    game = new_game(players=3, seed=12)
    view = game.view(2)
    vector = observation_from_view(view)
    assert vector.dtype == np.float32 and vector.shape == (OBSERVATION_SIZE,)
    assert sorted(np.flatnonzero(section(vector, "hand"))) == sorted(CARD_BY_ID[c] for c in view["players"][2]["hand"])
    assert np.flatnonzero(section(vector, "customer")).tolist() == [CUSTOMER_BY_ID[view["customer"]]]
    assert np.flatnonzero(section(vector, "seat")).tolist() == [2]
    assert section(vector, "pending").tolist() == [1.0, 1.0, 1.0, 0.0]  # three seats, seen from seat 2
    assert np.array_equal(vector, observation_from_view(json.loads(json.dumps(view))))  # a view read from JSON


def test_a_spectators_view_has_no_observation() -> None:
    with pytest.raises(ValueError, match="spectator"):
        observation_from_view(new_game(players=2, seed=1).view(None))
