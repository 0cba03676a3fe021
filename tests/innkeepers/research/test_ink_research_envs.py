"""Innkeepers' PettingZoo environments (parallel and AEC, 2-4 players) and Gymnasium environment (one seat
against bots): the libraries' own conformance checks, masks that are exactly the engine's legal actions, whole
games that end with the engine's result, and illegal actions."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from innkeepers import IllegalActionError, new_game
from innkeepers.cards import CARD_IDS
from innkeepers.research import innkeepers_v0
from innkeepers.research.encoding import ACTIONS, NUM_ACTIONS, WAIT, index, legal_indices
from innkeepers.research.gymnasium_env import ENV_ID, AgainstBotsEnv
from innkeepers.research.observation import OBSERVATION_SIZE
from innkeepers.research.pettingzoo_env import env, parallel_env, raw_env

# PettingZoo's checker warns about every Dict observation (its own classic games are on a list it exempts).
DICT_OBSERVATIONS = ["ignore:Observation space for each agent probably", "ignore:Observation is not a NumPy array"]


@pytest.mark.filterwarnings("error", *DICT_OBSERVATIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_parallel_env_passes_the_parallel_api_and_seed_tests(players: int) -> None:
    parallel_api_test(parallel_env(players=players), num_cycles=400)
    parallel_seed_test(lambda: parallel_env(players=players), num_cycles=200)


@pytest.mark.filterwarnings("error", *DICT_OBSERVATIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_aec_env_passes_the_api_and_seed_tests(players: int) -> None:
    api_test(env(players=players), num_cycles=400)
    seed_test(lambda: env(players=players), num_cycles=200)


def test_i_g_14_every_seat_chooses_its_card_in_the_same_parallel_step() -> None:
    table = parallel_env(players=3)
    observations, _ = table.reset(seed=4)
    game = table.game
    assert game.decision == "play" and game.pending_seats() == [0, 1, 2]
    for agent, seat in zip(table.possible_agents, range(3)):  # each mask is the seat's own cards
        assert np.flatnonzero(observations[agent]["action_mask"]).tolist() == legal_indices(game.legal_actions(seat))
    cards = {agent: int(np.flatnonzero(observations[agent]["action_mask"])[-1]) for agent in table.agents}
    table.step(cards)
    trick = game.state.log[0]  # revealed together, each seat's own choice
    assert [CARD_IDS[card] for card in trick.cards] == [ACTIONS[cards[f"player_{s}"]].card for s in range(3)]


def test_a_seat_that_owes_nothing_waits_and_may_leave_its_action_out() -> None:
    table = parallel_env(players=2)
    observations, _ = table.reset(seed=1)
    rng = random.Random(1)
    single = 0
    while table.agents and single < 5:
        game = table.game
        pending = game.pending_seats()
        for agent, seat in zip(table.possible_agents, range(2)):
            mask = observations[agent]["action_mask"]
            assert np.flatnonzero(mask).tolist() == ([WAIT] if seat not in pending
                                                     else legal_indices(game.legal_actions(seat)))
        if len(pending) == 1:
            single += 1
            seat = pending[0]
            actions = {f"player_{seat}": rng.choice(legal_indices(game.legal_actions(seat)))}  # no wait sent
        else:
            actions = {agent: rng.choice(np.flatnonzero(observations[agent]["action_mask"]).tolist())
                       for agent in table.agents}
        observations, *_ = table.step(actions)
    assert single == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_parallel_game_ends_with_the_engines_result_as_zero_sum_rewards(players: int) -> None:
    """I-R-39: the engine decides who wins; the default rewards (win_loss) only report it, at the end."""
    table = innkeepers_v0.parallel_env(players=players)
    observations, _ = table.reset(seed=players)
    rng = np.random.default_rng(players)
    steps = 0
    while table.agents:
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in table.agents}
        observations, rewards, terminations, truncations, _ = table.step(actions)
        steps += 1
        assert not any(truncations.values())
    game = table.game
    assert game.is_over and all(terminations.values())
    winners = game.winners()
    expected = [(players / len(winners) - 1) / (players - 1) if s in winners else -1 / (players - 1)
                for s in range(players)]
    assert [rewards[f"player_{s}"] for s in range(players)] == pytest.approx(expected)
    assert sum(rewards.values()) == pytest.approx(0.0)


def test_an_illegal_action_ends_the_parallel_game_with_the_penalty_for_its_agent() -> None:
    table = parallel_env(players=2)
    observations, _ = table.reset(seed=2)
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[1])
    legal = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    before = table.game.record()
    _, rewards, terminations, _, infos = table.step({"player_0": legal, "player_1": illegal})
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert all(terminations.values()) and infos["player_1"]["illegal_action"] and table.agents == []
    assert table.game.record() == before  # nothing of the step was applied


def test_the_aec_form_selects_the_seats_that_owe_a_decision_one_at_a_time() -> None:
    table = raw_env(players=3)
    table.reset(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        game = table.game
        agent = table.agent_selection
        seat = int(agent.split("_")[1])
        assert seat == game.pending_seats()[0]
        assert np.flatnonzero(table.observe(agent)["action_mask"]).tolist() == legal_indices(game.legal_actions(seat))
        for other in table.agents:  # only the selected agent has legal actions
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        table.step(index(rng.choice(game.legal_actions(seat))))


def test_an_illegal_action_is_refused_by_the_bare_aec_env_and_ends_the_wrapped_game() -> None:
    bare = raw_env(players=2)
    bare.reset(seed=3)
    record = bare.game.record()
    with pytest.raises(IllegalActionError, match="not legal for player_0"):
        bare.step(WAIT)
    assert bare.game.record() == record
    wrapped = env(players=2)
    wrapped.reset(seed=3)
    agent = wrapped.agent_selection
    wrapped.step(WAIT)
    assert wrapped.terminations[agent] and wrapped.rewards[agent] == -1.0


def test_bad_settings_and_options_are_refused_with_the_engines_message() -> None:
    with pytest.raises(ValueError, match="players must be 2 to 4"):
        parallel_env(players=1)
    with pytest.raises(ValueError, match="unknown reward scheme 'tie'; known: win_loss, rank, margin, winners"):
        parallel_env(reward="tie")
    with pytest.raises(ValueError, match="suit_order"):
        raw_env(suit_order="xyz")
    table = parallel_env(players=2)
    with pytest.raises(ValueError, match="Game of 2 players"):
        table.reset(options={"game": new_game(players=3)})
    with pytest.raises(RuntimeError, match="reset"):
        table.game  # noqa: B018


def test_a_seed_deals_that_game_and_flags_reach_the_engine() -> None:
    table = parallel_env(players=2, must_follow=True)
    table.reset(seed=11)
    assert table.game.record() == new_game(players=2, seed=11, must_follow=True).record()
    table.reset(options={"game": new_game(players=2, seed=5)})
    assert table.game.config.seed == 5


def test_spaces_agree_with_the_encoding_and_the_observation() -> None:
    table = parallel_env(players=4)
    assert table.action_space("player_0").n == NUM_ACTIONS
    assert table.observation_space("player_3")["observation"].shape == (OBSERVATION_SIZE,)


@pytest.mark.filterwarnings("error")
def test_the_gymnasium_env_passes_the_env_checker() -> None:
    check_env(gym.make(ENV_ID).unwrapped)


@pytest.mark.parametrize(("reward", "expected"), [("win_loss", {1.0, -1.0, 0.0}), ("margin", None)])
def test_a_gymnasium_episode_against_bots_ends_with_the_seats_reward(reward: str, expected: set[float] | None) -> None:
    solo = AgainstBotsEnv(players=2, opponents=("random",), seat=1, reward=reward)
    for seed in range(3):
        _, info = solo.reset(seed=seed)
        rng = np.random.default_rng(seed)
        terminated, total = False, 0.0
        while not terminated:
            assert (solo.action_masks() == info["action_mask"].astype(bool)).all()
            assert solo.game.pending_seats().count(1) == 1  # the agent always owes the decision it is asked
            _, reward_now, terminated, truncated, info = solo.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += reward_now
            assert not truncated and (reward_now == 0 or terminated)
        scores = solo.game.scores()
        if expected is None:
            assert total == pytest.approx((scores[1] - scores[0]) / 10)
        else:
            assert total == (0.0 if len(solo.game.winners()) == 2 else 1.0 if solo.game.winners() == [1] else -1.0)


def test_the_gymnasium_env_refuses_illegal_actions_bad_settings_and_masks_before_reset() -> None:
    solo = AgainstBotsEnv(players=3, opponents=("greedy", "random"))
    with pytest.raises(RuntimeError, match="call reset"):
        solo.action_masks()
    _, info = solo.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = solo.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        solo.step(illegal)
    with pytest.raises(ValueError, match="unknown bot"):
        AgainstBotsEnv(opponents=("nobody",))
    with pytest.raises(ValueError, match="seat must be 0-1"):
        AgainstBotsEnv(seat=2)
