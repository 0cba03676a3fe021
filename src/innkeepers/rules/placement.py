"""Placing a customer on a board (I-R-24..27, I-G-15..17): rooms rise from 1 to 15, numbers strictly rising.

Default (I-G-15 reading B): a card may go in any empty room as long as every filled room before it holds a
lower number and every filled room after it a higher one. `fixed_rooms` (reading A): card n only in room n.
"""

from __future__ import annotations

from ..actions import Place
from ..cards import CARD_IDS, CARD_NUMBER, CUSTOMER_AMENITY, CUSTOMER_IDS, ROOM_AMENITY, ROOMS
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, NOBODY, Stage, State, Stay

_PLACES = tuple(Place(room) for room in range(ROOMS + 1))  # index = room; actions are immutable: shared
Board = list[Stay | None]


def fits(board: Board, number: int, room: int, fixed_rooms: bool, ignore: int = 0) -> bool:
    """Whether a card numbered `number` may stand in `room` (1-15), `ignore` being a room to treat as empty."""
    if fixed_rooms:
        return number == room
    for other in range(1, ROOMS + 1):
        stay = board[other - 1]
        if stay is None or other in (ignore, room):
            continue
        held = CARD_NUMBER[stay.card]
        if (other < room and held >= number) or (other > room and held <= number):
            return False
    return True


def legal_rooms(board: Board, card: int, fixed_rooms: bool) -> list[int]:
    """The empty rooms that can take `card` (I-R-25, I-G-15, I-G-16)."""
    number = CARD_NUMBER[card]
    if fixed_rooms:
        return [number] if board[number - 1] is None else []
    # Under rising order the legal rooms are the empty run between the nearest lower and higher cards.
    low, high = 1, ROOMS
    for room in range(1, ROOMS + 1):
        stay = board[room - 1]
        if stay is None:
            continue
        held = CARD_NUMBER[stay.card]
        if held == number:
            return []
        if held < number:
            low = room + 1
        else:
            high = room - 1
            break
    return [room for room in range(low, high + 1) if board[room - 1] is None]


def placer(state: State) -> int:
    """Who places the trick's customer now: the winner, or the referral's host."""
    return state.host if state.stage == Stage.HOST else state.winner


def legal(state: State, config: GameConfig) -> list[Place]:
    seat = placer(state)
    card = state.played[state.winner]
    return [_PLACES[room] for room in legal_rooms(state.boards[seat], card, config.fixed_rooms)]


def check(state: State, config: GameConfig, action: Place) -> None:
    seat = placer(state)
    board = state.boards[seat]
    if board[action.room - 1] is not None:
        raise IllegalActionError("room {room} of P{player}'s inn is taken", "I-R-25", room=action.room, player=seat + 1)
    card = state.played[state.winner]
    if not fits(board, CARD_NUMBER[card], action.room, config.fixed_rooms):
        if config.fixed_rooms:
            raise IllegalActionError("with fixed rooms, {card} may only go in room {number} (fixed_rooms)", "I-G-15",
                                     card=CARD_IDS[card], number=CARD_NUMBER[card])
        raise IllegalActionError("{card} in room {room} would break the rising order of P{player}'s inn", "I-R-25",
                                 card=CARD_IDS[card], room=action.room, player=seat + 1)


def marker(room: int, stay: Stay) -> str:
    """The marker a customer carries: a meeple when its own amenity is matched (I-R-26), else a cube (I-R-27);
    a referral carries the referrer's cube, or meeple once upgraded (I-R-28, I-R-22)."""
    if stay.referrer != NOBODY:
        return "meeple" if stay.upgraded else "cube"
    return "meeple" if ROOM_AMENITY[room - 1] == CUSTOMER_AMENITY[stay.customer] else "cube"


def _place_event(seat: int, room: int, stay: Stay) -> Event:
    if stay.referrer != NOBODY:
        note, points = f"a referral from P{stay.referrer + 1}, with their cube", 1
    elif marker(room, stay) == "meeple":
        note, points = f"{ROOM_AMENITY[room - 1]} matched: meeple", 3
    else:
        note, points = "amenity not matched: cube", 2
    return Event("place", seat, CUSTOMER_IDS[stay.customer], "customer", f"room{room}", points, note,
                 stay.referrer if stay.referrer != NOBODY else None)


def place(state: State, action: Place, events: list[Event] | None) -> None:
    """The customer and the winning card check in together; then second place may act (I-G-12)."""
    seat = placer(state)
    referrer = state.referrer if state.stage == Stage.HOST else NOBODY
    stay = Stay(state.customer, state.played[state.winner], referrer)
    state.boards[seat][action.room - 1] = stay
    if events is not None:
        events.append(_place_event(seat, action.room, stay))
    state.customer = NO_CARD
    state.played[state.winner] = NO_CARD
    state.host = state.referrer = NOBODY
    state.stage = Stage.SECOND
