"""Target sets for actions on travelers in rooms: one traveler, or any non-empty set with the Store or the
Butcher's Shop (R-BRIBE-2, R-KILL-2)."""

from __future__ import annotations

from itertools import combinations

from ..config import NUM_ROOMS
from ..errors import IllegalActionError
from ..state import NO_CARD, State


def room_target_sets(occupied: tuple[tuple[int, int], ...], multi: bool) -> list[tuple[tuple[int, ...], int]]:
    """(rooms, base cost = sum of ranks) for every allowed target set, rooms in increasing order, given the
    occupied rooms as (room, rank)."""
    if not multi:
        return [((room,), rank) for room, rank in occupied]
    sets = []
    for size in range(1, len(occupied) + 1):
        for combo in combinations(occupied, size):
            sets.append((tuple(r for r, _ in combo), sum(rank for _, rank in combo)))
    return sets


def check_rooms(state: State, rooms: tuple[int, ...], verb: str, rule: str) -> None:
    """Raise unless every named room exists, is named once and holds a traveler (R-BRIBE-1, R-KILL-1)."""
    if len(set(rooms)) != len(rooms):
        raise IllegalActionError("a room is named twice: each traveler can be targeted once per {verb}", rule,
                                 verb=verb)
    for room in rooms:
        if not 1 <= room <= NUM_ROOMS or state.rooms[room - 1] == NO_CARD:
            raise IllegalActionError("room {room} has no traveler to {verb}", rule, room=room, verb=verb)
