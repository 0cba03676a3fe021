"""Second-place action *Choose the next customer* (I-R-21, I-G-23): draw three customer cards (all that remain
if fewer), pick the one that comes up next, put the others face down under the deck. Only the chooser knows
them (`State.known`). Unavailable when the deck is empty, and in the trick that fills a 15th room, after which
the game ends (I-G-26) and nothing comes up."""

from __future__ import annotations

from ..actions import Choose, Pick
from ..cards import CUSTOMER_BY_ID, CUSTOMER_IDS
from ..config import CHOOSE_DRAW
from ..errors import IllegalActionError
from ..events import Event
from ..state import Stage, State

_CHOOSE = Choose()
_PICKS = tuple(Pick(customer) for customer in CUSTOMER_IDS)


def legal(state: State) -> list[Choose]:
    return [_CHOOSE] if state.deck and not _last_trick(state) else []


def check(state: State) -> None:
    if not state.deck:
        raise IllegalActionError("the customer deck is empty: nothing to choose from", "I-G-23")
    if _last_trick(state):
        raise IllegalActionError("an inn is full, so the game ends with this trick: there is no next customer"
                                 " to choose", "I-G-26")


def _last_trick(state: State) -> bool:
    """Whether a 15th room is filled, so the game ends after this trick and no customer comes up (I-G-26)."""
    return any(None not in board for board in state.boards)


def take_from_deck(state: State) -> int:
    """The deck's top customer; it leaves every seat's knowledge of the deck's bottom."""
    customer = state.deck.pop()
    for known in state.known:
        if customer in known:
            known.remove(customer)
    return customer


def choose(state: State, seat: int, events: list[Event] | None) -> None:
    count = min(CHOOSE_DRAW, len(state.deck))
    state.drawn = [take_from_deck(state) for _ in range(count)]
    if events is not None:
        events.append(Event("choose", seat, amount=count))
    state.stage = Stage.PICK


def legal_picks(state: State) -> list[Pick]:
    return [_PICKS[c] for c in sorted(state.drawn)]


def check_pick(state: State, action: Pick) -> None:
    if CUSTOMER_BY_ID[action.customer] not in state.drawn:
        raise IllegalActionError("{customer} is not among the customers drawn", "I-R-21", customer=action.customer)


def pick(state: State, seat: int, action: Pick, events: list[Event] | None) -> None:
    customer = CUSTOMER_BY_ID[action.customer]
    rest = [c for c in state.drawn if c != customer]
    state.deck[:0] = rest  # index 0 is the bottom of the deck
    state.known[seat].extend(rest)
    state.drawn = []
    state.customer = customer
    if rest and events is not None:
        events.append(Event("bottom", seat, amount=len(rest)))
