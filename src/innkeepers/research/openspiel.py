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

from tabletop.research import spiel
from tabletop.research.spiel import ChanceState, Observer, parameters, wants_perfect_recall
from tabletop.rewards import DEFAULT_REWARD, is_zero_sum

from ..cards import BONUS_IDS, CARD_IDS, CUSTOMER_IDS, NUM_CARDS, NUM_CUSTOMERS
from ..config import FLAG_NAMES, HAND_SIZE, TRICKS_PER_HAND, GameConfig
from ..errors import ConfigError
from ..game import Game
from .chance import ChanceGame
from .encoding import ACTIONS, NUM_ACTIONS, action_text, legal_indices
from .observation import OBSERVATION_SIZE, observation_from_view
from .rewards import final_rewards, reward_bounds

SHORT_NAME = "python_innkeepers"
DEFAULT_PARAMS: dict[str, Any] = {"players": 2, "reward": DEFAULT_REWARD, **GameConfig().flags()}


def game_type(reward: str) -> pyspiel.GameType:
    """The game's type; its utility follows the reward scheme."""
    return spiel.game_type(SHORT_NAME, "Innkeepers", pyspiel.GameType.Dynamics.SIMULTANEOUS,
                           pyspiel.GameType.Information.IMPERFECT_INFORMATION, is_zero_sum(reward), (2, 4),
                           DEFAULT_PARAMS)


def config_from_params(params: dict[str, Any]) -> tuple[GameConfig, str]:
    """The engine's settings and the reward scheme from the game's parameters."""
    values, reward = parameters(params, DEFAULT_PARAMS, ConfigError)
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
        return InnkeepersObserver(wants_perfect_recall(iig_obs_type, params))


class InnkeepersState(ChanceState):
    """A position: the game with explicit chance."""

    chance: ChanceGame

    def __init__(self, game: InnkeepersGame, chance: ChanceGame) -> None:
        super().__init__(game, chance)
        self.reward = game.reward

    def _player(self) -> int:
        return pyspiel.PlayerId.SIMULTANEOUS if self.chance.is_simultaneous else super()._player()

    def _legal_actions(self, player: int) -> list[int]:
        return legal_indices(self.chance.legal_actions(player))

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

    def _final_rewards(self, game: Game) -> list[float]:
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


class InnkeepersObserver(Observer[InnkeepersState]):
    """The observation: `observation_text`, and the environments' tensor of the seat's view (zeros during the
    deal). With perfect recall (the information state), `information_text`."""

    def __init__(self, perfect_recall: bool) -> None:
        super().__init__(perfect_recall, OBSERVATION_SIZE)

    def _tensor(self, state: InnkeepersState, player: int) -> np.ndarray | None:
        game = state.chance.game
        return None if game is None else observation_from_view(game.view(player))

    def _text(self, state: InnkeepersState, player: int) -> str:
        return observation_text(state, player)

    def _history(self, state: InnkeepersState, player: int) -> str:
        return information_text(state, player)


pyspiel.register_game(game_type(DEFAULT_REWARD), InnkeepersGame)
