"""State <-> JSON-ready dicts, and the game's records and saves (`RECORDS`). Cards are written by id so saves are
readable and stable."""

from __future__ import annotations

from typing import Any

from tabletop.records import Records, random_from_json, random_to_json

from .cards import BONUS_BY_ID, BONUS_IDS, CARD_BY_ID, CARD_IDS, CUSTOMER_BY_ID, CUSTOMER_IDS, ROOMS
from .config import GameConfig
from .errors import ConfigError, CorruptSaveError, IllegalActionError
from .invariants import violations
from .state import NO_CARD, NOBODY, Stage, State, Stay, Trick

STAGES = (Stage.PLAY, Stage.PLACE, Stage.HOST, Stage.SECOND, Stage.PICK, Stage.REFILL, Stage.OVER)


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
        "rng": random_to_json(state.rng.getstate()),
    }


def _card_list(ids: Any) -> list[int]:
    if not isinstance(ids, list):
        raise CorruptSaveError(f"expected a list of playing cards, got {ids!r}")
    return [CARD_BY_ID[i] for i in ids]


def _customer_list(ids: Any) -> list[int]:
    if not isinstance(ids, list):
        raise CorruptSaveError(f"expected a list of customers, got {ids!r}")
    return [CUSTOMER_BY_ID[i] for i in ids]


def _optional_seat(value: Any) -> int:
    return NOBODY if value is None else int(value)


def _stay(data: Any) -> Stay | None:
    if data is None:
        return None
    referrer = _optional_seat(data["referrer"])
    return Stay(CUSTOMER_BY_ID[data["customer"]], CARD_BY_ID[data["card"]], referrer, bool(data["upgraded"]))


def _state_from_dict(data: dict[str, Any]) -> State:
    players = data["players"]
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise CorruptSaveError(f"players must be 2-4, got {players!r}")
    if data["stage"] not in STAGES:
        raise CorruptSaveError(f"unknown stage {data['stage']!r}")
    state = State(
        players=players,
        rng=random_from_json(data["rng"]),
        draw=_card_list(data["draw"]),
        discard=_card_list(data["discard"]),
        hands=[_card_list(h) for h in data["hands"]],
        played=[CARD_BY_ID[c] if c is not None else NO_CARD for c in data["played"]],
        deck=_customer_list(data["deck"]),
        customer=CUSTOMER_BY_ID[data["customer"]] if data["customer"] is not None else NO_CARD,
        drawn=_customer_list(data["drawn"]),
        known=[_customer_list(k) for k in data["known"]],
        kept=[_customer_list(k) for k in data["kept"]],
        boards=[[_stay(stay) for stay in board] for board in data["boards"]],
        bonus=[BONUS_BY_ID[b] for b in data["bonus"]],
        unused_bonus=[BONUS_BY_ID[b] for b in data["unused_bonus"]],
        stage=data["stage"],
        trick=int(data["trick"]),
        winner=_optional_seat(data["winner"]),
        second=_optional_seat(data["second"]),
        host=_optional_seat(data["host"]),
        referrer=_optional_seat(data["referrer"]),
        refills=[int(r) for r in data["refills"]],
        log=[Trick(CUSTOMER_BY_ID[t["customer"]], tuple(_card_list(t["cards"])), int(t["winner"]),
                   int(t["second"])) for t in data["log"]],
        end_reason=str(data["end_reason"]),
    )
    per_seat = (state.hands, state.played, state.known, state.kept, state.boards, state.bonus, state.refills)
    if any(len(zone) != players for zone in per_seat):
        raise CorruptSaveError(f"every per-seat zone must list {players} seats")
    if any(len(board) != ROOMS for board in state.boards):
        raise CorruptSaveError(f"every board must have {ROOMS} rooms")
    return state


# Records and saves of Innkeepers (tabletop.records: the envelope every game shares).
RECORDS = Records(game="innkeepers", corrupt=CorruptSaveError, illegal=IllegalActionError,
                  read_settings=GameConfig.from_dict, invalid_settings=(ConfigError, TypeError),
                  write_state=state_to_dict, parse_state=_state_from_dict, violations=violations)
