"""The plumbing of a game's PettingZoo and Gymnasium environments, for any game: their spaces, render modes,
where a reset's game comes from, the AEC form's bookkeeping of an episode, and PettingZoo's standard wrappers.
What an agent observes, what an action is and what a game pays stay with the game."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

ILLEGAL_REWARD = -1.0  # what an illegal action pays its agent, the game ending with it
RENDER_MODES = ("ansi", "human")

G = TypeVar("G")


def observation_space(low: float, high: float, size: int, actions: int) -> spaces.Dict:
    """Every agent's observation: `{"observation": Box(float32) of `size`, "action_mask": Box(int8) of `actions`}`."""
    return spaces.Dict({
        "observation": spaces.Box(low=low, high=high, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    })


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"unknown render mode {render_mode!r}; known: {', '.join(RENDER_MODES)}")


def render_text(text: str, render_mode: str | None) -> str | None:
    """What `render()` gives: `text` printed in "human" mode, else returned."""
    if render_mode == "human":
        print(text)
        return None
    return text


def next_game(seeds: random.Random, seed: int | None, options: dict[str, Any] | None, deal: Callable[[int], G],
              accepts: Callable[[Any], bool], expected: str) -> G:
    """The game a reset starts: a copy of `options["game"]` if given (a ValueError naming `expected` unless
    `accepts` it), else `deal(seed)`. A given seed reseeds `seeds`; without one the game's seed is drawn from
    them, so the games after a seeded reset repeat."""
    if seed is not None:
        seeds.seed(seed)
    start = (options or {}).get("game")
    if start is None:
        return deal(seed if seed is not None else seeds.getrandbits(63))
    if not accepts(start):
        raise ValueError(f"options['game'] must be {expected}")
    copy: G = start.copy()
    return copy


class Seats:
    """A multi-agent environment's agents, `player_0` … `player_{n-1}` for seats 0 … n-1, all with the same
    observation and action spaces, and the seeds its resets draw from (`next_game`)."""

    def _set_up_seats(self, players: int, observation: spaces.Space, action: spaces.Space) -> None:
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = observation
        self._action_space = action
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space


def start_episode(env: AECEnv) -> None:
    """An AEC environment's agents and their rewards, terminations, truncations and infos at a reset."""
    env.agents = env.possible_agents[:]
    env.rewards = dict.fromkeys(env.agents, 0.0)
    env._cumulative_rewards = dict.fromkeys(env.agents, 0.0)
    env.terminations = dict.fromkeys(env.agents, False)
    env.truncations = dict.fromkeys(env.agents, False)
    env.infos = {agent: {} for agent in env.agents}


def end_episode(env: AECEnv, rewards: Sequence[float]) -> None:
    """Give every agent of an AEC environment its final reward (by seat) and end the game for all."""
    env.rewards = dict(zip(env.possible_agents, rewards))
    env.terminations = dict.fromkeys(env.agents, True)
    env._accumulate_rewards()
    if getattr(env, "agent_selection", None) not in env.agents:  # a game already over at reset
        env.agent_selection = env.agents[0]


def standard_wrappers(bare: AECEnv) -> tuple[AECEnv, AECEnv, AECEnv]:
    """PettingZoo's standard wrappers around `bare`, inside out (the last is the environment to hand out): an
    illegal action ends the game with `ILLEGAL_REWARD` for its agent, then the bounds and order checks."""
    illegal = wrappers.TerminateIllegalWrapper(bare, illegal_reward=ILLEGAL_REWARD)
    bounds = wrappers.AssertOutOfBoundsWrapper(illegal)
    return illegal, bounds, wrappers.OrderEnforcingWrapper(bounds)
