"""Second-place action *Relocate* (I-R-23, I-G-24): move one customer on your board, with its playing card, to
another empty room where the rising order still holds. Markers follow the room (a customer of your own gets a
meeple if the amenity now matches); a referral keeps its marker. With `fixed_rooms` a card cannot move, so
Relocate swaps the customers of two occupied rooms and the playing cards stay put."""

from __future__ import annotations

from ..actions import Relocate
from ..cards import CARD_NUMBER, CUSTOMER_IDS, ROOMS
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NOBODY, State, Stay
from .placement import fits, marker


def legal(state: State, config: GameConfig, seat: int) -> list[Relocate]:
    board = state.boards[seat]
    occupied = [room for room in range(1, ROOMS + 1) if board[room - 1] is not None]
    if config.fixed_rooms:
        return [_MOVES[a, b] for i, a in enumerate(occupied) for b in occupied[i + 1:]]
    # A card keeps the rising order anywhere between its occupied neighbours, and nowhere else.
    moves: list[Relocate] = []
    bounds = [0, *occupied, ROOMS + 1]
    for i, source in enumerate(occupied, 1):
        moves.extend(_SPANS[source - 1][bounds[i - 1]][bounds[i + 1]])
    return moves


_MOVES = {(a, b): Relocate(a, b) for a in range(1, ROOMS + 1) for b in range(1, ROOMS + 1) if a != b}  # shared
# _SPANS[source - 1][below][above]: the moves of the card in room `source` to the other rooms strictly between
# the occupied rooms `below` and `above` (0 and 16 at the ends), listed once instead of at every decision.
_SPANS = [[[[_MOVES[source, dest] for dest in range(below + 1, above) if dest != source]
            for above in range(ROOMS + 2)] for below in range(ROOMS + 1)] for source in range(1, ROOMS + 1)]


def check(state: State, config: GameConfig, seat: int, action: Relocate) -> None:
    board = state.boards[seat]
    source, dest = action.source, action.dest
    if board[source - 1] is None:
        raise IllegalActionError("room {source} of P{player}'s inn is empty: nothing to relocate", "I-R-23",
                                 source=source, player=seat + 1)
    if config.fixed_rooms:
        if board[dest - 1] is None:
            raise IllegalActionError("with fixed rooms, Relocate swaps two customers and room {dest} is empty",
                                     "I-G-24", dest=dest)
        if source > dest:
            raise IllegalActionError("write the swap lower room first: relocate room{dest} to room{source}",
                                     "I-G-24", dest=dest, source=source)
        return
    if board[dest - 1] is not None:
        raise IllegalActionError("room {dest} of P{player}'s inn is taken", "I-G-24", dest=dest, player=seat + 1)
    stay = board[source - 1]
    assert stay is not None
    if not fits(board, CARD_NUMBER[stay.card], dest, False, ignore=source):
        raise IllegalActionError("moving room {source} to room {dest} would break the rising order", "I-G-24",
                                 source=source, dest=dest)


def relocate(state: State, config: GameConfig, seat: int, action: Relocate, events: list[Event] | None) -> None:
    board = state.boards[seat]
    first, second = board[action.source - 1], board[action.dest - 1]
    assert first is not None
    if config.fixed_rooms:
        assert second is not None
        moved = {action.dest: (action.source, first._replace(card=second.card)),
                 action.source: (action.dest, second._replace(card=first.card))}
        for room, (origin, stay) in moved.items():
            board[room - 1] = stay
            if events is not None:
                events.append(Event("relocate", seat, CUSTOMER_IDS[stay.customer], f"room{origin}", f"room{room}",
                                    note=_marker_note(room, stay)))
        return
    board[action.dest - 1], board[action.source - 1] = first, None
    if events is not None:
        events.append(Event("relocate", seat, CUSTOMER_IDS[first.customer], f"room{action.source}",
                            f"room{action.dest}", note=_marker_note(action.dest, first)))


def _marker_note(room: int, stay: Stay) -> str:
    """The marker the customer now has and what it is worth to the host: a referral keeps its referrer's cube
    (+1), or meeple once upgraded (+2) (I-R-22, I-R-29); a customer of one's own gets a meeple (+3) or a cube
    (+2) for the room it is in now (I-G-24)."""
    kind = marker(room, stay)
    if stay.referrer != NOBODY:
        if stay.upgraded:
            return f"an upgraded referral with P{stay.referrer + 1}'s meeple: +2"
        return f"a referral with P{stay.referrer + 1}'s cube: +1"
    return f"now with a {kind}: {'+3' if kind == 'meeple' else '+2'}"
