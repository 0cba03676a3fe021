"""Innkeepers as an OpenSpiel game of simultaneous moves: `pyspiel.load_game("python_innkeepers(players=3)")`.

Importing this module registers the game. Its nodes:

- **chance** (explicit, `innkeepers.research.chance`): the deal (every playing card of every hand, every bonus
  card, the first customer), every customer that comes out of the deck's unknown part, every card drawn in a
  refill. An outcome is a card, bonus card or customer index (`innkeepers.cards`); all are equally likely. A
  clone holds no hidden future.
- **simultaneous** (`PlayerId.SIMULTANEOUS`): the play and refill stages, where every seat chooses at once
  (I-G-14); each player's legal actions are its own.
- **one player**: placing, referring, second place's action, picking: the seat that decides is the current
  player.

Actions are the indices of `innkeepers.research.encoding` (342 distinct actions; `wait` is never legal here).

The game has imperfect information: a hand, a bonus card and the customers drawn by Choose are their seat's
own until revealed, and cards committed at once are seen only together. The information state string is what
the seat saw happen, in order (`chance.Seen`: its own cards, everyone's moves once revealed, every customer that
came up); the observation string is the seat's `game.view(seat)` as JSON, and the observation tensor the
environments' (`observation.observation_from_view`). No information state tensor.

Returns at the end are the environments' rewards, by the `reward` parameter (`tabletop.rewards`: `win_loss` by
default, zero-sum; `winners` is general-sum). Other parameters are the engine's assumption flags.

OpenSpiel's `MCTSBot` needs a sequential game: `pyspiel.convert_to_turn_based(game)` gives one (the seats of
a simultaneous move choose in turn, the later ones told only that the earlier ones chose). MCTS then searches
the true state, hidden cards included: a perfect-information baseline, not a fair player (for that,
`innkeepers.bots`' `search`, information-set MCTS from the seat's view).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tabletop.rewards import DEFAULT_REWARD, check_scheme, is_zero_sum

from ..cards import BONUS_IDS, CARD_IDS, CUSTOMER_IDS, NUM_CARDS, NUM_CUSTOMERS
from ..config import FLAG_NAMES, HAND_SIZE, TRICKS_PER_HAND, GameConfig
from ..errors import ConfigError
from .chance import ChanceGame
from .encoding import ACTIONS, NUM_ACTIONS, action_text, legal_indices
from .observation import OBSERVATION_SIZE, observation_from_view
from .rewards import final_rewards, reward_bounds

SHORT_NAME = "python_innkeepers"
DEFAULT_PARAMS: dict[str, Any] = {"players": 2, "reward": DEFAULT_REWARD, **GameConfig().flags()}


def game_type(reward: str) -> pyspiel.GameType:
    """The game's type; its utility follows the reward scheme."""
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Innkeepers",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if is_zero_sum(reward)
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMS,
    )


def config_from_params(params: dict[str, Any]) -> tuple[GameConfig, str]:
    """The engine's settings and the reward scheme from the game's parameters."""
    values = {**DEFAULT_PARAMS, **params}
    unknown = set(values) - set(DEFAULT_PARAMS)
    if unknown:
        raise ConfigError(f"unknown parameters {sorted(unknown)}; known: {sorted(DEFAULT_PARAMS)}")
    try:
        reward = check_scheme(str(values["reward"]))
    except ValueError as error:
        raise ConfigError(str(error)) from None
    flags = {name: values[name] for name in FLAG_NAMES}
    return GameConfig(players=int(values["players"]), **flags), reward


