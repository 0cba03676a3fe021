"""The Bloody Inn as an OpenSpiel game: `pyspiel.load_game("python_bloody_inn(players=3)")`.

Importing this module registers the game. Its moves:

- **chance** (explicit, `bloodyinn.research.chance`): the first player, then every traveler turned face up,
  uniform over the cards it can be. An outcome is a seat for the first player, else a card number
  (`bloodyinn.cards.CARD_IDS`). A clone holds no hidden future: each reveal is still to be drawn.
- **players**: one token at a time from the fixed vocabulary of `bloodyinn.research.encoding` (OpenSpiel needs
  one fixed set of distinct actions, and a flat index of every compound action would be huge: payments are
  subsets of a hand). The legal tokens are the children of the prefix tree of `legal_actions()` at the tokens
  typed so far; the token that completes an action applies it. A flat index would also give a policy no
  shared meaning between positions, where a token always names the same verb, room, card or amount. As in the
  PettingZoo and Gymnasium environments (`tokengame`), a token that is the only possible next one is typed
  for the player, so every player move offers at least two tokens.

Nothing is hidden from anyone in this model (hands are public, A-14, and every random card is a chance event
seen by all when it happens), so the game is declared with perfect information, like backgammon: the
information state is the history of moves; the observation is a seat's `game.view(seat)` and the tokens typed,
as text or as the environments' tensor (`observation.observation_from_view`).

Returns at the end are the environments' rewards (`tokengame.final_rewards`) by the `reward` parameter (a scheme
of `tabletop.rewards`): by default `win_loss`, zero-sum (+1 for a sole win, shared wins split, -1 for a loss in
two players); `winners` (+1 for each winner, -1 for the others) is general-sum. In solitaire the booty / 100F, or
-1 for a game lost to the police, whatever the scheme (general-sum).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import numpy as np
import pyspiel

from tabletop.research import spiel
from tabletop.research.spiel import ChanceState, Observer, parameters, wants_perfect_recall
from tabletop.rewards import DEFAULT_REWARD, is_zero_sum, utility_bounds

from ..cards import CARD_IDS, NUM_CARDS, TRAVELERS
from ..config import CULL, NUM_ROOMS, WHITE_KEYS, GameConfig, normalize_variant
from ..errors import ConfigError
from ..game import Game
from .chance import ChanceGame
from .encoding import VOCABULARY, VOCABULARY_SIZE, ActionTree, token_text
from .observation import OBSERVATION_SIZE, observation_from_compact_view
from .tokengame import SOLITAIRE_LOSS, final_rewards

SHORT_NAME = "python_bloody_inn"
DEFAULT_PARAMS: dict[str, Any] = {"players": 2, "length": "short", "variants": "", "first_player": -1,
                                  "reward": DEFAULT_REWARD}
MAX_TOKENS_PER_ACTION = 40  # far above any action of a real game (the longest: a Crypt burial with a Chapel)
SOLITAIRE_MAX_UTILITY = 10.0  # 1000F, far above any booty (and so any margin)


def game_type(zero_sum: bool) -> pyspiel.GameType:
    """The game's type; its utility follows the reward scheme."""
    return spiel.game_type(SHORT_NAME, "The Bloody Inn", pyspiel.GameType.Dynamics.SEQUENTIAL,
                           pyspiel.GameType.Information.PERFECT_INFORMATION, zero_sum, (1, 4), DEFAULT_PARAMS)


def config_from_params(params: dict[str, Any]) -> GameConfig:
    """The engine's settings from the game's parameters: `players` (1-4), `length` (short/long), `variants`
    (names or aliases joined by `+`, as commas separate parameters in a game string: `uw+fcfs`) and
    `first_player` (a seat, or -1 for a chance event). The `reward` parameter is checked here too."""
    values, _ = parameters(params, DEFAULT_PARAMS, ConfigError)
    variants = frozenset(normalize_variant(v) for v in re.split(r"[+,]", str(values["variants"])) if v.strip())
    first = int(values["first_player"])
    return GameConfig(players=int(values["players"]), length=str(values["length"]), variants=variants,
                      first_player=None if first < 0 else first)


def max_game_length(config: GameConfig) -> int:
    """A bound on the moves of a game. Every round empties the inn (R-EOR-3), so each season's stack lasts at
    most ceil(stack / open rooms) rounds, plus the round that straddles the reshuffle and the final round."""
    n, rooms = config.players, config.players + WHITE_KEYS[config.players]
    stack = len(TRAVELERS) - CULL[n][config.length]
    rounds = 2 * math.ceil(stack / rooms) + 2
    per_round = 2 * NUM_ROOMS + 2 + n * 4 * MAX_TOKENS_PER_ACTION  # placements, reveals; each seat's 4 decisions
    return 1 + NUM_ROOMS + 1 + rounds * per_round


