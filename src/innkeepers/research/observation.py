"""A seat's observation as a fixed-length float32 vector, built only from `game.view(seat)`: what the seat may
know (I-G-29, I-G-30), never the state, the seed or the record. Other seats' hands, committed cards, refill
choices and bonus cards are not in the view before they are revealed, so they cannot be in the vector.

Seats are seen from the observer: "relative seat" r is the seat r places after the observer (0 is the observer),
so a policy plays every seat the same way; `seat` gives the absolute seat. Numbers are scaled to about 0..1.
`LAYOUT` lists every section as (name, offset, size, meaning); docs/research.md prints it. The trick log is not
encoded card by card: its cards are in the discard pile and on the boards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tabletop.research.layout import Row, lay_out, offsets, total_size

from ..cards import (
    AMENITIES,
    BONUS_BY_ID,
    BONUS_IDS,
    CARD_BY_ID,
    CARD_NUMBER,
    CARD_SUIT,
    CUSTOMER_AMENITY,
    CUSTOMER_BY_ID,
    CUSTOMER_LUXURY,
    CUSTOMER_SUIT,
    NUM_CARDS,
    NUM_CUSTOMERS,
    NUMBERS,
    ROOMS,
    SUITS,
)
from ..state import Stage

STAGES = (Stage.PLAY, Stage.PLACE, Stage.HOST, Stage.SECOND, Stage.PICK, Stage.REFILL, Stage.OVER)
FLAGS = ("fixed_rooms", "must_follow", "allow_refuse_referral", "voluntary_referral")
SEATS = 4
NUM_BONUS = len(BONUS_IDS)
TRICK_SCALE = 32.0  # one trick per customer at most
HAND_SCALE = 7.0
SCORE_SCALE = 50.0
KEPT_SCALE = 5.0
OBSERVATION_BOUND = 10.0  # every feature stays within -10..10 (a score of -500 or 500 points, 50 kept cards)

# One room of a board: occupied, card number / 15, card suit (4), customer: luxury, suit (4), amenity (4),
# amenity matched, referrer (relative seat, 4), upgraded.
_ROOM_NUMBER, _ROOM_CARD_SUIT, _ROOM_LUXURY, _ROOM_SUIT, _ROOM_AMENITY = 1, 2, 6, 7, 11
_ROOM_MATCHED, _ROOM_REFERRER, _ROOM_UPGRADED = 15, 16, 20
ROOM_SIZE = 21
# One seat's part: present, hand size / 7, committed, card face up (60), refill chosen, refill keep/new (2),
# bonus card (8), score / 50, customers kept / 5, board (15 rooms).
_SEAT_HAND, _SEAT_COMMITTED, _SEAT_CARD = 1, 2, 3
_SEAT_REFILL_CHOSEN = _SEAT_CARD + NUM_CARDS
_SEAT_REFILL = _SEAT_REFILL_CHOSEN + 1
_SEAT_BONUS = _SEAT_REFILL + 2
_SEAT_SCORE = _SEAT_BONUS + NUM_BONUS
_SEAT_KEPT = _SEAT_SCORE + 1
_SEAT_BOARD = _SEAT_KEPT + 1
SEAT_SIZE = _SEAT_BOARD + ROOMS * ROOM_SIZE


def _layout() -> tuple[Row, ...]:
    sections = (
        ("seat", SEATS, "the observer's absolute seat, one-hot"),
        ("player_count", 3, "number of players, one-hot (2-4)"),
        ("flags", len(FLAGS) + 1, "flags: " + ", ".join(FLAGS) + ", bonus_suit is playing_card"),
        ("suit_order", len(SUITS), "per suit s, h, d, c: its place in suit_order (0 highest) / 3"),
        ("stage", len(STAGES), "stage, one-hot: " + ", ".join(STAGES)),
        ("pending", SEATS, "per relative seat: owes a decision now"),
        ("trick", 2, f"trick number / {TRICK_SCALE:g}; hand number / 8"),
        ("customer", NUM_CUSTOMERS, "the face-up customer, one-hot"),
        ("winner", SEATS, "relative seat of the trick's winner, one-hot (none before the reveal)"),
        ("second", SEATS, "relative seat of second place, one-hot"),
        ("host", SEATS, "relative seat of the referral's host, one-hot"),
        ("deck_size", 1, f"customers in the deck / {NUM_CUSTOMERS}"),
        ("deck_known", 2 * NUM_CUSTOMERS, "per customer: the observer put it under the deck (flag), its place "
                                          f"from the top / {NUM_CUSTOMERS}"),
        ("drawn", NUM_CUSTOMERS + 1, "the customers the observer drew to choose from (flags); how many were "
                                     "drawn / 3"),
        ("unseen_customers", NUM_CUSTOMERS, "customers the observer has not located, flags"),
        ("draw_pile", 1, f"cards in the draw pile / {NUM_CARDS}"),
        ("discard", NUM_CARDS, "cards in the discard pile, flags"),
        ("hand", NUM_CARDS, "the observer's hand, flags"),
        ("seats", SEATS * SEAT_SIZE,
         f"per relative seat: present, hand size / {HAND_SCALE:g}, committed, its card once face up (own: once "
         f"committed; one-hot), refill chosen, refill keep / new (own only), bonus card (own; others' at the end; "
         f"one-hot), score / {SCORE_SCALE:g} (others' without their bonus until the end), customers kept / "
         f"{KEPT_SCALE:g}, then per room 1-15: occupied, card number / 15, card suit (4), customer luxury, suit (4), "
         "amenity (4), amenity matched, referrer (relative seat, 4), upgraded"),
    )
    return lay_out(sections)


LAYOUT = _layout()
_AT = offsets(LAYOUT)
OBSERVATION_SIZE = total_size(LAYOUT)
_STAGE_INDEX = {stage: i for i, stage in enumerate(STAGES)}
_AMENITY_INDEX = {amenity: i for i, amenity in enumerate(AMENITIES)}


def observation_from_view(view: dict[str, Any]) -> np.ndarray:
    """The observation vector of a seat's view (`game.view(seat)`, or the same view read back from JSON)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("an observation is a seat's: the spectator's view has no seat")
    players = view["players"]
    n = len(players)
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)

    def relative(absolute: int | None) -> int | None:
        return None if absolute is None else (absolute - seat) % n

    def one_hot(section: str, index: int | None) -> None:
        if index is not None:
            out[_AT[section] + index] = 1.0

    settings = view["settings"]
    one_hot("seat", seat)
    one_hot("player_count", n - 2)
    for i, flag in enumerate(FLAGS):
        out[_AT["flags"] + i] = float(settings[flag])
    out[_AT["flags"] + len(FLAGS)] = float(settings["bonus_suit"] == "playing_card")
    for i, suit in enumerate(SUITS):
        out[_AT["suit_order"] + i] = settings["suit_order"].index(suit) / 3.0
    one_hot("stage", _STAGE_INDEX[view["stage"]])
    for pending in view["pending"]:
        one_hot("pending", relative(pending))
    out[_AT["trick"]] = view["trick"] / TRICK_SCALE
    out[_AT["trick"] + 1] = view["hand"] / 8.0
    if view["customer"] is not None:
        one_hot("customer", CUSTOMER_BY_ID[view["customer"]])
    for section in ("winner", "second", "host"):
        one_hot(section, relative(view[section]))
    deck = view["deck"]
    out[_AT["deck_size"]] = deck["size"] / NUM_CUSTOMERS
    for depth, customer in enumerate(deck["order"]):
        if customer is not None:
            c = CUSTOMER_BY_ID[customer]
            out[_AT["deck_known"] + c] = 1.0
            out[_AT["deck_known"] + NUM_CUSTOMERS + c] = depth / NUM_CUSTOMERS
    for customer in view["drawn"] or ():
        out[_AT["drawn"] + CUSTOMER_BY_ID[customer]] = 1.0
    out[_AT["drawn"] + NUM_CUSTOMERS] = view["drawn_count"] / 3.0
    for customer in view["unseen_customers"]:
        out[_AT["unseen_customers"] + CUSTOMER_BY_ID[customer]] = 1.0
    out[_AT["draw_pile"]] = view["draw_pile"] / NUM_CARDS
    for card in view["discard"]:
        out[_AT["discard"] + CARD_BY_ID[card]] = 1.0
    for card in players[seat]["hand"] or ():
        out[_AT["hand"] + CARD_BY_ID[card]] = 1.0
    for player in players:
        _seat_part(out, _AT["seats"] + (player["seat"] - seat) % n * SEAT_SIZE, player, relative)
    return out


