"""The learned bot: a policy saved as .npz and played with numpy alone, spelling legal actions token by token as
the environments do, in solitaire and in company; and the shipped policy's file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bloodyinn import new_game
from bloodyinn.bots import make_bot
from bloodyinn.research.encoding import VOCABULARY_SIZE
from bloodyinn.research.gymnasium_env import SolitaireEnv
from bloodyinn.research.observation import OBSERVATION_SIZE
from bloodyinn.research.policy import SHIPPED, LearnedBot, MlpPolicy, load_policy, save_policy, spell


def random_policy(seed: int) -> MlpPolicy:
    rng = np.random.default_rng(seed)
    shapes = [(OBSERVATION_SIZE, 16), (16, VOCABULARY_SIZE)]
    return MlpPolicy([rng.normal(size=s).astype(np.float32) for s in shapes],
                     [rng.normal(size=s[1]).astype(np.float32) for s in shapes])


def test_a_saved_policy_loads_back_with_the_same_weights_and_metadata(tmp_path: Path) -> None:
    policy = random_policy(1)
    save_policy(policy, tmp_path / "p.npz", {"mode": "solitaire"})
    loaded = load_policy(tmp_path / "p.npz")
    assert loaded.metadata == {"mode": "solitaire"}
    observation = np.random.default_rng(2).random(OBSERVATION_SIZE).astype(np.float32)
    assert np.array_equal(loaded.logits(observation), policy.logits(observation))


def test_a_policy_of_the_wrong_shape_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=f"maps {OBSERVATION_SIZE} observation entries to {VOCABULARY_SIZE}"):
        MlpPolicy([np.zeros((3, VOCABULARY_SIZE))], [np.zeros(VOCABULARY_SIZE)])


def test_the_bot_types_what_the_environment_would_take_from_the_same_policy() -> None:
    """Token by token, the bot's action is the one the Gymnasium environment applies when the same policy's
    argmax tokens are typed into it: the same observations and masks, forced tokens typed for it."""
    policy = random_policy(3)
    bot = LearnedBot(policy=policy)
    env = SolitaireEnv(length="short")
    observation, info = env.reset(seed=4)
    game = env.game
    for _ in range(40):
        if game.is_over:
            break
        decided = len(game.actions)
        expected = bot.choose(game.view(0), game.legal_actions())
        while len(game.actions) == decided:
            token = policy.act(observation, info["action_mask"].astype(bool))
            observation, _, _, _, info = env.step(token)
        assert game.actions[decided] == expected


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_shipped_policy_plays_whole_games_with_legal_actions(players: int) -> None:
    game = new_game(players=players, length="short", seed=players)
    bots = [make_bot("learned", 0)] + [make_bot("greedy", s) for s in range(1, players)]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(action)
    assert SHIPPED.exists() and load_policy().metadata["timesteps"] > 0


def test_playing_the_learned_bot_imports_no_torch() -> None:
    code = ("import sys; from bloodyinn import new_game; from bloodyinn.bots import make_bot; "
            "g = new_game(players=1, length='short', seed=1); b = make_bot('learned', 0); "
            "b.choose(g.view(0), g.legal_actions()); assert 'torch' not in sys.modules, 'torch was imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


class Refusing(MlpPolicy):
    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        raise AssertionError("the policy was asked")


def test_a_forced_decision_is_taken_without_asking_the_policy() -> None:
    base = random_policy(6)
    game = new_game(players=1, length="short", seed=5)
    only = game.legal_actions()[:1]
    assert spell(Refusing(base.weights, base.biases), game.view(0), only) == only[0]