def max_game_length(players: int) -> int:
    """A bound on the moves of a game: the deal, then per customer (one trick each at most) a simultaneous
    move, up to four single decisions, the next customer and Choose's three; per hand a refill move and up to
    seven cards per seat."""
    deal = players * (HAND_SIZE + 1) + 1
    tricks = NUM_CUSTOMERS
    return deal + tricks * (1 + 4 + 1 + 3) + (tricks // TRICKS_PER_HAND + 1) * (1 + HAND_SIZE * players)


class InnkeepersGame(pyspiel.Game):
    """The OpenSpiel game; parameters as in `config_from_params`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.config, self.reward = config_from_params(params or {})
        low, high = reward_bounds(self.reward, self.config.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            num_players=self.config.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if is_zero_sum(self.reward) else None,
            max_game_length=max_game_length(self.config.players),
        )
        super().__init__(game_type(self.reward), info, {**DEFAULT_PARAMS, **(params or {})})

    def new_initial_state(self) -> InnkeepersState:
        return InnkeepersState(self, ChanceGame(self.config))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> InnkeepersObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return InnkeepersObserver(perfect_recall)


class InnkeepersState(pyspiel.State):
    """A position: the game with explicit chance."""

    def __init__(self, game: InnkeepersGame, chance: ChanceGame) -> None:
        super().__init__(game)
        self.chance = chance
        self.reward = game.reward

    def current_player(self) -> int:
        if self.chance.is_over:
            return pyspiel.PlayerId.TERMINAL
        if self.chance.is_chance:
            return pyspiel.PlayerId.CHANCE
        if self.chance.is_simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        seat = self.chance.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return legal_indices(self.chance.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.chance.chance_outcomes()
        probability = 1.0 / len(outcomes)
        return [(outcome, probability) for outcome, _ in outcomes]

    def _apply_action(self, action: int) -> None:
        if self.chance.is_chance:
            self.chance.apply_chance(action)
        else:
            self.chance.apply(ACTIONS[action])  # type: ignore[arg-type]

    def _apply_actions(self, actions: list[int]) -> None:
        self.chance.apply_joint([ACTIONS[a] for a in actions])  # type: ignore[misc]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            kind = self.chance.chance_kind()
            names = {"card": CARD_IDS, "bonus": BONUS_IDS, "customer": CUSTOMER_IDS}.get(kind or "", ())
            return f"{kind} {names[action]}" if action < len(names) else f"chance {action}"
        return f"P{player + 1} {action_text(action)}"

    def is_terminal(self) -> bool:
        return self.chance.is_over

    def returns(self) -> list[float]:
        game = self.chance.game
        if game is None or not game.is_over:
            return [0.0] * self.chance.config.players
        return final_rewards(game, self.reward)

    def __str__(self) -> str:
        return observation_text(self, None)


def observation_text(state: InnkeepersState, seat: int | None) -> str:
    """What `seat` sees (`None`: a spectator): its `view` as JSON without the legal actions (the legal action
    indices give them); during the deal, only what it was dealt so far."""
    game = state.chance.game
    if game is None:
        mine = [entry.text for entry in state.chance.seen if seat is not None and entry.owner == seat]
        return json.dumps({"dealing": mine}, separators=(",", ":"))
    view = game.view(seat)
    view.pop("legal_actions", None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def information_text(state: InnkeepersState, seat: int) -> str:
    """What `seat` saw happen, in order (perfect recall)."""
    return "\n".join(entry.text if entry.owner in (None, seat) else entry.hidden for entry in state.chance.seen)


class InnkeepersObserver:
    """The observation: `observation_text`, and the environments' tensor of the seat's view (zeros during the
    deal). With perfect recall (the information state), `information_text`."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else OBSERVATION_SIZE, np.float32)
        self.dict: dict[str, np.ndarray] = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: InnkeepersState, player: int) -> None:
        if self.perfect_recall:
            return
        game = state.chance.game
        if game is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = observation_from_view(game.view(player))

    def string_from(self, state: InnkeepersState, player: int) -> str:
        if self.perfect_recall:
            return information_text(state, player)
        return observation_text(state, player)


pyspiel.register_game(game_type(DEFAULT_REWARD), InnkeepersGame)