def _seat_part(out: np.ndarray, base: int, player: dict[str, Any],
               relative: Callable[[int | None], int | None]) -> None:
    out[base] = 1.0
    out[base + _SEAT_HAND] = player["hand_size"] / HAND_SCALE
    out[base + _SEAT_COMMITTED] = float(player["committed"])
    if player["card"] is not None:
        out[base + _SEAT_CARD + CARD_BY_ID[player["card"]]] = 1.0
    out[base + _SEAT_REFILL_CHOSEN] = float(player["refill_chosen"])
    if player["refill"] is not None:
        out[base + _SEAT_REFILL + (player["refill"] == "new")] = 1.0
    if player["bonus"] is not None:
        out[base + _SEAT_BONUS + BONUS_BY_ID[player["bonus"]]] = 1.0
    out[base + _SEAT_SCORE] = player["score"] / SCORE_SCALE
    out[base + _SEAT_KEPT] = len(player["kept"]) / KEPT_SCALE
    for room in player["board"]:
        if room["customer"] is None:
            continue
        at = base + _SEAT_BOARD + (room["room"] - 1) * ROOM_SIZE
        card, customer = CARD_BY_ID[room["card"]], CUSTOMER_BY_ID[room["customer"]]
        out[at] = 1.0
        out[at + _ROOM_NUMBER] = CARD_NUMBER[card] / NUMBERS
        out[at + _ROOM_CARD_SUIT + CARD_SUIT[card]] = 1.0
        out[at + _ROOM_LUXURY] = float(CUSTOMER_LUXURY[customer])
        out[at + _ROOM_SUIT + CUSTOMER_SUIT[customer]] = 1.0
        out[at + _ROOM_AMENITY + _AMENITY_INDEX[CUSTOMER_AMENITY[customer]]] = 1.0
        out[at + _ROOM_MATCHED] = float(room["amenity"] == CUSTOMER_AMENITY[customer])
        referrer = relative(room["referrer"])
        if referrer is not None:
            out[at + _ROOM_REFERRER + referrer] = 1.0
        out[at + _ROOM_UPGRADED] = float(room["upgraded"])
