"""`bloody_inn_v0`: The Bloody Inn as a PettingZoo AEC environment for 1 to 4 players.

    from bloodyinn.research.pettingzoo_env import env
    table = env(players=3)
    table.reset(seed=42)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        mask = observation["action_mask"]
        table.step(None if termination or truncation else table.action_space(agent).sample(mask))

Agents are `player_0` … `player_{n-1}` (seat i). One step types one token of `encoding.VOCABULARY`
(`Discrete(213)`); the action is applied to the engine when its last token is typed (see `tokengame`). The
observation is `{"observation": Box(float32), "action_mask": Box(int8)}`, built only from `game.view(seat)`
and the tokens typed (`observation.observation_from_view`); the mask is all zeros for agents not to play.
Rewards come at the end only, by the scheme `reward` names (`tokengame.final_rewards`: `win_loss` by default).
`env()` adds PettingZoo's standard wrappers (an illegal token ends the game with -1 for its agent, bounds and
order checks); `raw_env` is the bare environment.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tabletop.research import environments
from tabletop.rewards import DEFAULT_REWARD, check_scheme

from ..game import Game, new_game
from .encoding import VOCABULARY_SIZE, token_text
from .observation import OBSERVATION_HIGH, OBSERVATION_SIZE, SeatObserver
from .tokengame import TokenGame, final_rewards


def observation_space() -> spaces.Dict:
    """The observation space of every agent of both environments' multi-agent form."""
    return environments.observation_space(0.0, OBSERVATION_HIGH, OBSERVATION_SIZE, VOCABULARY_SIZE)


class TokenSpace(spaces.Discrete):
    """`Discrete(213)`, whose membership test answers a plain int in range at once: AssertOutOfBoundsWrapper
    asks at every step, and `Discrete.contains` spends more on numpy casts than a step of the game costs.
    Anything else gets `Discrete`'s own answer."""

    def contains(self, x: Any) -> bool:
        if type(x) is int and 0 <= x < VOCABULARY_SIZE:
            return True
        return super().contains(x)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's standard wrappers (what most training code expects)."""
    bare = _mirrored_env(**kwargs)
    layers = environments.standard_wrappers(bare)
    bare.mirror_to(layers)
    for layer in layers:  # inside out: each may go straight to the shortcut under it
        for name in PASS_THROUGHS:
            if getattr(type(layer), name) is getattr(wrappers.BaseWrapper, name):
                layer.__dict__[name] = getattr(layer.env, name)
    return layers[-1]


# The bare environment's attributes that PettingZoo's wrappers and the AEC loop read at every step.
MIRRORED = frozenset({"agent_selection", "agents", "rewards", "_cumulative_rewards", "terminations", "truncations",
                      "infos"})

# Methods a wrapper that does not override them only hands to the layer under it (`BaseWrapper`'s): such a layer
# gets the inner layer's method as its own, so a call skips the hops that add nothing (AssertOutOfBoundsWrapper
# asks for the action space at every step, through two of them).
PASS_THROUGHS = ("observe", "action_space", "observation_space")