class BloodyInnGame(pyspiel.Game):
    """The OpenSpiel game; parameters as in `config_from_params`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.config = config_from_params(params or {})
        self.reward = str({**DEFAULT_PARAMS, **(params or {})}["reward"])
        zero_sum = is_zero_sum(self.reward) and not self.config.solo
        low, high = (SOLITAIRE_LOSS, SOLITAIRE_MAX_UTILITY) if self.config.solo else utility_bounds(
            self.reward, self.config.players, SOLITAIRE_MAX_UTILITY)
        info = pyspiel.GameInfo(
            num_distinct_actions=VOCABULARY_SIZE,
            max_chance_outcomes=NUM_CARDS,
            num_players=self.config.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_game_length(self.config),
        )
        super().__init__(game_type(zero_sum), info, {**DEFAULT_PARAMS, **(params or {})})

    def new_initial_state(self) -> BloodyInnState:
        return BloodyInnState(self, ChanceGame(self.config))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BloodyInnObserver:
        return BloodyInnObserver(wants_perfect_recall(iig_obs_type, params))


class BloodyInnState(ChanceState):
    """A position: the game with explicit chance, plus the tokens the current player has typed so far."""

    chance: ChanceGame

    def __init__(self, game: BloodyInnGame, chance: ChanceGame) -> None:
        super().__init__(game, chance)
        self.prefix: list[int] = []  # tokens typed towards the current player's action
        self.moves = _Moves()  # every move so far, as text (the information state)
        self._tree = _Shared(None)  # the prefix tree of the current decision, built when first needed

    # ---------------------------------------------------------------------------------------- OpenSpiel API

    def _legal_actions(self, player: int) -> list[int]:
        return self.tree().next_tokens(self.prefix)

    def _apply_action(self, action: int) -> None:
        if self.current_player() == pyspiel.PlayerId.CHANCE:
            self.moves.append(self._action_to_string(pyspiel.PlayerId.CHANCE, action))
            self.chance.apply_chance(action)
            self._next_decision()
        else:
            self._type(action)
        while not (self.chance.is_chance or self.chance.is_over):  # type the only possible next tokens
            tokens = self.tree().next_tokens(self.prefix)
            if len(tokens) > 1:
                break
            self._type(tokens[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.chance.choosing_first_player:
                return f"first player P{action + 1}"
            return f"reveal {CARD_IDS[action]}"
        return f"P{player + 1} {VOCABULARY[action]}"

    def _final_rewards(self, game: Game) -> list[float]:
        return final_rewards(game, self.get_game().reward)

    def __str__(self) -> str:
        return observation_text(self, None)

    # ---------------------------------------------------------------------------------------- helpers

    def tree(self) -> ActionTree:
        if self._tree.value is None:
            self._tree.value = ActionTree(self.chance.legal_actions())
        return self._tree.value

    def _type(self, token: int) -> None:
        self.moves.append(self._action_to_string(self.current_player(), token))
        self.prefix.append(token)
        action = self.tree().action(self.prefix)
        if action is not None:
            self.chance.apply(action)
            self._next_decision()

    def _next_decision(self) -> None:
        # A new holder: clones that drew other cards or took other actions reach other decisions.
        self.prefix, self._tree = [], _Shared(None)


# OpenSpiel clones a Python state by deep-copying its attributes; these two make that cheap.


class _Moves(list[str]):
    """The list of moves as text: its strings need no copying."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Moves:
        return _Moves(self)


class _Shared:
    """The decision's prefix tree, shared by clones: it only ever holds the tree of one decision (a state that
    moves on to the next decision takes a new holder)."""

    def __init__(self, value: ActionTree | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def observation_text(state: BloodyInnState, seat: int | None) -> str:
    """What `seat` sees (`None`: a spectator): its `view` as JSON (without the legal actions, which the legal
    tokens give), the tokens typed so far and the decision waiting for its chance events."""
    game = state.chance.game
    public: dict[str, Any] = {"view": None, "typed": token_text(state.prefix)}
    if game is not None:
        view = game.view(seat)
        view.pop("legal_actions", None)
        public["view"] = view
    if state.chance.is_chance:
        pending = state.chance.pending_action
        public["waiting"] = str(pending) if pending is not None else "setup"
        public["revealed"] = [CARD_IDS[card] for card in state.chance.revealed]
    return json.dumps(public, sort_keys=True, separators=(",", ":"))


class BloodyInnObserver(Observer[BloodyInnState]):
    """The observation: `observation_text`, and the environments' tensor (`observation_from_view` of the seat's
    view and of the tokens it typed, read from the view's compact form as the environments do; zeros before the
    setup is dealt). With perfect recall (the information
    state), the moves of the game so far as text, which everyone saw."""

    def __init__(self, perfect_recall: bool) -> None:
        super().__init__(perfect_recall, OBSERVATION_SIZE)

    def _tensor(self, state: BloodyInnState, player: int) -> np.ndarray | None:
        game = state.chance.game
        if game is None:
            return None
        prefix = state.prefix if player == state.current_player() else ()
        return observation_from_compact_view(game.compact_view(player), prefix)

    def _text(self, state: BloodyInnState, player: int) -> str:
        return observation_text(state, player)

    def _history(self, state: BloodyInnState, player: int) -> str:
        return "\n".join(state.moves)


pyspiel.register_game(game_type(is_zero_sum(DEFAULT_REWARD)), BloodyInnGame)
