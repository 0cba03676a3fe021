"""`innkeepers_v0`: Innkeepers as PettingZoo environments for 2 to 4 players, in both of PettingZoo's forms.

    from innkeepers.research.pettingzoo_env import parallel_env
    table = parallel_env(players=3)
    observations, infos = table.reset(seed=42)
    while table.agents:
        actions = {agent: table.action_space(agent).sample(observations[agent]["action_mask"])
                   for agent in table.agents}
        observations, rewards, terminations, truncations, infos = table.step(actions)

- `parallel_env` (ParallelEnv): every agent acts at every step, as the cards are chosen simultaneously
  (I-G-14): in the play and refill stages every seat decides at once; in the other stages one seat decides and
  the others send `wait` (index 0, then their only legal action).
- `raw_env` / `env()` (AEC): one agent at a time, the lowest seat that owes a decision; in the simultaneous
  stages each seat commits in turn and sees only that the others have committed, never their cards (the
  engine's own commit-in-any-order rule). `env()` adds PettingZoo's standard wrappers (an illegal action ends
  the game with -1 for its agent).

Agents are `player_0` … `player_{n-1}` (seat i). Actions are `encoding`'s indices (`Discrete(342)`); the
observation is `{"observation": Box(float32), "action_mask": Box(int8)}`, built only from `game.view(seat)`
(`observation.observation_from_view`); the mask marks the legal actions of the agent now (all zeros in the
AEC form for agents not to play). Rewards come at the end only, by the scheme chosen with `reward`
(`rewards`, `tabletop.rewards`: `win_loss` by default). Other keywords are the engine's assumption flags.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv

from tabletop.research import environments
from tabletop.rewards import DEFAULT_REWARD, check_scheme

from ..errors import IllegalActionError
from ..game import Game, new_game
from .encoding import ACTIONS, NUM_ACTIONS, WAIT, action_text, legal_indices
from .observation import OBSERVATION_BOUND, OBSERVATION_SIZE, observation_from_view
from .rewards import final_rewards


def observation_space() -> spaces.Dict:
    """Every agent's observation space, in both forms."""
    return environments.observation_space(-OBSERVATION_BOUND, OBSERVATION_BOUND, OBSERVATION_SIZE, NUM_ACTIONS)


def action_mask(game: Game, seat: int) -> np.ndarray:
    """The seat's legal actions now (int8): its decisions if it owes one, else `wait` until the game is over."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if game.is_over:
        return mask
    legal = game.legal_actions(seat)
    if legal:
        mask[legal_indices(legal)] = 1
    else:
        mask[WAIT] = 1
    return mask


class _Table(environments.Seats):
    """What both forms share: the settings, the seeds, the game and what each agent observes."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(environments.RENDER_MODES), "name": "innkeepers_v0",
                                          "render_fps": 4}

    def _setup(self, players: int, reward: str, render_mode: str | None, flags: dict[str, Any]) -> None:
        environments.check_render_mode(render_mode)
        self.reward_scheme = check_scheme(reward)
        self.settings: dict[str, Any] = {"players": players, **flags}
        new_game(**self.settings)  # bad settings fail here, with the engine's message
        self.render_mode = render_mode
        self._set_up_seats(players, observation_space(), spaces.Discrete(NUM_ACTIONS))
        self._game: Game | None = None

    @property
    def game(self) -> Game:
        """The engine game being played (for tools and tests; agents see only their observations)."""
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    def _new_game(self, seed: int | None, options: dict[str, Any] | None) -> Game:
        players = len(self.possible_agents)
        return environments.next_game(self._seeds, seed, options, lambda s: new_game(**self.settings, seed=s),
                         lambda g: isinstance(g, Game) and g.config.players == players, f"a Game of {players} players")

    def _observe(self, seat: int, mask: np.ndarray) -> dict[str, np.ndarray]:
        return {"observation": observation_from_view(self.game.view(seat)), "action_mask": mask}

    def render(self) -> str | None:
        return environments.render_text(describe_position(self.game), self.render_mode)

    def close(self) -> None:
        self._game = None


