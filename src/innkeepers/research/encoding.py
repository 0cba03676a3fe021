"""Every Innkeepers decision as one number from one fixed list (`NUM_ACTIONS` = 342), and the masks of a seat.

Unlike The Bloody Inn's compound actions, an Innkeepers decision is small (a card, a room, a seat, a customer,
two rooms at most), so each action of the notation has its own index; legality stays in the engine, whose
`legal_actions(seat)` the mask only marks. The order, with the ids fixed by it (`ACTIONS[i]` is the action of
index i, `index(action)` the reverse):

| ids | actions |
| --- | --- |
| 0 | `wait`: a seat that owes no decision now (the parallel environment's turns of a single seat) |
| 1-60 | `play <card>`, cards in `innkeepers.cards.CARD_IDS` order (`1s` ... `15c`) |
| 61-75 | `place room1` ... `place room15` |
| 76-79 | `refer p1` ... `refer p4` |
| 80, 81 | `refuse`, `choose` |
| 82-113 | `pick <customer>`, customers in `CUSTOMER_IDS` order |
| 114-128 | `upgrade room1` ... `upgrade room15` |
| 129-338 | `relocate roomS to roomD`, S then D rising, S != D |
| 339 | `pass` |
| 340, 341 | `refill keep`, `refill new` |
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import Action, Choose, Pass, Pick, Place, Play, Refer, Refill, Refuse, Relocate, Upgrade
from ..cards import CARD_IDS, CUSTOMER_IDS, ROOMS
from ..errors import InnkeepersError

WAIT = 0
ACTIONS: tuple[Action | None, ...] = (
    None,  # wait
    *(Play(card) for card in CARD_IDS),
    *(Place(room) for room in range(1, ROOMS + 1)),
    *(Refer(seat) for seat in range(4)),
    Refuse(),
    Choose(),
    *(Pick(customer) for customer in CUSTOMER_IDS),
    *(Upgrade(room) for room in range(1, ROOMS + 1)),
    *(Relocate(source, dest) for source in range(1, ROOMS + 1) for dest in range(1, ROOMS + 1) if source != dest),
    Pass(),
    Refill(False),
    Refill(True),
)
NUM_ACTIONS = len(ACTIONS)
_INDEX: dict[Action, int] = {action: i for i, action in enumerate(ACTIONS) if action is not None}


class EncodingError(InnkeepersError):
    """An index that names no action, or an object that is not an action."""


def index(action: Action) -> int:
    """The index of an engine action (`EncodingError` for anything else)."""
    try:
        return _INDEX[action]
    except (KeyError, TypeError):
        raise EncodingError(f"{action!r} is not an innkeepers action") from None


def action(number: int) -> Action:
    """The engine action of an index; `EncodingError` for `WAIT` or a number outside 1..341."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 < number < NUM_ACTIONS:
        raise EncodingError(f"{number!r} is not an action index (1-{NUM_ACTIONS - 1}; 0 is wait)")
    found = ACTIONS[number]
    assert found is not None
    return found


def legal_indices(legal: Iterable[Action]) -> list[int]:
    """The sorted indices of a list of legal actions."""
    return sorted(_INDEX[a] for a in legal)


def action_text(number: int) -> str:
    """The notation of an index ('wait' for 0)."""
    found = ACTIONS[number] if 0 <= number < NUM_ACTIONS else None
    return "wait" if found is None else str(found)