class raw_env(environments.Seats, AECEnv, EzPickle):  # PettingZoo's naming convention
    """The bare AEC environment: `players` 1-4, `length` short or long, `variants` as for `new_game`, `reward`
    a scheme of `tabletop.rewards` (`win_loss`, `rank`, `margin`, `winners`; solitaire pays its booty whatever it is).

    `reset(seed=s)` deals the game `new_game(..., seed=s)`; without a seed the next game's seed is drawn from
    the last one given (or at random). `reset(options={"game": game})` starts from a copy of a given game
    with the same number of players instead (a saved position, or `Game.from_view` for determinization)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(environments.RENDER_MODES), "name": "bloody_inn_v0",
                                          "is_parallelizable": False, "render_fps": 4}

    def __init__(self, players: int = 2, length: str = "short", variants: Iterable[str] = (),
                 render_mode: str | None = None, reward: str = DEFAULT_REWARD) -> None:
        EzPickle.__init__(self, players, length, tuple(variants), render_mode, reward)
        super().__init__()
        environments.check_render_mode(render_mode)
        self.settings = {"players": players, "length": length, "variants": tuple(variants)}
        new_game(**self.settings)  # type: ignore[arg-type]  # bad settings fail here, with the engine's message
        self.reward_scheme = check_scheme(reward)
        self.render_mode = render_mode
        self._set_up_seats(players, observation_space(), TokenSpace(VOCABULARY_SIZE))
        self.tokens: TokenGame | None = None

    @property
    def game(self) -> Game:
        """The engine game being played (for tools and tests; agents see only their observations)."""
        if self.tokens is None:
            raise RuntimeError("call reset() first")
        return self.tokens.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        players = len(self.possible_agents)
        game = environments.next_game(self._seeds, seed, options, lambda s: new_game(**self.settings, seed=s),  # type: ignore[arg-type]
                         lambda g: isinstance(g, Game) and g.config.players == players, f"a Game of {players} players")
        self.tokens = TokenGame(game)
        self._observer = SeatObserver(self.tokens)
        environments.start_episode(self)
        self._select()

    def _select(self) -> None:
        """Select the agent to type next, or, once the game is over, give every agent its reward."""
        assert self.tokens is not None
        seat = self.tokens.seat
        if seat is not None:
            agent = self.possible_agents[seat]
            if agent is not getattr(self, "agent_selection", None):  # `env()` mirrors each assignment to 3 wrappers
                self.agent_selection = agent
            return
        environments.end_episode(self, final_rewards(self.game, self.reward_scheme))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        return {"observation": self._observer.observation(seat), "action_mask": self._observer.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.tokens is not None and action is not None
        self._cumulative_rewards[agent] = 0.0  # rewards are all 0 until the end (`_select` gives them)
        self.tokens.step(int(action))
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return render_position(self.game, self.tokens.prefix if self.tokens else [], self.render_mode)

    def close(self) -> None:
        self.tokens = None


class _mirrored_env(raw_env):
    """`raw_env` that keeps the `MIRRORED` attributes also on the wrappers `env()` puts around it. A wrapper
    finds the attributes it lacks through `__getattr__`, one layer after another: with three layers that cost
    more than the game's own step, and the AEC loop and the wrappers read them a dozen times a step. The values
    are the same objects, so in-place changes are seen everywhere, and every assignment (the wrappers' too,
    which assign on the bare environment) goes through `__setattr__`."""

    _mirrors: tuple[AECEnv, ...] = ()

    def mirror_to(self, wrappers: tuple[AECEnv, ...]) -> None:
        self._mirrors = wrappers
        for name in MIRRORED & vars(self).keys():
            self.__setattr__(name, getattr(self, name))

    def __setattr__(self, name: str, value: Any) -> None:
        if name in MIRRORED:  # plain attributes, written where they are read (the selected agent: every decision)
            self.__dict__[name] = value
            for wrapper in self._mirrors:
                wrapper.__dict__[name] = value
        else:
            object.__setattr__(self, name, value)

    # A pickled environment comes back as a new one (EzPickle) that its wrappers must still follow from reset on.
    def __getstate__(self) -> dict[str, Any]:
        return {**super().__getstate__(), "mirrors": self._mirrors}

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._mirrors = state["mirrors"]


def describe_position(game: Game, prefix: list[int]) -> str:
    """One line on where the game stands: round, who decides what, the tokens typed, the booty."""
    scores = ", ".join(f"P{seat + 1} {score}F" for seat, score in enumerate(game.scores()))
    if game.is_over:
        return f"game over: {scores}; winners {', '.join(f'P{s + 1}' for s in game.winners()) or 'none'}"
    seat = game.current_player
    assert seat is not None
    typed = token_text(prefix) or "nothing yet"
    return f"round {game.view(None)['round']}, P{seat + 1} decides ({game.decision}), typed: {typed}; {scores}"


def render_position(game: Game, prefix: list[int], render_mode: str | None) -> str | None:
    """What both environments' `render()` gives: the position in one line, printed in "human" mode, else returned."""
    return environments.render_text(describe_position(game, prefix), render_mode)