class parallel_env(_Table, ParallelEnv, EzPickle):  # PettingZoo's naming convention
    """The parallel form: `players` 2-4, `reward` a scheme of `tabletop.rewards`, `illegal_reward` for an action
    outside the agent's mask (it ends the game: PettingZoo has no wrapper for that in parallel), and the
    engine's assumption flags. `reset(seed=s)` deals `new_game(seed=s)`; without a seed the next seed is drawn
    from the last one given; `reset(options={"game": game})` starts from a copy of a given game."""

    metadata: ClassVar[dict[str, Any]] = {**_Table.metadata, "is_parallelizable": True}

    def __init__(self, players: int = 2, reward: str = DEFAULT_REWARD,
                 illegal_reward: float = environments.ILLEGAL_REWARD, render_mode: str | None = None,
                 **flags: Any) -> None:
        EzPickle.__init__(self, players, reward, illegal_reward, render_mode, **flags)
        self._setup(players, reward, render_mode, flags)
        self.illegal_reward = illegal_reward
        self.agents: list[str] = []

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        self._game = self._new_game(seed, options)
        self.agents = self.possible_agents[:] if not self._game.is_over else []
        return self._observations(), {agent: {} for agent in self.possible_agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, Any]]:
        game = self.game
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        chosen: list[tuple[int, int]] = []
        illegal = []
        for agent in self.agents:
            seat = self._seats[agent]
            number = int(actions.get(agent, WAIT))  # an agent that owes nothing may leave its `wait` out
            if not (0 <= number < NUM_ACTIONS and action_mask(game, seat)[number]):
                illegal.append(agent)
            elif number != WAIT:
                chosen.append((seat, number))
        agents = self.agents
        infos: dict[str, Any] = {agent: {} for agent in agents}
        if illegal:
            rewards = {agent: self.illegal_reward if agent in illegal else 0.0 for agent in agents}
            for agent in illegal:
                infos[agent]["illegal_action"] = True
        else:
            for seat, number in chosen:
                action = ACTIONS[number]
                assert action is not None
                game.apply(action, seat=seat, events=False)
            rewards = dict.fromkeys(agents, 0.0)
            if game.is_over:
                rewards = dict(zip(self.possible_agents, final_rewards(game, self.reward_scheme)))
        ended = bool(illegal) or game.is_over
        self.agents = [] if ended else agents
        if self.render_mode == "human":
            self.render()
        done = dict.fromkeys(agents, ended)
        return ({a: o for a, o in self._observations().items() if a in agents}, rewards, done,
                dict.fromkeys(agents, False), infos)

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {agent: self._observe(seat, action_mask(self.game, seat)) for agent, seat in self._seats.items()}


class raw_env(_Table, AECEnv, EzPickle):  # PettingZoo's naming convention
    """The bare AEC form (settings as `parallel_env`, without `illegal_reward`: an illegal action raises
    `IllegalActionError` and changes nothing; `env()` turns it into the end of the game)."""

    metadata: ClassVar[dict[str, Any]] = {**_Table.metadata, "is_parallelizable": False}

    def __init__(self, players: int = 2, reward: str = DEFAULT_REWARD, render_mode: str | None = None,
                 **flags: Any) -> None:
        EzPickle.__init__(self, players, reward, render_mode, **flags)
        super().__init__()
        self._setup(players, reward, render_mode, flags)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._game = self._new_game(seed, options)
        environments.start_episode(self)
        self._select()

    def _select(self) -> None:
        """Select the lowest seat that owes a decision, or, once the game is over, give every agent its reward."""
        seat = self.game.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            return
        environments.end_episode(self, final_rewards(self.game, self.reward_scheme))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        selected = agent == self.agent_selection and not self.game.is_over
        mask = action_mask(self.game, seat) if selected else np.zeros(NUM_ACTIONS, dtype=np.int8)
        return self._observe(seat, mask)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        seat = self._seats[agent]
        legal = self.game.legal_actions(seat)
        number = int(action)
        chosen = ACTIONS[number] if 0 <= number < NUM_ACTIONS else None
        if chosen not in legal:
            raise IllegalActionError(f"{action_text(number) if 0 <= number < NUM_ACTIONS else number!r} is not "
                                     f"legal for {agent} now; legal: {', '.join(map(str, legal))}")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(chosen, seat=seat, events=False)
        self._select()
        if self.render_mode == "human":
            self.render()


def env(**kwargs: Any) -> AECEnv:
    """The AEC form with PettingZoo's standard wrappers (what most training code expects)."""
    return environments.standard_wrappers(raw_env(**kwargs))[-1]


def describe_position(game: Game) -> str:
    """One line on where the game stands: trick, customer, who owes what, the scores everyone can see."""
    view = game.view(None)  # the spectator's: scores without the hidden bonus cards until the end
    scores = ", ".join(f"P{p['seat'] + 1} {p['score']}" for p in view["players"])
    if game.is_over:
        return f"game over: {scores}; winners {', '.join(f'P{s + 1}' for s in game.winners())}"
    seats = ", ".join(f"P{s + 1}" for s in game.pending_seats())
    return f"trick {view['trick']}, customer {view['customer']}, {seats} to {game.decision}; {scores}"
