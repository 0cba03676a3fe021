"""Actions (every decision a player can make) and their text notation.

    play 7s                     each seat secretly commits a playing card to the trick (I-R-15)
    place room5                 the trick's winner, or a referral's host, puts the customer in a room (I-R-24)
    refer p2                    the winner refers the customer to P2 (I-R-28)
    refuse                      the winner refuses to refer and takes -1 (only with allow_refuse_referral, I-G-20)
    choose | pick lux-s-pool    second place draws three customers, then picks the next one (I-R-21)
    upgrade room4               second place upgrades the referral in room 4 of their board (I-R-22)
    relocate room4 to room9     second place moves a customer on their board (I-R-23)
    pass                        second place takes no action (I-G-12)
    refill keep | refill new    after four tricks: keep the hand and draw 4, or discard it and draw 7 (I-R-32)

Text is case-insensitive; `str(action)` prints the canonical form and `parse_action(str(action)) == action`.
Seats are written P1…Pn in text and numbered 0…n-1 in objects.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.canonical import canonical as read_back

from .cards import CARD_BY_ID, CUSTOMER_BY_ID, ROOMS, SUIT_SYMBOLS
from .errors import NotationError


@dataclass(frozen=True, slots=True)
class Play:
    """Commit a playing card from hand to the trick; it stays hidden until every seat has committed."""

    card: str

    # A property, not a ClassVar: mypyc would make a ClassVar a dataclass field (mypyc/mypyc#1122).
    @property
    def kind(self) -> str:
        return "play"

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put the trick's customer, with the winning card, in an empty room of your board."""

    room: int

    @property
    def kind(self) -> str:
        return "place"

    def __str__(self) -> str:
        return f"place room{self.room}"


@dataclass(frozen=True, slots=True)
class Refer:
    """Refer the trick's customer to another seat, which must then place it."""

    seat: int

    @property
    def kind(self) -> str:
        return "refer"

    def __str__(self) -> str:
        return f"refer p{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse to refer: keep the customer card as -1 (allow_refuse_referral)."""


    @property
    def kind(self) -> str:
        return "refuse"

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class Choose:
    """Second place: draw three customer cards to pick the next customer from."""


    @property
    def kind(self) -> str:
        return "choose"

    def __str__(self) -> str:
        return "choose"


