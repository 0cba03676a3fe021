"""One seat of Innkeepers against bots as a Gymnasium environment, registered as `innkeepers/AgainstBots-v0`.

    import gymnasium as gym
    import innkeepers.research.gymnasium_env  # registers the id
    env = gym.make("innkeepers/AgainstBots-v0", players=2, opponents=("greedy",))
    observation, info = env.reset(seed=42)
    observation, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

The agent plays `seat` (0 by default); the other seats are played by the `opponents` bots of `innkeepers.bots`,
in seat order (the list repeats if shorter), each from its own view. A step is one decision of the agent (an
index of `encoding`, `Discrete(342)`); the bots then decide until the agent owes a decision again. At a
simultaneous stage the bots commit after the agent (they cannot see its card, I-G-14), so the agent sees what
it would in the parallel environment. The observation is `observation.observation_from_view`'s vector (Box);
the legal actions are `info["action_mask"]` (int8) and `action_masks()` (bool, for sb3-contrib's MaskablePPO).
The reward is 0 until the end, then the agent's by the `reward` scheme (`tabletop.rewards`). An action outside
the mask ends the episode with `illegal_reward` (-1) and `info["illegal_action"]`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tabletop.research.environments import RENDER_MODES, check_render_mode, next_game, render_text
from tabletop.rewards import DEFAULT_REWARD, check_scheme

from ..bots import Bot, make_bot
from ..game import Game, new_game
from .encoding import ACTIONS, NUM_ACTIONS
from .observation import OBSERVATION_BOUND, OBSERVATION_SIZE, observation_from_view
from .pettingzoo_env import action_mask, describe_position
from .rewards import final_rewards

ENV_ID = "innkeepers/AgainstBots-v0"


class AgainstBotsEnv(gym.Env[np.ndarray, np.int64]):
    """One seat against bots; `reset(options={"game": game})` starts from a copy of a given game."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (Gymnasium declares it)

    def __init__(self, players: int = 2, opponents: Sequence[str] = ("greedy",), seat: int = 0,
                 reward: str = DEFAULT_REWARD, illegal_reward: float = -1.0, render_mode: str | None = None,
                 **flags: Any) -> None:
        check_render_mode(render_mode)
        self.settings: dict[str, Any] = {"players": players, **flags}
        new_game(**self.settings)  # bad settings fail here, with the engine's message
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0-{players - 1}, got {seat!r}")
        if not opponents:
            raise ValueError("name at least one opponent bot")
        for name in opponents:
            make_bot(name, 0)  # an unknown bot fails here, naming the known ones
        self.opponents = tuple(opponents)
        self.seat = seat
        self.reward_scheme = check_scheme(reward)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=-OBSERVATION_BOUND, high=OBSERVATION_BOUND,
                                            shape=(OBSERVATION_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._seeds = random.Random()
        self._game: Game | None = None
        self._bots: dict[int, Bot] = {}
        self._ended = True

    @property
    def game(self) -> Game:
        """The engine game being played (for tools and tests; the agent sees only its observations)."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        players = self.settings["players"]
        game = next_game(self._seeds, seed, options, lambda s: new_game(**self.settings, seed=s),
                         lambda g: isinstance(g, Game) and g.config.players == players, f"a Game of {players} players")
        self._game = game
        others = [s for s in range(game.config.players) if s != self.seat]
        bot_seed = self._seeds.getrandbits(32)
        self._bots = {s: make_bot(self.opponents[i % len(self.opponents)], bot_seed + s) for i, s in enumerate(others)}
        self._bots_play()
        self._ended = game.is_over
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._game is None or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        number = int(action)
        if not (0 <= number < NUM_ACTIONS and self.action_masks()[number]):  # `wait` is never legal here
            self._ended = True
            return self._observation(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        self._game.apply(ACTIONS[number], seat=self.seat)
        self._bots_play()
        reward = 0.0
        if self._game.is_over:
            self._ended = True
            reward = final_rewards(self._game, self.reward_scheme)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._ended, False, self._info()

    def _bots_play(self) -> None:
        """The bots decide until the agent owes a decision (the others of a simultaneous stage commit after it)
        or the game is over."""
        game = self.game
        while not game.is_over and self.seat not in game.pending_seats():
            for seat in game.pending_seats():
                legal = game.legal_actions(seat)
                action = legal[0] if len(legal) == 1 else self._bots[seat].choose(game.view(seat), legal)
                game.apply(action, seat=seat, events=False)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (the method sb3-contrib's MaskablePPO calls)."""
        if self._game is None:
            raise RuntimeError("call reset() first: there are no legal actions before a game is dealt")
        return action_mask(self._game, self.seat).astype(bool)

    def _observation(self) -> np.ndarray:
        return observation_from_view(self.game.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self.game, self.seat)}

    def render(self) -> str | None:
        return render_text(describe_position(self.game), self.render_mode)


gym.register(id=ENV_ID, entry_point=f"{__name__}:AgainstBotsEnv")
