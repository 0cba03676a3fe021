"""The solitaire game (R-SOLO-*) as a Gymnasium environment, registered as `bloodyinn/Solitaire-v0`.

    import gymnasium as gym
    import bloodyinn.research.gymnasium_env  # registers the id
    env = gym.make("bloodyinn/Solitaire-v0", length="long")
    observation, info = env.reset(seed=42)
    observation, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

One step types one token of `encoding.VOCABULARY` (`Discrete(213)`); the observation is the float32 vector of
`observation.observation_from_view` (Box). The legal tokens are in `info["action_mask"]` (int8) and
`action_masks()` (bool, for sb3-contrib's MaskablePPO). The reward is 0 until the end, then the booty / 100F,
or -1 if the police closed the inn (`tokengame.final_rewards`). An illegal token ends the episode with
`illegal_reward` (-1) and `info["illegal_action"]`, as PettingZoo's TerminateIllegalWrapper does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tabletop.research.environments import RENDER_MODES, check_render_mode, next_game

from ..game import Game, new_game
from .encoding import VOCABULARY_SIZE
from .observation import OBSERVATION_HIGH, OBSERVATION_SIZE, SeatObserver
from .pettingzoo_env import render_position
from .tokengame import TokenGame, final_rewards

ENV_ID = "bloodyinn/Solitaire-v0"


class SolitaireEnv(gym.Env[np.ndarray, np.int64]):
    """Solitaire, one token per step. `reset(options={"game": game})` starts from a copy of a given solitaire
    game (a saved position, or `Game.from_view`) instead of dealing `new_game(players=1, seed=seed)`."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (Gymnasium declares it)

    def __init__(self, length: str = "long", variants: Iterable[str] = (), illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        check_render_mode(render_mode)
        self.settings = {"players": 1, "length": length, "variants": tuple(variants)}
        new_game(**self.settings)  # type: ignore[arg-type]  # bad settings fail here, with the engine's message
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=0.0, high=OBSERVATION_HIGH, shape=(OBSERVATION_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(VOCABULARY_SIZE)
        self._seeds = random.Random()
        self.tokens: TokenGame | None = None

    @property
    def game(self) -> Game:
        """The engine game being played (for tools and tests; the agent sees only its observations)."""
        if self.tokens is None:
            raise RuntimeError("call reset() first")
        return self.tokens.game

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game = next_game(self._seeds, seed, options, lambda s: new_game(**self.settings, seed=s),  # type: ignore[arg-type]
                         lambda g: isinstance(g, Game) and g.config.solo, "a solitaire Game")
        self.tokens = TokenGame(game)
        self._observer = SeatObserver(self.tokens)
        self._ended = game.is_over
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.tokens is None or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        token = int(action)
        if not self.tokens.is_legal(token):
            self._ended = True
            return self._observation(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        self.tokens.step(token)
        reward = 0.0
        if self.game.is_over:
            self._ended = True
            reward = final_rewards(self.game)[0]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._ended, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal tokens now, as booleans (the method sb3-contrib's MaskablePPO calls)."""
        return self._observer.mask(0).astype(bool)

    def _observation(self) -> np.ndarray:
        return self._observer.observation(0)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._observer.mask(0)}

    def render(self) -> str | None:
        return render_position(self.game, self.tokens.prefix if self.tokens else [], self.render_mode)


gym.register(id=ENV_ID, entry_point=f"{__name__}:SolitaireEnv")