@dataclass(frozen=True, slots=True)
class Pick:
    """After Choose: the drawn customer that comes up next; the others go to the bottom of the deck."""

    customer: str

    @property
    def kind(self) -> str:
        return "pick"

    def __str__(self) -> str:
        return f"pick {self.customer}"


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Second place: turn the referral in `room` of your board into an upgraded one."""

    room: int

    @property
    def kind(self) -> str:
        return "upgrade"

    def __str__(self) -> str:
        return f"upgrade room{self.room}"


@dataclass(frozen=True, slots=True)
class Relocate:
    """Second place: move the customer in `source` (with its card) to the empty room `dest`; with
    fixed_rooms, swap the customers of two occupied rooms (`source` < `dest`)."""

    source: int
    dest: int

    @property
    def kind(self) -> str:
        return "relocate"

    def __str__(self) -> str:
        return f"relocate room{self.source} to room{self.dest}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Second place: take no action."""


    @property
    def kind(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Refill:
    """After every fourth trick: keep your cards and draw up to 7 (`new=False`), or discard them and draw 7."""

    new: bool

    @property
    def kind(self) -> str:
        return "refill"

    def __str__(self) -> str:
        return "refill new" if self.new else "refill keep"


Action = Play | Place | Refer | Refuse | Choose | Pick | Upgrade | Relocate | Pass | Refill
ACTION_TYPES = (Play, Place, Refer, Refuse, Choose, Pick, Upgrade, Relocate, Pass, Refill)


# ---------------------------------------------------------------------------------------------- parsing

_ROOM = re.compile(r"room([0-9]{1,2})$")  # ASCII digits: \d and isdigit() also take ² and ٣
_SEAT = re.compile(r"p([1-4])$")
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


def _room(token: str, text: str) -> int:
    match = _ROOM.match(token)
    if not match or not 1 <= int(match.group(1)) <= ROOMS:
        raise NotationError("expected a room from 'room1' to 'room{rooms}', got {token!r} in {text!r}",
                            rooms=ROOMS, token=token, text=text)
    return int(match.group(1))


def _card(token: str, text: str) -> str:
    card = token[:-1] + _SYMBOL_SUITS.get(token[-1], token[-1])  # 7♠ is accepted for 7s
    if card not in CARD_BY_ID:
        raise NotationError("unknown playing card {token!r} in {text!r}: use a number 1-15 and a suit "
                            "letter s, h, d or c, such as '7s'",
                            token=token, text=text)
    return card


def _customer(token: str, text: str) -> str:
    if token not in CUSTOMER_BY_ID:
        raise NotationError("unknown customer {token!r} in {text!r}: use an id such as 'lux-s-pool' "
                            "(lux or bud, a suit letter, an amenity)",
                            token=token, text=text)
    return token


def _exactly(rest: list[str], count: int, form: str, text: str) -> None:
    if len(rest) != count:
        raise NotationError("expected '{form}', got {text!r}", form=form, text=text)


def _parse_play(rest: list[str], text: str) -> Action:
    _exactly(rest, 1, "play <card>", text)
    return Play(_card(rest[0], text))


def _parse_place(rest: list[str], text: str) -> Action:
    _exactly(rest, 1, "place roomN", text)
    return Place(_room(rest[0], text))


def _parse_refer(rest: list[str], text: str) -> Action:
    _exactly(rest, 1, "refer pN", text)
    match = _SEAT.match(rest[0])
    if not match:
        raise NotationError("expected a seat from 'p1' to 'p4', got {token!r} in {text!r}", token=rest[0], text=text)
    return Refer(int(match.group(1)) - 1)


def _parse_pick(rest: list[str], text: str) -> Action:
    _exactly(rest, 1, "pick <customer>", text)
    return Pick(_customer(rest[0], text))


def _parse_upgrade(rest: list[str], text: str) -> Action:
    _exactly(rest, 1, "upgrade roomN", text)
    return Upgrade(_room(rest[0], text))


def _parse_relocate(rest: list[str], text: str) -> Action:
    if len(rest) == 3 and rest[1] == "to":
        rest = [rest[0], rest[2]]
    _exactly(rest, 2, "relocate roomN to roomM", text)
    source, dest = _room(rest[0], text), _room(rest[1], text)
    if source == dest:
        raise NotationError("a relocation needs two different rooms, got {text!r}", text=text)
    return Relocate(source, dest)


def _parse_refill(rest: list[str], text: str) -> Action:
    if rest in (["keep"], ["new"]):
        return Refill(rest[0] == "new")
    raise NotationError("expected 'refill keep' or 'refill new', got {text!r}", text=text)


def _no_argument(action: Action, form: str) -> Callable[[list[str], str], Action]:
    def parse(rest: list[str], text: str) -> Action:
        _exactly(rest, 0, form, text)
        return action
    return parse


_PARSERS: dict[str, Callable[[list[str], str], Action]] = {
    "play": _parse_play,
    "place": _parse_place,
    "refer": _parse_refer,
    "refuse": _no_argument(Refuse(), "refuse"),
    "choose": _no_argument(Choose(), "choose"),
    "pick": _parse_pick,
    "upgrade": _parse_upgrade,
    "relocate": _parse_relocate,
    "pass": _no_argument(Pass(), "pass"),
    "refill": _parse_refill,
}


def parse_action(text: str) -> Action:
    """Parse the text notation of an action. Parsing is context-free; `Game.apply` decides legality."""
    if not isinstance(text, str):
        raise NotationError("an action's notation must be text, got {type}", type=type(text).__name__)
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action text")
    parser = _PARSERS.get(words[0])
    if parser is None:
        raise NotationError("unknown action {token!r} in {text!r}; expected one of: {actions}",
                            token=words[0], text=text, actions=', '.join(_PARSERS))
    return parser(words[1:], text)


def canonical(action: object) -> Action:
    """The canonical form of an action, given as text or as an object: its notation read back. An object is
    refused unless each field is what the notation writes (no room "5" or 5.0, no True for a seat) and makes
    sense (no room 99), so that nothing is silently coerced."""
    return read_back(action, parse_action, ACTION_TYPES, NotationError)
