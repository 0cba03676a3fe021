"""Phase 1, welcome travelers (spec §7): draw, place, Room Service, the reshuffle and the final round."""

from __future__ import annotations

from ..actions import Place
from ..cards import CARD_IDS, CARD_RANK
from ..config import NUM_ROOMS, GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import CLOSED, NO_CARD, NOBODY, State
from .money import gain


def draw(state: State, events: list[Event] | None) -> bool:
    """Draw the next traveler to the door; False when none can be drawn (R-WELCOME-6).

    The first time a card must be drawn from an empty entrance stack, the exit stack is shuffled into a new
    one and season 2 begins (R-WELCOME-5, A-3: the reshuffle waits until a card is needed)."""
    if not state.entrance:
        if state.reshuffled:
            return False
        state.entrance = state.exit
        state.exit = []
        state.rng.shuffle(state.entrance)
        state.reshuffled = True
        if events is not None:
            events.append(Event("reshuffle", amount=len(state.entrance)))
        if not state.entrance:
            return False
    card = state.entrance.pop()
    state.arrival = card
    if events is not None:
        events.append(Event("draw", None, CARD_IDS[card], "entrance", "arrival"))
    return True


_PLACES = {room: Place(room) for room in range(1, 9)}  # actions are immutable: share one per room


def legal(state: State, config: GameConfig) -> list[Place]:
    return places(state.empty_open_rooms())


def places(rooms: list[int]) -> list[Place]:
    """Putting the arrival in each of the empty open `rooms`."""
    return [_PLACES[room] for room in rooms]


def forced_room(rooms: list[int], config: GameConfig) -> int | None:
    """The room the arrival must take with no choice, among the empty open `rooms`: First Come First Served
    (R-VAR-FCFS-1, A-23), or a single empty room."""
    if config.first_come_first_served or len(rooms) == 1:
        return rooms[0]
    return None


def check(state: State, config: GameConfig, action: Place) -> None:
    rooms = state.empty_open_rooms()
    if action.room not in rooms:
        if not 1 <= action.room <= NUM_ROOMS or state.keys[action.room - 1] == CLOSED:
            raise IllegalActionError("room {room} has no key: it is closed", "R-WELCOME-1", room=action.room)
        raise IllegalActionError("room {room} is already occupied", "R-WELCOME-1", room=action.room)
    forced = forced_room(rooms, config)
    if forced is not None and action.room != forced:
        raise IllegalActionError("First Come First Served: the traveler goes to room {room}", "R-VAR-FCFS-1",
                                 room=forced)


def place(state: State, config: GameConfig, room: int, events: list[Event] | None) -> None:
    """Put the arrival in a room; a Room Service token there pays its owner the traveler's rank from the bank
    (R-WELCOME-4)."""
    card = state.arrival
    state.arrival = NO_CARD
    state.rooms[room - 1] = card
    if events is not None:
        events.append(Event("move", state.first_player, CARD_IDS[card], "arrival", f"room{room}"))
    owner = state.room_service[room - 1]
    if owner != NOBODY:
        gain(state, config, owner, CARD_RANK[card], f"Room Service in room {room}", events)


def is_final_round(state: State) -> bool:
    """After a welcome: the reshuffle has happened and the entrance stack is empty (R-WELCOME-7)."""
    return state.reshuffled and not state.entrance


def final_round_skipped(state: State) -> bool:
    """Fewer travelers in the inn than players: the final round is not played (R-WELCOME-8, R-SOLO-2)."""
    return state.travelers_in_inn() < state.players
