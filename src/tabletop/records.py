"""Records and saves, written and read the same way for every game.

A record holds what fixes a game: `{"format": "<game>/record", "version": 1, "settings": {...}, "actions": [...]}`,
plus `"start"` (the starting position) for a game that did not begin from its seeded setup; replaying its
actions from its settings gives the identical game. A save is the record with `"format": "<game>/game"` and the
full `"state"`, which loading checks against the state the replay reaches. What the settings, positions and
recorded actions are is each game's own: it says so in its `Records` (the engines' serialize.py), and everything
wrong with a record or save is one error of the game's own (its CorruptSaveError) naming the problem.

Standard library only: the engines import it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

VERSION = 1


class Seated(Protocol):
    @property
    def players(self) -> int: ...


class Restorable(Protocol):
    """A game as loading a save checks it: its settings and position (of the game's own types)."""

    @property
    def config(self) -> Any: ...

    @property
    def state(self) -> Any: ...


Config = TypeVar("Config", bound=Seated)
State = TypeVar("State", bound=Seated)
Game = TypeVar("Game")
Loaded = TypeVar("Loaded", bound=Restorable)


@dataclass(frozen=True)
class Records(Generic[Config, State]):
    """One game's records and saves: the envelope and its checks here, the game's settings and positions read
    and written by the functions it gives."""

    game: str  # "bloodyinn": its records are "bloodyinn/record" and its saves "bloodyinn/game"
    corrupt: type[Exception]  # the game's error for a record or save that cannot be restored exactly
    illegal: type[Exception]  # the game's error for an action that is not legal
    read_settings: Callable[[Any], Config]  # stored settings -> the game's settings, or `invalid_settings`
    invalid_settings: tuple[type[Exception], ...]
    write_state: Callable[[State], dict[str, Any]]
    # How a position is read back: each field by name with its reader (which raises TypeError or ValueError
    # saying what is wrong, never converting a value), the position made of them, then its shape checked
    # (fields of the wrong type or length, for a seat count), so that nothing later trips over them.
    state_fields: Mapping[str, Callable[[Any], Any]]
    new_state: Callable[..., State]
    shape_problems: Callable[[State, int], list[str]]
    violations: Callable[[State, Config], list[str]]  # what is impossible about a position, in words

    @property
    def record_format(self) -> str:
        return f"{self.game}/record"

    @property
    def save_format(self) -> str:
        return f"{self.game}/game"

    # ---------------------------------------------------------------------------------------- writing

    def record(self, settings: dict[str, Any], actions: list[str], start: State | None) -> dict[str, Any]:
        """A record of the game with these settings, recorded actions and starting position (None: the
        seeded setup)."""
        data: dict[str, Any] = {"format": self.record_format, "version": VERSION, "settings": settings,
                                "actions": actions}
        if start is not None:
            data["start"] = self.write_state(start)
        return data

    def save(self, record: dict[str, Any], state: State) -> str:
        """A save's JSON text: `record` with the full current `state`."""
        return json.dumps({**record, "format": self.save_format, "state": self.write_state(state)},
                          separators=(",", ":"))

    # ---------------------------------------------------------------------------------------- reading

    def _corrupt(self, message: str, **params: object) -> Exception:
        """The game's `corrupt` error, its message a template filled with `params` that a face writes in its
        reader's language (docs/languages.md)."""
        error: Callable[..., Exception] = self.corrupt
        return error(message, **params)

    def replay(self, record: object, new: Callable[[Config, State | None], Game],
               apply: Callable[[Game, Any], object]) -> Game:
        """The game a record (or a save, a dict or its JSON text) fixes: `new(settings, starting position or
        None)`, then `apply(game, recorded action)` for each action in turn. `apply` raises the game's `illegal`
        error for an action that is not legal, or its `corrupt` error for one it cannot even read."""
        data = self._read_record(record)
        game = new(*self._setup(data))
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise self._corrupt("the record's actions must be a list")
        for number, recorded in enumerate(actions, 1):
            try:
                apply(game, recorded)
            except self.illegal as exc:
                raise self._corrupt("action {number} ({action!r}) cannot be replayed: {reason}", number=number,
                                    action=recorded, reason=exc) from None
            except self.corrupt as exc:
                raise self._corrupt("action {number} ({action!r}): {reason}", number=number, action=recorded,
                                    reason=exc) from None
        return game

    def load(self, text: object, replay: Callable[[dict[str, Any]], Loaded]) -> Loaded:
        """The game a save (`save`'s text) holds: its record replayed by `replay`, then checked to reach the
        saved state, a possible one."""
        data = self._object(text)
        if data.get("format") != self.save_format:
            raise self._corrupt("not a save of {game} (format {format!r})", game=self.game,
                                format=data.get("format"))
        if data.get("version") != VERSION:
            raise self._corrupt("unsupported save version {version!r}", version=data.get("version"))
        game = replay(data)
        if "state" in data and self.write_state(self.read_state(data["state"])) != self.write_state(game.state):
            raise self._corrupt("the saved state does not match its own record of actions")
        problems = self.violations(game.state, game.config)
        if problems:
            raise self._corrupt("the saved position is impossible: {problems}", problems="; ".join(problems))
        return game

    def _read_record(self, record: object) -> dict[str, Any]:
        """The JSON object of a record or a save of this game (a dict or its JSON text)."""
        data = self._object(record)
        if data.get("format") not in (self.record_format, self.save_format):
            raise self._corrupt("not a record of {game} (format {format!r})", game=self.game,
                                format=data.get("format"))
        return data

    def _setup(self, data: dict[str, Any]) -> tuple[Config, State | None]:
        """The settings and the starting position (None: the seeded setup) of a record, both checked."""
        try:
            config = self.read_settings(data.get("settings"))
        except self.invalid_settings as exc:
            raise self._corrupt("invalid settings: {reason}", reason=exc) from None
        start = self.read_state(data["start"]) if data.get("start") is not None else None
        if start is not None:  # a broken starting position would break the replay itself
            problems = (self.violations(start, config) if start.players == config.players
                        else ["its player count differs from the settings"])
            if problems:
                raise self._corrupt("invalid starting position: {problems}", problems="; ".join(problems))
        return config, start

    def read_state(self, data: Any) -> State:
        """A position from its JSON object; anything malformed is `corrupt`, naming the field."""
        if not isinstance(data, dict):
            raise self._corrupt("the saved state must be a JSON object")
        fields: dict[str, Any] = {}
        for name, read in self.state_fields.items():
            if name not in data:
                raise self._corrupt("{name}: missing from the saved state", name=name)
            try:
                fields[name] = read(data[name])
            except (TypeError, ValueError, IndexError, OverflowError) as exc:  # OverflowError: a bad RNG state
                raise self._corrupt("{name}: {reason}", name=name, reason=exc) from None
        state = self.new_state(**fields)
        problems = self.shape_problems(state, state.players)
        if problems:
            raise self._corrupt("the saved state is malformed: {problems}", problems="; ".join(problems))
        return state

    def _object(self, data: object) -> dict[str, Any]:
        if isinstance(data, str):
            try:
                data = json.loads(data)
            # ValueError: not JSON, or a number of over 4,300 digits; RecursionError: arrays nested too deeply
            except (ValueError, RecursionError) as exc:
                raise self._corrupt("not valid JSON: {reason}", reason=exc) from None
        if not isinstance(data, dict):
            raise self._corrupt("a save or record must be a JSON object")
        return data


def random_to_json(state: tuple[Any, ...]) -> list[Any]:
    """A random generator's state (`Random.getstate()`) as JSON."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def random_from_json(data: Any) -> random.Random:
    """The random generator `random_to_json` wrote; a malformed state raises TypeError, ValueError or
    OverflowError."""
    version, internal, gauss = data
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng
