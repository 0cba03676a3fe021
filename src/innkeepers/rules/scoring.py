"""Scoring and the winner (I-R-34..39, I-G-5, I-G-6, I-G-27, I-G-30). Scores follow from the boards at any
moment: own customers +3 with a meeple (amenity matched) or +2 with a cube, +1 per hosted referral (+2 once
upgraded), +1 per referral made, -1 per kept customer card, and the secret bonus card's points."""

from __future__ import annotations

from typing import Any

from ..cards import (
    BONUS_IDS,
    BONUS_POINTS,
    CARD_SUIT,
    CUSTOMER_SUIT,
    ROOMS,
    bonus_floor,
    bonus_suit,
    floor_of,
)
from ..config import GameConfig
from ..state import NOBODY, State, Stay
from .placement import marker

POINTS = {"meeples": 3, "cubes": 2, "hosted": 1, "upgraded": 2, "referrals": 1, "penalties": -1}


def bonus_points(state: State, config: GameConfig, seat: int) -> int:
    """The seat's bonus card: +2 per customer of its suit on its floor, referrals included (I-G-5, I-G-6)."""
    card = state.bonus[seat]
    return BONUS_POINTS * sum(1 for room, stay in enumerate(state.boards[seat], 1)
                              if stay is not None and counts_for_bonus(config, card, room, stay))


def counts_for_bonus(config: GameConfig, card: int, room: int, stay: Stay) -> bool:
    """Whether the customer in `room` counts for the bonus card `card`: on its floor, of its suit (I-G-5, I-G-6)."""
    if floor_of(room) != bonus_floor(card):
        return False
    return (CARD_SUIT[stay.card] if config.bonus_suit == "playing_card" else CUSTOMER_SUIT[stay.customer]) \
        == bonus_suit(card)


def stay_kind(room: int, stay: Stay) -> str:
    """How a customer scores for the board's owner: an own customer with a meeple or a cube, a referral hosted
    or upgraded (the keys of POINTS; I-R-34..37)."""
    if stay.referrer == NOBODY:
        return "meeples" if marker(room, stay) == "meeple" else "cubes"
    return "upgraded" if stay.upgraded else "hosted"


def breakdown(state: State, config: GameConfig, seat: int) -> dict[str, Any]:
    """Per seat: the count of each kind of scoring item, the bonus points and the total."""
    counts = dict.fromkeys(POINTS, 0)
    for room in range(1, ROOMS + 1):
        stay = state.boards[seat][room - 1]
        if stay is None:
            continue
        counts[stay_kind(room, stay)] += 1
    counts["referrals"] = sum(1 for other, board in enumerate(state.boards) if other != seat
                              for stay in board if stay is not None and stay.referrer == seat)
    counts["penalties"] = len(state.kept[seat])
    bonus = bonus_points(state, config, seat)
    total = sum(POINTS[kind] * count for kind, count in counts.items()) + bonus
    return {"seat": seat, **counts, "bonus_card": BONUS_IDS[state.bonus[seat]], "bonus": bonus, "total": total}


def total(state: State, config: GameConfig, seat: int, with_bonus: bool = True) -> int:
    row = breakdown(state, config, seat)
    return row["total"] if with_bonus else row["total"] - row["bonus"]


def winners(state: State, config: GameConfig) -> list[int]:
    """Most points; on a tie, most amenities matched (own meeples only); still tied, a shared win (I-R-39,
    I-G-27)."""
    rows = [breakdown(state, config, seat) for seat in range(state.players)]
    best = max((row["total"], row["meeples"]) for row in rows)
    return [row["seat"] for row in rows if (row["total"], row["meeples"]) == best]
