"""A learned policy played with numpy alone: the `learned` bot.

A policy is a small multilayer perceptron (tanh hidden layers, then one logit per token of `encoding`) trained by
`examples/learned_agent/train_masked_ppo.py` (sb3-contrib's MaskablePPO) and saved as a `.npz` of its weights
(`save_policy`). Playing it needs no torch: `LearnedBot` spells a decision token by token as the environments do
(a token that is the only possible next one is typed for it), each time taking the legal token of highest logit
for the observation of its view and the tokens typed (`observation.observation_from_view`). The policy shipped
is `policies/learned.npz`; `docs/bots.md` says how it was trained and how strong it is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..actions import Action
from .encoding import VOCABULARY_SIZE, ActionTree
from .observation import OBSERVATION_SIZE, observation_from_view

SHIPPED = Path(__file__).with_name("policies") / "learned.npz"


class MlpPolicy:
    """`weights[i]` (inputs x outputs) and `biases[i]` of each layer; tanh between layers, logits at the end."""

    def __init__(self, weights: Sequence[np.ndarray], biases: Sequence[np.ndarray],
                 metadata: dict[str, Any] | None = None) -> None:
        if len(weights) != len(biases) or not weights:
            raise ValueError("a policy needs one bias per weight matrix, and at least one layer")
        if weights[0].shape[0] != OBSERVATION_SIZE or weights[-1].shape[1] != VOCABULARY_SIZE:
            raise ValueError(f"a policy maps {OBSERVATION_SIZE} observation entries to {VOCABULARY_SIZE} tokens, "
                             f"not {weights[0].shape[0]} to {weights[-1].shape[1]}")
        self.weights = [np.asarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.asarray(b, dtype=np.float32) for b in biases]
        self.metadata = metadata or {}

    def logits(self, observation: np.ndarray) -> np.ndarray:
        x = observation.astype(np.float32, copy=False)
        for w, b in zip(self.weights[:-1], self.biases[:-1]):
            x = np.tanh(x @ w + b)
        return x @ self.weights[-1] + self.biases[-1]

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """The legal token of highest logit; with `rng`, one sampled from the masked softmax instead."""
        logits = np.where(mask.astype(bool), self.logits(observation), -np.inf)
        if rng is None:
            return int(np.argmax(logits))
        weights = np.exp(logits - logits.max())
        return int(rng.choice(len(weights), p=weights / weights.sum()))


def save_policy(policy: MlpPolicy, path: str | Path, metadata: dict[str, Any] | None = None) -> None:
    arrays: dict[str, Any] = {f"w{i}": w for i, w in enumerate(policy.weights)}
    arrays |= {f"b{i}": b for i, b in enumerate(policy.biases)}
    arrays["metadata"] = np.array(json.dumps({**policy.metadata, **(metadata or {})}))
    np.savez_compressed(path, **arrays)


def load_policy(path: str | Path = SHIPPED) -> MlpPolicy:
    with np.load(path) as data:
        layers = sum(1 for key in data.files if key.startswith("w"))
        return MlpPolicy([data[f"w{i}"] for i in range(layers)], [data[f"b{i}"] for i in range(layers)],
                         json.loads(str(data["metadata"])))


def spell(policy: MlpPolicy, view: dict[str, Any], legal: list[Action]) -> Action:
    """The action the policy types, token by token, among `legal` (the seat's legal actions)."""
    if len(legal) == 1:
        return legal[0]
    tree = ActionTree(legal)
    prefix: list[int] = []
    while True:
        following = tree.next_tokens(prefix)
        if not following:
            found = tree.action(prefix)
            assert found is not None
            return found
        if len(following) == 1:  # typed for the agent, as in the environments
            prefix.append(following[0])
            continue
        mask = np.zeros(VOCABULARY_SIZE, dtype=bool)
        mask[following] = True
        prefix.append(policy.act(observation_from_view(view, prefix), mask))


class LearnedBot:
    """The shipped policy (or `policy`) as a bot: deterministic, the legal token of highest logit each time."""

    name = "learned"

    def __init__(self, seed: int | None = None, policy: MlpPolicy | None = None) -> None:
        self.policy = policy or _shipped()

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return spell(self.policy, view, legal)


_CACHE: dict[str, MlpPolicy] = {}


def _shipped() -> MlpPolicy:
    if "shipped" not in _CACHE:  # every bot of a tournament shares the weights read once
        _CACHE["shipped"] = load_policy(SHIPPED)
    return _CACHE["shipped"]


# ---------------------------------------------------------------------------------------- quick evaluation


def evaluate_solitaire(policy: MlpPolicy, games: int, seed: int, length: str = "long") -> dict[str, float]:
    """Mean booty (a lost game counts 0, as `bloodyinn solo` does) and loss rate over `games` deals."""
    from ..game import new_game
    scores, lost = [], 0
    bot = LearnedBot(policy=policy)
    for number in range(games):
        game = new_game(players=1, length=length, seed=seed + number)
        while not game.is_over:
            game.apply(bot.choose(game.view(0), game.legal_actions()), events=False)
        lost += game.lost
        scores.append(0.0 if game.lost else float(game.scores()[0]))
    return {"mean_score": float(np.mean(scores)), "loss_rate": lost / games}


def evaluate_selfplay(policy: MlpPolicy, opponent: str, games: int, seed: int) -> dict[str, float]:
    """Win rate (a shared win counts as half) of the policy against a bot in two-player short games, the seats
    swapped every game."""
    from ..bots import make_bot
    from ..game import new_game
    wins = 0.0
    for number in range(games):
        seat = number % 2
        game = new_game(players=2, length="short", seed=seed + number // 2)
        players = {seat: LearnedBot(policy=policy), 1 - seat: make_bot(opponent, seed + number)}
        while not game.is_over:
            turn = game.current_player
            assert turn is not None
            game.apply(players[turn].choose(game.view(turn), game.legal_actions()), events=False)
        winners = game.winners()
        wins += (seat in winners) / len(winners) if winners else 0.0
    return {"win_rate": wins / games}
