"""State <-> JSON-ready dicts, and the game's records and saves (`RECORDS`). Cards are written by canonical id so
saves are readable and stable."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any, TypeVar

from tabletop.records import Records, random_from_json, random_to_json

from .cards import CARD_BY_ID, CARD_IDS, annex_ref, barn_of
from .config import GameConfig
from .errors import ConfigError, CorruptSaveError, IllegalActionError
from .invariants import field_problems, shape_problems, violations
from .state import NO_CARD, State

T = TypeVar("T")


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def state_to_dict(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "culled": _ids(state.culled),
        "unused_peasants": _ids(state.unused_peasants),
        "gravedigger": _ids(state.gravedigger),
        "entrance": _ids(state.entrance),
        "arrival": CARD_IDS[state.arrival] if state.arrival >= 0 else None,
        "rooms": [CARD_IDS[c] if c >= 0 else None for c in state.rooms],
        "bistro": _ids(state.bistro),
        "hands": [_ids(h) for h in state.hands],
        "annexes": [_ids(a) for a in state.annexes],
        "buried": {annex_ref(a): _ids(c) for a, c in sorted(state.buried.items())},
        "corpses": [_ids(c) for c in state.corpses],
        "exit": _ids(state.exit),
        "keys": list(state.keys),
        "room_service": list(state.room_service),
        "cash": list(state.cash),
        "checks": list(state.checks),
        "round": state.round,
        "first_player": state.first_player,
        "reshuffled": state.reshuffled,
        "final_round": state.final_round,
        "stage": state.stage,
        "turn": state.turn,
        "police_present": state.police_present,
        "pending_release": state.pending_release,
        "lost": state.lost,
        "end_bonus": [[list(b) for b in bonus] for bonus in state.end_bonus],
        "rng": random_to_json(state.generator.getstate()),
    }


def _card(card_id: Any) -> int:
    if type(card_id) is not str or card_id not in CARD_BY_ID:
        raise ValueError(f"unknown card {card_id!r}")
    return CARD_BY_ID[card_id]


def _cards(ids: Any) -> list[int]:
    if type(ids) is not list:
        raise ValueError(f"expected a list of card ids, got {ids!r}")
    return [_card(i) for i in ids]


def _per_seat(read: Callable[[Any], T]) -> Callable[[Any], list[T]]:
    def per_seat(value: Any) -> list[T]:
        if type(value) is not list:
            raise ValueError(f"expected one entry per seat, got {value!r}")
        return [read(v) for v in value]
    return per_seat


def _card_or_none(card_id: Any) -> int:
    return NO_CARD if card_id is None else _card(card_id)


def _annex(ref: Any) -> int:
    barn = re.fullmatch(r"barn\.([0-3])", ref) if type(ref) is str else None
    return barn_of(int(barn[1])) if barn else _card(ref)


def _buried(value: Any) -> dict[int, list[int]]:
    if type(value) is not dict:
        raise ValueError(f"expected a table of annexes to corpses, got {value!r}")
    return {_annex(ref): _cards(cards) for ref, cards in value.items()}


def _end_bonus(entry: Any) -> tuple[Any, ...]:
    """[annex id, F gained, F lost to the cap]; saves made before the loss was recorded have no third item."""
    if type(entry) is not list or len(entry) not in (2, 3):
        raise ValueError(f"expected [annex, F gained, F lost], got {entry!r}")
    return tuple(entry) if len(entry) == 3 else (*entry, 0)


def _as_is(value: Any) -> Any:
    return value  # numbers and flags are checked, never converted: 1.5, "5" and true are not counts


def _players(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= 4:
        raise ValueError(f"must be 1-4, got {value!r}")
    return value


# Each field of a saved state and how it is read back (tabletop.records reads them by name, `_state` checks their
# shape with `invariants.field_problems`; what the position means is checked by `violations`).
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "players": _players,
    "culled": _cards, "unused_peasants": _cards, "gravedigger": _cards, "entrance": _cards,
    "arrival": _card_or_none, "rooms": _per_seat(_card_or_none), "bistro": _cards, "hands": _per_seat(_cards),
    "annexes": _per_seat(_cards), "buried": _buried, "corpses": _per_seat(_cards), "exit": _cards,
    "keys": _as_is, "room_service": _as_is, "cash": _as_is, "checks": _as_is, "round": _as_is,
    "first_player": _as_is, "reshuffled": _as_is, "final_round": _as_is, "stage": _as_is, "turn": _as_is,
    "police_present": _as_is, "pending_release": _as_is, "lost": _as_is,
    "end_bonus": _per_seat(_per_seat(_end_bonus)), "rng": random_from_json,
}


def _state(rng: random.Random, **fields: Any) -> State:
    """The position a save's fields make, once they have its shape: a compiled `State` refuses a field of the wrong
    type (or turns True into 1) before `shape_problems` could name it."""
    fields["generator"] = rng
    problems = field_problems(fields, fields["players"])
    if problems:
        raise CorruptSaveError("the saved state is malformed: {problems}", problems="; ".join(problems))
    return State(**fields)


# Records and saves of The Bloody Inn (tabletop.records: the envelope every game shares).
RECORDS = Records(game="bloodyinn", corrupt=CorruptSaveError, illegal=IllegalActionError,
                  read_settings=GameConfig.from_dict, invalid_settings=(ConfigError,), write_state=state_to_dict,
                  state_fields=_FIELDS, new_state=_state, shape_problems=shape_problems,
                  violations=violations)
