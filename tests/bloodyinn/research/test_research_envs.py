"""The PettingZoo (1-4 players) and Gymnasium (solitaire) environments: the libraries' own conformance checks,
whole games that end with the engine's result, masks that are exactly the legal tokens, and illegal tokens."""

from __future__ import annotations

import random

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from bloodyinn import IllegalActionError, new_game
from bloodyinn.bots import GreedyBot
from bloodyinn.research.encoding import TOKEN_ID, VOCABULARY_SIZE, ActionTree, encode
from bloodyinn.research.gymnasium_env import ENV_ID, SolitaireEnv
from bloodyinn.research.observation import OBSERVATION_SIZE
from bloodyinn.research.pettingzoo_env import env, raw_env

# PettingZoo's checker warns about every Dict observation (its own classic games are on a list it exempts).
DICT_OBSERVATIONS = ["ignore:Observation space for each agent probably", "ignore:Observation is not a NumPy array"]


@pytest.mark.filterwarnings("error", *DICT_OBSERVATIONS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_pettingzoo_env_passes_the_api_and_seed_tests(players: int) -> None:
    api_test(env(players=players), num_cycles=400)
    seed_test(lambda: env(players=players), num_cycles=200)


def play_to_the_end(table: object, rng: random.Random) -> dict[str, float]:
    """Random legal tokens for every agent until the game ends; the reward each agent sees when it ends."""
    final = {}
    for agent in table.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _ = table.last()  # type: ignore[attr-defined]
        if termination or truncation:
            final[agent] = reward
            table.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) >= 2  # tokens without a choice are typed for the agent
        table.step(int(rng.choice(legal)))  # type: ignore[attr-defined]
    return final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_ends_with_the_win_shared_among_the_winners_zero_sum(players: int) -> None:
    """R-END-6/7: the engine decides who wins; the rewards (the default scheme, win_loss) only report it, at
    the end: the win (1 + 1/(n-1) above a loss) split among the winners, -1/(n-1) for the others."""
    table = env(players=players, length="short")
    table.reset(seed=players)
    game = table.unwrapped.game
    final = play_to_the_end(table, random.Random(players))
    winners = game.winners()
    assert game.is_over and winners
    loss = -1 / (players - 1)
    win = loss + (1 - loss) / len(winners)  # 1 for a sole winner
    assert final == pytest.approx({f"player_{s}": (win if s in winners else loss) for s in range(players)})
    assert sum(final.values()) == pytest.approx(0.0)
    assert table.agents == []


@pytest.mark.parametrize(("reward", "tie", "sole"), [("win_loss", [0.0, 0.0], [1.0, -1.0]),
                                                     ("rank", [0.0, 0.0], [1.0, -1.0]),
                                                     ("winners", [1.0, 1.0], [1.0, -1.0])])
def test_the_reward_scheme_decides_what_a_tie_pays(reward: str, tie: list[float], sole: list[float]) -> None:
    """R-END-7: two players level after the tie-break share the win; under the former default (`winners`) that
    paid +1 each, as much as a win."""
    outcomes: dict[bool, list[float]] = {}
    for seed in range(12):
        table = env(players=2, length="short", reward=reward)
        table.reset(seed=seed)
        final = play_to_the_end(table, random.Random(seed))
        game = table.unwrapped.game
        winners = game.winners()
        rewards = [final["player_0"], final["player_1"]]
        outcomes[len(winners) == 2] = rewards if len(winners) == 2 else (rewards if winners == [0] else rewards[::-1])
    assert outcomes == {True: tie, False: sole}


def test_the_margin_scheme_pays_the_score_gap_in_hundreds_of_francs() -> None:
    table = env(players=3, length="short", reward="margin")
    table.reset(seed=4)
    final = play_to_the_end(table, random.Random(4))
    scores = table.unwrapped.game.scores()
    for seat in range(3):
        gap = sum(scores[seat] - scores[other] for other in range(3) if other != seat) / 2
        assert final[f"player_{seat}"] == pytest.approx(gap / 100)


def test_masks_are_exactly_the_tokens_that_continue_a_legal_action() -> None:
    table = raw_env(players=3)
    table.reset(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        game = table.game
        seat = game.current_player
        agent = table.agent_selection
        assert agent == f"player_{seat}"
        prefix = table.tokens.prefix
        expected = ActionTree(game.legal_actions()).next_tokens(prefix)
        assert np.flatnonzero(table.observe(agent)["action_mask"]).tolist() == expected
        for other in table.agents:  # only the agent to play has legal tokens
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        observation = table.observe(agent)["observation"]
        assert observation.shape == (OBSERVATION_SIZE,) and observation.dtype == np.float32
        table.step(rng.choice(expected))


def test_a_whole_action_is_applied_when_its_last_token_is_typed() -> None:
    table = raw_env(players=2)
    game = new_game(players=2, seed=9)
    while game.decision != "night" or len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[-1])
    table.reset(options={"game": game})
    action = next(a for a in game.legal_actions() if len(encode(a)) >= 3)
    tokens = encode(action)
    before = len(table.game.actions)
    steps = 0
    while len(table.game.actions) == before:
        table.step(tokens[len(table.tokens.prefix)])  # the tokens not typed yet (some are typed for the agent)
        steps += 1
    assert 1 <= steps < len(tokens) + 1
    assert table.game.actions[before] == action
    assert game.actions == table.game.actions[:before]  # the given game itself is untouched


