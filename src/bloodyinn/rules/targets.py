"""Target sets for actions on travelers in rooms: one traveler, or any non-empty set with the Store or the
Butcher's Shop (R-BRIBE-2, R-KILL-2)."""

from __future__ import annotations

from itertools import combinations

from ..config import NUM_ROOMS
from ..errors import IllegalActionError
from ..state import NO_CARD, State

Target = tuple[tuple[int, ...], int]  # target rooms, in increasing order, and their base cost (the sum of ranks)
# Each room as a target set alone (index 0 unused): made once, shared by every list of actions.
ALONE: tuple[tuple[int, ...], ...] = tuple((room,) for room in range(NUM_ROOMS + 1))


def room_target_sets(occupied: list[Target], multi: bool) -> list[Target]:
    """Every allowed target set, given each occupied room as a target alone, in room order."""
    if not multi:
        return occupied
    sets = []
    for size in range(1, len(occupied) + 1):
        for combo in combinations(occupied, size):
            sets.append((tuple(rooms[0] for rooms, _ in combo), sum(rank for _, rank in combo)))
    return sets


def check_rooms(state: State, rooms: tuple[int, ...], verb: str, rule: str) -> None:
    """Raise unless every named room exists, is named once and holds a traveler (R-BRIBE-1, R-KILL-1)."""
    if len(set(rooms)) != len(rooms):
        raise IllegalActionError("a room is named twice: each traveler can be targeted once per {verb}", rule,
                                 verb=verb)
    for room in rooms:
        if not 1 <= room <= NUM_ROOMS or state.rooms[room - 1] == NO_CARD:
            raise IllegalActionError("room {room} has no traveler to {verb}", rule, room=room, verb=verb)
