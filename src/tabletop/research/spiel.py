"""The plumbing of a game played through OpenSpiel with explicit chance, for any game: its type, its parameters
with the reward scheme, a state's chance and terminal nodes and returns, and the observer's buffers. A game
supplies its explicit-chance wrapper (`ExplicitChance`), its moves and what each seat observes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import pyspiel

from ..rewards import check_scheme


class ExplicitChance(Protocol):
    """A game whose random events are nodes of their own: what a state needs of it here."""

    @property
    def is_over(self) -> bool: ...

    @property
    def is_chance(self) -> bool: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def game(self) -> Any: ...  # the engine game once dealt (None before), with `is_over`

    @property
    def config(self) -> Any: ...  # the engine's settings, with `players`

    def chance_outcomes(self) -> Sequence[tuple[int, Any]]: ...


def game_type(short_name: str, long_name: str, dynamics: pyspiel.GameType.Dynamics,
              information: pyspiel.GameType.Information, zero_sum: bool, players: tuple[int, int],
              params: dict[str, Any]) -> pyspiel.GameType:
    """The game's type: explicit chance, rewards at the end only, information state and observation strings and
    an observation tensor; zero-sum or general-sum as the reward scheme is; `players` the least and most."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def parameters(params: dict[str, Any], defaults: dict[str, Any],
               error: Callable[[str], Exception]) -> tuple[dict[str, Any], str]:
    """Every parameter's value (the defaults for those not given) and the reward scheme (`reward`); an unknown
    parameter or reward scheme is an `error` naming the known ones."""
    values = {**defaults, **params}
    unknown = set(values) - set(defaults)
    if unknown:
        raise error(f"unknown parameters {sorted(unknown)}; known: {sorted(defaults)}")
    try:
        return values, check_scheme(str(values["reward"]))
    except ValueError as exc:
        raise error(str(exc)) from None


def wants_perfect_recall(iig_obs_type: Any, params: Any) -> bool:
    """Whether `make_py_observer` is asked for the information state (perfect recall) rather than the
    observation; observation parameters are refused."""
    if params:
        raise ValueError(f"observation parameters are not supported, got {params}")
    return iig_obs_type is not None and bool(iig_obs_type.perfect_recall)


class ChanceState(pyspiel.State):
    """A position of a game with explicit chance: terminal once the game is over, a chance node while a random
    event is pending (its outcomes equally likely), else the seat that decides (`_player`). Returns are zero
    until the end, then `_final_rewards` of the engine game."""

    def __init__(self, game: pyspiel.Game, chance: ExplicitChance) -> None:
        super().__init__(game)
        self.chance = chance

    def current_player(self) -> int:
        if self.chance.is_over:
            return pyspiel.PlayerId.TERMINAL
        if self.chance.is_chance:
            return pyspiel.PlayerId.CHANCE
        return self._player()

    def _player(self) -> int:
        seat = self.chance.current_player
        assert seat is not None
        return seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.chance.chance_outcomes()
        probability = 1.0 / len(outcomes)  # a chance event's outcomes are all equally likely
        return [(outcome, probability) for outcome, _ in outcomes]

    def is_terminal(self) -> bool:
        return self.chance.is_over

    def returns(self) -> list[float]:
        game = self.chance.game
        if game is None or not game.is_over:
            return [0.0] * self.chance.config.players
        return self._final_rewards(game)

    def _final_rewards(self, game: Any) -> list[float]:
        raise NotImplementedError


S = TypeVar("S", bound=ChanceState)


class Observer(Generic[S]):
    """A `make_py_observer` observer: with perfect recall (the information state) no tensor and `_history` as
    its string; else the observation tensor `_tensor` fills (zeros while there is none, before the deal) and
    `_text` as its string."""

    def __init__(self, perfect_recall: bool, size: int) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else size, np.float32)
        self.dict: dict[str, np.ndarray] = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: S, player: int) -> None:
        if self.perfect_recall:
            return
        tensor = self._tensor(state, player)
        if tensor is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = tensor

    def string_from(self, state: S, player: int) -> str:
        return self._history(state, player) if self.perfect_recall else self._text(state, player)

    def _tensor(self, state: S, player: int) -> np.ndarray | None:
        raise NotImplementedError

    def _text(self, state: S, player: int) -> str:
        raise NotImplementedError

    def _history(self, state: S, player: int) -> str:
        raise NotImplementedError
