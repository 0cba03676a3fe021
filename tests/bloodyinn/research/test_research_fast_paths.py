"""The environments' fast paths change nothing an agent sees: at every step of whole games (1-4 players, both
lengths, every variant), each agent's observation and mask are exactly the straightforward ones, built afresh
by the plain Python encoder from the seat's full view and from the prefix tree of the legal actions, whether
the environments encode with the compiled encoder or with the Python one; the wrapped environment's attributes
are the bare one's; and the action space answers as `Discrete` does."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest
from gymnasium import spaces

from bloodyinn import Game
from bloodyinn.compact_view import compact_view_from_view
from bloodyinn.research import observation
from bloodyinn.research.encoding import TOKEN_ID, VOCABULARY_SIZE, ActionTree
from bloodyinn.research.gymnasium_env import SolitaireEnv
from bloodyinn.research.observation import (
    VIEW_SIZE,
    observation_from_compact_view,
    observation_from_view,
    view_features,
)
from bloodyinn.research.pettingzoo_env import MIRRORED, TokenSpace, env, raw_env
from tests.bloodyinn.research.research_helpers import config_for

# Seeds whose settings (`config_for`) cover 1-4 players, both lengths and every variant combination.
SEEDS = (0, 5, 10, 15, 16, 21, 26, 31)


@pytest.fixture(params=["compiled", "python"])
def encoder_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Environments made in the test encode with the compiled encoder, or with the Python one."""
    if request.param == "compiled" and not observation.COMPILED:
        pytest.skip("the compiled observation encoder is not built here (no C compiler at install)")
    monkeypatch.setattr(observation, "COMPILED", request.param == "compiled")
    return str(request.param)


def straightforward(game: Game, seat: int, prefix: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The observation and mask of `seat`, from a fresh full view (by the Python encoder) and a fresh prefix
    tree."""
    typing = seat == game.current_player
    observation = observation_from_compact_view(compact_view_from_view(game.view(seat)), prefix if typing else [],
                                                compiled=False)
    mask = np.zeros(VOCABULARY_SIZE, dtype=np.int8)
    if typing:
        mask[ActionTree(game.legal_actions()).next_tokens(prefix)] = 1
    return observation, mask


def assert_identical(seen: np.ndarray, expected: np.ndarray) -> None:
    assert seen.dtype == expected.dtype and seen.shape == expected.shape
    assert seen.tobytes() == expected.tobytes()  # bit for bit, not merely close
    assert seen.flags.writeable  # an agent may normalize its observation in place


@pytest.mark.parametrize("seed", SEEDS)
def test_every_observation_and_mask_of_a_whole_game_is_the_straightforward_one(seed: int, encoder_kind: str) -> None:
    settings = config_for(seed)
    table = raw_env(players=settings["players"], length=settings["length"],  # type: ignore[arg-type]
                    variants=settings["variants"])  # type: ignore[arg-type]
    table.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        game, prefix = table.game, list(table.tokens.prefix)
        again = table.observe(agent)  # a fresh copy each time: an agent may keep or change what it was given
        assert not np.shares_memory(again["observation"], observation["observation"])
        assert not np.shares_memory(again["action_mask"], observation["action_mask"])
        for seat, other in enumerate(table.possible_agents):
            seen = observation if other == agent else table.observe(other)
            expected_observation, expected_mask = straightforward(game, seat, prefix)
            assert_identical(seen["observation"], expected_observation)
            assert_identical(seen["action_mask"], expected_mask)
            assert_identical(view_features(game.view(seat)), expected_observation[:VIEW_SIZE])
            assert_identical(observation_from_view(game.view(seat), prefix if seat == game.current_player else []),
                             expected_observation)
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert table.game.is_over and steps > 10


def test_every_solitaire_observation_and_mask_is_the_straightforward_one(encoder_kind: str) -> None:
    solitaire = SolitaireEnv(length="short", variants=("unlimited_wealth",))
    for seed in range(3):
        observation, info = solitaire.reset(seed=seed)
        rng = random.Random(seed)
        terminated = False
        while not terminated:
            expected_observation, expected_mask = straightforward(solitaire.game, 0, list(solitaire.tokens.prefix))
            assert_identical(observation, expected_observation)
            assert_identical(info["action_mask"], expected_mask)
            assert_identical(solitaire.action_masks(), expected_mask.astype(bool))
            token = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, _, terminated, _, info = solitaire.step(token)


def test_the_wrapped_env_shows_the_bare_envs_attributes_at_every_step_even_after_an_illegal_token() -> None:
    """`env()` keeps the bare environment's per-step attributes on its wrappers too (so reading them does not
    walk the wrapper layers); they must stay the very same objects through steps, an illegal token that ends
    the game (TerminateIllegalWrapper rewrites them on the bare env), the dead steps, a new reset and pickling."""
    table = env(players=3, length="short")
    rng = random.Random(3)
    for game_number in range(3):
        if game_number == 2:  # a pickled environment comes back as a new one, whose wrappers follow it too
            table = pickle.loads(pickle.dumps(table))
        layers = [table, table.env, table.env.env]
        bare = table.unwrapped
        table.reset(seed=game_number)
        for step, agent in enumerate(table.agent_iter()):
            for layer in layers:
                for name in MIRRORED:
                    assert getattr(layer, name) is getattr(bare, name), (name, type(layer).__name__)
            observation, _, termination, truncation, _ = table.last()
            # The layers that only hand `observe` down are skipped, not TerminateIllegalWrapper, which keeps it.
            assert table.env.env._prev_obs is observation
            assert table.action_space(agent) is bare.action_space(agent)
            if termination or truncation:
                table.step(None)
            elif game_number == 1 and step == 40:
                illegal = TOKEN_ID["99"]
                assert not table.observe(agent)["action_mask"][illegal]
                table.step(illegal)
                assert table.rewards[agent] == -1.0 and all(table.terminations.values())
            else:
                table.step(int(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]))))
        assert table.agents == bare.agents == []


@pytest.mark.parametrize("value", [0, 5, 212, 213, -1, True, False, 2**70, np.int64(7), np.int8(3), np.int64(213),
                                   np.uint8(200), 5.0, np.float32(5), "5", None, np.array(4), np.array([4])],
                         ids=repr)
def test_the_action_space_answers_membership_as_discrete_does(value: object) -> None:
    assert TokenSpace(VOCABULARY_SIZE).contains(value) == spaces.Discrete(VOCABULARY_SIZE).contains(value)

