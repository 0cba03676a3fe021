"""State <-> JSON-ready dicts, and the game's records and saves (`RECORDS`). Cards are written by id so saves are
readable and stable."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from tabletop.records import Records, random_from_json, random_to_json

from .cards import BONUS_BY_ID, BONUS_IDS, CARD_BY_ID, CARD_IDS, CUSTOMER_BY_ID, CUSTOMER_IDS
from .config import GameConfig
from .errors import ConfigError, CorruptSaveError, IllegalActionError
from .invariants import field_problems, shape_problems, violations
from .state import NO_CARD, NOBODY, State, Stay, Trick

T = TypeVar("T")


def _cards(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _customers(customers: list[int]) -> list[str]:
    return [CUSTOMER_IDS[c] for c in customers]


def stay_to_dict(stay: Stay | None) -> dict[str, Any] | None:
    if stay is None:
        return None
    return {"customer": CUSTOMER_IDS[stay.customer], "card": CARD_IDS[stay.card],
            "referrer": stay.referrer if stay.referrer != NOBODY else None, "upgraded": stay.upgraded}


def _seat(seat: int) -> int | None:
    return seat if seat != NOBODY else None


def state_to_dict(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "draw": _cards(state.draw),
        "discard": _cards(state.discard),
        "hands": [_cards(h) for h in state.hands],
        "played": [CARD_IDS[c] if c != NO_CARD else None for c in state.played],
        "deck": _customers(state.deck),
        "customer": CUSTOMER_IDS[state.customer] if state.customer != NO_CARD else None,
        "drawn": _customers(state.drawn),
        "known": [_customers(k) for k in state.known],
        "kept": [_customers(k) for k in state.kept],
        "boards": [[stay_to_dict(stay) for stay in board] for board in state.boards],
        "bonus": [BONUS_IDS[b] for b in state.bonus],
        "unused_bonus": [BONUS_IDS[b] for b in state.unused_bonus],
        "stage": state.stage,
        "trick": state.trick,
        "winner": _seat(state.winner),
        "second": _seat(state.second),
        "host": _seat(state.host),
        "referrer": _seat(state.referrer),
        "refills": list(state.refills),
        "log": [{"customer": CUSTOMER_IDS[t.customer], "cards": _cards(list(t.cards)), "winner": t.winner,
                 "second": t.second} for t in state.log],
        "end_reason": state.end_reason,
        "rng": random_to_json(state.generator.getstate()),
    }


def _lookup(table: dict[str, int], what: str) -> Callable[[Any], int]:
    def read(name: Any) -> int:
        if type(name) is not str or name not in table:
            raise ValueError(f"unknown {what} {name!r}")
        return table[name]
    return read


_card = _lookup(CARD_BY_ID, "playing card")
_customer = _lookup(CUSTOMER_BY_ID, "customer")
_bonus = _lookup(BONUS_BY_ID, "bonus card")


def _list(read: Callable[[Any], T]) -> Callable[[Any], list[T]]:
    def read_list(value: Any) -> list[T]:
        if type(value) is not list:
            raise ValueError(f"expected a list, got {value!r}")
        return [read(v) for v in value]
    return read_list


def _or_none(read: Callable[[Any], int]) -> Callable[[Any], int]:
    return lambda value: NO_CARD if value is None else read(value)


def _seat_or_nobody(value: Any) -> Any:
    return NOBODY if value is None else value  # a seat is checked, never converted: 1.0 and "1" are not seats


def _as_is(value: Any) -> Any:
    return value  # numbers, flags and text are checked, never converted


def _object(value: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if type(value) is not dict or set(value) != set(keys):
        raise ValueError(f"expected an object with {', '.join(keys)}, got {value!r}")
    return value


def _stay(value: Any) -> Stay | None:
    if value is None:
        return None
    data = _object(value, ("customer", "card", "referrer", "upgraded"))
    return Stay(_customer(data["customer"]), _card(data["card"]), _seat_or_nobody(data["referrer"]), data["upgraded"])


def _trick(value: Any) -> Trick:
    data = _object(value, ("customer", "cards", "winner", "second"))
    return Trick(_customer(data["customer"]), tuple(_list(_card)(data["cards"])), data["winner"], data["second"])


def _players(value: Any) -> int:
    if type(value) is not int or not 2 <= value <= 4:
        raise ValueError(f"must be 2-4, got {value!r}")
    return value


# Each field of a saved state and how it is read back (tabletop.records reads them by name, `_state` checks their
# shape with `invariants.field_problems`; what the position means is checked by `violations`).
_FIELDS: dict[str, Callable[[Any], Any]] = {
    "players": _players,
    "draw": _list(_card), "discard": _list(_card), "hands": _list(_list(_card)), "played": _list(_or_none(_card)),
    "deck": _list(_customer), "customer": _or_none(_customer), "drawn": _list(_customer),
    "known": _list(_list(_customer)), "kept": _list(_list(_customer)), "boards": _list(_list(_stay)),
    "bonus": _list(_bonus), "unused_bonus": _list(_bonus), "stage": _as_is, "trick": _as_is,
    "winner": _seat_or_nobody, "second": _seat_or_nobody, "host": _seat_or_nobody, "referrer": _seat_or_nobody,
    "refills": _as_is, "log": _list(_trick), "end_reason": _as_is, "rng": random_from_json,
}


def _state(rng: random.Random, **fields: Any) -> State:
    """The position a save's fields make, once they have its shape: a compiled `State` refuses a field of the wrong
    type (or turns True into 1) before `shape_problems` could name it."""
    fields["generator"] = rng
    problems = field_problems(fields, fields["players"])
    if problems:
        raise CorruptSaveError("the saved state is malformed: {problems}", problems="; ".join(problems))
    return State(**fields)


# Records and saves of Innkeepers (tabletop.records: the envelope every game shares).
RECORDS = Records(game="innkeepers", corrupt=CorruptSaveError, illegal=IllegalActionError,
                  read_settings=GameConfig.from_dict, invalid_settings=(ConfigError, TypeError),
                  write_state=state_to_dict, state_fields=_FIELDS, new_state=_state, shape_problems=shape_problems,
                  violations=violations)
