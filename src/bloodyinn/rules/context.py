"""What the night's move generators need about the acting player, computed once per decision."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARD_ANNEX, CARD_RANK
from ..state import NO_CARD, State
from .payment import OccCounts, hand_counts
from .targets import ALONE, Target


@dataclass(slots=True)
class Turn:
    seat: int
    hand: list[int]
    counts: OccCounts  # the hand as a multiset of occupations
    owned: dict[str, int]  # annex id -> copies the player owns (absent: none)
    occupied: list[Target]  # each occupied room as a target alone, in room order (bribes and kills share them)


def turn_context(state: State, seat: int) -> Turn:
    owned: dict[str, int] = {}
    for card in state.annexes[seat]:
        annex = CARD_ANNEX[card]
        owned[annex] = owned.get(annex, 0) + 1
    occupied = [(ALONE[room], CARD_RANK[c]) for room, c in enumerate(state.rooms, 1) if c != NO_CARD]
    hand = state.hands[seat]
    return Turn(seat, hand, hand_counts(hand), owned, occupied)