def test_an_illegal_token_is_refused_by_the_bare_env_and_ends_the_wrapped_game() -> None:
    bare = raw_env(players=2)
    bare.reset(seed=1)
    record, prefix = bare.game.record(), list(bare.tokens.prefix)
    with pytest.raises(IllegalActionError, match="cannot follow"):
        bare.step(TOKEN_ID["99"])
    assert bare.game.record() == record and bare.tokens.prefix == prefix  # R-ACT-1: nothing changed
    wrapped = env(players=2)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    wrapped.step(TOKEN_ID["99"])
    assert wrapped.terminations[agent] and wrapped.rewards[agent] == -1.0


def test_bad_settings_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        raw_env(players=5)
    with pytest.raises(ValueError, match="unknown reward scheme 'tie'; known: win_loss, rank, margin, winners"):
        raw_env(players=2, reward="tie")
    table = raw_env(players=2)
    with pytest.raises(ValueError, match="Game of 2 players"):
        table.reset(options={"game": new_game(players=3)})


@pytest.mark.filterwarnings("error")
def test_the_gymnasium_solitaire_env_passes_the_env_checker() -> None:
    check_env(gym.make(ENV_ID, length="short").unwrapped)


def test_a_solitaire_episode_ends_with_the_booty_or_the_loss_penalty() -> None:
    """R-SOLO-4: a game lost to the police scores -1; a won one its booty / 100F."""
    solitaire = SolitaireEnv(length="short")
    outcomes = set()
    for seed in range(6):
        _, info = solitaire.reset(seed=seed)
        bot = GreedyBot(seed, noise=0.1)  # loses some short solitaire games to the police, wins others
        terminated, total, decided = False, 0.0, -1
        game = solitaire.game
        while not terminated:
            mask = info["action_mask"]
            assert (solitaire.action_masks() == mask.astype(bool)).all()
            if decided != len(game.actions):  # a new decision: the bot picks a whole action, typed in steps
                decided, action = len(game.actions), bot.choose(game.view(0), game.legal_actions())
            token = encode(action)[len(solitaire.tokens.prefix)]
            assert mask[token]
            _, reward, terminated, truncated, info = solitaire.step(token)
            total += reward
            assert not truncated and (reward == 0 or terminated)
        assert total == (-1.0 if game.lost else game.scores()[0] / 100)
        outcomes.add(game.lost)
    assert outcomes == {True, False}


def test_vectorized_solitaire_games_reset_in_the_step_that_ends_them() -> None:
    """`gym.make_vec` with SAME_STEP autoreset, as docs/research.md shows: every mask handed out offers a choice
    (at least two tokens: forced ones are typed for the agent), and a finished game's reward is its outcome
    (R-SOLO-4), with its last observation in `final_obs`."""
    envs = gym.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", length="short",
                        vector_kwargs={"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP})
    _, info = envs.reset(seed=5)
    rng = np.random.default_rng(5)
    finished: list[float] = []
    while len(finished) < 6:
        assert (info["action_mask"].sum(axis=1) >= 2).all()
        tokens = np.array([rng.choice(np.flatnonzero(mask)) for mask in info["action_mask"]])
        _, rewards, terminated, truncated, info = envs.step(tokens)
        assert not truncated.any() and (rewards[~terminated] == 0).all()
        for index in np.flatnonzero(terminated):
            assert info["final_obs"][index].shape == (OBSERVATION_SIZE,)
            assert not info["final_info"]["action_mask"][index].any()  # the game over: nothing to type
            finished.append(float(rewards[index]))
    envs.close()
    assert all(reward == -1.0 or reward > 0 for reward in finished)


def test_an_illegal_solitaire_token_ends_the_episode_with_the_penalty() -> None:
    solitaire = SolitaireEnv(length="short")
    _, info = solitaire.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = solitaire.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="reset"):
        solitaire.step(illegal)


def test_vocabulary_and_spaces_agree() -> None:
    table = raw_env(players=4)
    assert table.action_space("player_0").n == VOCABULARY_SIZE
    assert table.observation_space("player_3")["observation"].shape == (OBSERVATION_SIZE,)


def test_a_seed_deals_that_game_and_seedless_resets_follow_from_it() -> None:
    from bloodyinn.research import bloody_inn_v0

    first, second = bloody_inn_v0.env(players=2), bloody_inn_v0.env(players=2)
    for table in (first, second):
        table.reset(seed=11)
    assert first.unwrapped.game.record() == new_game(players=2, seed=11).record()
    first.reset()
    second.reset()
    assert first.unwrapped.game.record()["settings"]["seed"] != 11
    assert first.unwrapped.game.record() == second.unwrapped.game.record()
