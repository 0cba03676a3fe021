"""Actions (every decision a player can make) and their text notation.

The notation is meant for people: it names rooms (``room3``), occupations (``peasant``) and annexes by card id
(``distiller.2``, ``barn.0``; the barn of P1 may also be written ``barn.P1``). Cards of one occupation are
interchangeable, so payments list occupations, not physical copies. Examples::

    place room3
    pass | pass buy-checks 2 | pass cash-checks 1
    bribe room3 pay peasant,newsboy,novice | bribe room2+room5 pay ... | bribe peasants 2
    build distiller pay mechanic,viscount | build concierge pay a,b service room4 | build monk key room6
    kill room4 pay brigadier | kill room1+room2 pay ... | kill peasant
    bury count under distiller.2 pay peasant,grocer | bury baron under barn.0 + monk under park.1 pay ... drop peasant
    gravedigger checks 1
    release peasant,novice

`str(action)` always prints the canonical form and `parse_action(str(action)) == action`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.canonical import canonical as read_back

from .cards import CARD_BY_ID, OCCUPATION_BY_ID, resolve_occupation
from .config import MAX_CHECKS
from .errors import NotationError


def canonical_cards(occupation_ids: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Sort occupation ids in card-table order: the one canonical order of a multiset of cards."""
    return tuple(sorted(occupation_ids, key=lambda o: OCCUPATION_BY_ID[o].index))


def _pay_text(pay: tuple[str, ...]) -> str:
    return f" pay {','.join(pay)}" if pay else ""


@dataclass(frozen=True, slots=True)
class Place:
    """Welcome phase: put the arriving traveler in an open, empty room (R-WELCOME-1)."""

    room: int

    # A property, not a ClassVar: mypyc would make a ClassVar a dataclass field (mypyc/mypyc#1122).
    @property
    def kind(self) -> str:
        return "place"

    def __str__(self) -> str:
        return f"place room{self.room}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Night: pass, optionally laundering money in one direction (R-PASS-1)."""

    buy_checks: int = 0
    cash_checks: int = 0

    @property
    def kind(self) -> str:
        return "pass"

    def __str__(self) -> str:
        if self.buy_checks:
            return f"pass buy-checks {self.buy_checks}"
        if self.cash_checks:
            return f"pass cash-checks {self.cash_checks}"
        return "pass"


@dataclass(frozen=True, slots=True)
class Bribe:
    """Night: bribe travelers in rooms, or peasants from the bistro (R-BRIBE-*)."""

    rooms: tuple[int, ...] = ()
    peasants: int = 0
    pay: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "bribe"

    def __str__(self) -> str:
        if self.peasants:
            return f"bribe peasants {self.peasants}"
        return "bribe " + "+".join(f"room{r}" for r in self.rooms) + _pay_text(self.pay)


@dataclass(frozen=True, slots=True)
class Build:
    """Night: build the annex of a card in hand (R-BUILD-*); `room` is the Room Service or Monk room."""

    card: str
    pay: tuple[str, ...] = ()
    room: int | None = None

    @property
    def kind(self) -> str:
        return "build"

    def __str__(self) -> str:
        text = f"build {self.card}{_pay_text(self.pay)}"
        if self.room is not None:
            text += f" {'key' if self.card == 'monk' else 'service'} room{self.room}"
        return text


@dataclass(frozen=True, slots=True)
class Kill:
    """Night: kill travelers in rooms, or one peasant from the bistro (R-KILL-*)."""

    rooms: tuple[int, ...] = ()
    peasant: bool = False
    pay: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "kill"

    def __str__(self) -> str:
        if self.peasant:
            return "kill peasant"
        return "kill " + "+".join(f"room{r}" for r in self.rooms) + _pay_text(self.pay)


@dataclass(frozen=True, slots=True)
class Bury:
    """Night: bury own corpses under annexes (R-BURY-*).

    `corpses` pairs a corpse's occupation with the annex it goes under; `drop` lists the played
    non-religious cards that do not come back to hand under the Chapel (R-BURY-6).
    """

    corpses: tuple[tuple[str, str], ...]
    pay: tuple[str, ...] = ()
    drop: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "bury"

    def __str__(self) -> str:
        text = "bury " + " + ".join(f"{occ} under {annex}" for occ, annex in self.corpses)
        text += _pay_text(self.pay)
        if self.drop:
            text += f" drop {','.join(self.drop)}"
        return text


@dataclass(frozen=True, slots=True)
class PayGravedigger:
    """End of round (a) or end of game: how many checks go to the gravedigger (R-EOR-2, A-12)."""

    checks: int

    @property
    def kind(self) -> str:
        return "gravedigger"

    def __str__(self) -> str:
        return f"gravedigger checks {self.checks}"


@dataclass(frozen=True, slots=True)
class Release:
    """End of round (c): the accomplices that leave because their wages are unpaid (R-EOR-4, A-13)."""

    cards: tuple[str, ...]

    @property
    def kind(self) -> str:
        return "release"

    def __str__(self) -> str:
        return f"release {','.join(self.cards)}"


Action = Place | Pass | Bribe | Build | Kill | Bury | PayGravedigger | Release
ACTION_TYPES = (Place, Pass, Bribe, Build, Kill, Bury, PayGravedigger, Release)


# ---------------------------------------------------------------------------------------------- parsing

_ROOM = re.compile(r"room([1-8])$")


def _room(token: str, text: str) -> int:
    match = _ROOM.match(token)
    if not match:
        raise NotationError("expected a room such as 'room3', got {token!r} in {text!r}", token=token, text=text)
    return int(match.group(1))


def _rooms(token: str, text: str) -> tuple[int, ...]:
    rooms = tuple(sorted(_room(t, text) for t in token.split("+")))
    if len(set(rooms)) != len(rooms):
        raise NotationError("a room is named twice in {text!r}", text=text)
    return rooms


def _occupation(token: str, text: str) -> str:
    try:
        return resolve_occupation(token).id
    except KeyError:
        raise NotationError("unknown occupation {token!r} in {text!r}", token=token, text=text) from None


def _cards(token: str, text: str) -> tuple[str, ...]:
    if token in ("", "-"):
        return ()
    return canonical_cards([_occupation(t, text) for t in token.split(",") if t])


def _number(token: str, text: str, least: int = 1) -> int:
    """A count written in ASCII digits (`isdigit` also takes ² and ٣), from `least` to MAX_CHECKS, more than any
    count in a game."""
    if not (token.isascii() and token.isdigit()) or len(token) > len(str(MAX_CHECKS)) \
            or not least <= int(token) <= MAX_CHECKS:
        shown = token if len(token) <= 12 else token[:12] + "..."
        raise NotationError("expected a number {least}-{most}, got {token!r}",
                            least=least, most=MAX_CHECKS, token=shown)
    return int(token)


def _annex(token: str, text: str) -> str:
    key = token.lower()
    # 'barn.p1' names a barn by the P1-P4 that texts and screens use; it reads as the seat number, 'barn.0'.
    player = re.fullmatch(r"barn\.p([1-4])", key)
    if player:
        return f"barn.{int(player[1]) - 1}"
    if re.fullmatch(r"barn\.[0-3]", key) or key in CARD_BY_ID:
        return key
    raise NotationError("unknown annex {token!r} in {text!r}: use a card id such as 'mechanic.2', or 'barn.0'"
                        " (also written 'barn.P1') for the barn of P1",
                        token=token, text=text)


def _take_clauses(words: list[str], allowed: tuple[str, ...], text: str) -> dict[str, str]:
    """Read trailing 'keyword value' pairs (pay, drop, service, key)."""
    clauses: dict[str, str] = {}
    if len(words) % 2:
        raise NotationError("incomplete clause at the end of {text!r}", text=text)
    for keyword, value in zip(words[::2], words[1::2]):
        if keyword not in allowed or keyword in clauses:
            raise NotationError("unexpected {keyword!r} in {text!r}", keyword=keyword, text=text)
        clauses[keyword] = value
    return clauses


def parse_action(text: str, game: object | None = None) -> Action:
    """Parse the text notation of an action. `game` is accepted for API symmetry; parsing is context-free,
    and legality is decided by `Game.apply`."""
    if not isinstance(text, str):
        raise NotationError("an action's notation must be text, got {type}", type=type(text).__name__)
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action text")
    head, rest = words[0], words[1:]
    try:
        return _PARSERS[head](rest, text)
    except KeyError:
        raise NotationError(
            "unknown action {token!r} in {text!r}; expected one of: {actions}",
            token=head, text=text, actions=', '.join(_PARSERS)) from None


def _parse_place(rest: list[str], text: str) -> Action:
    if len(rest) != 1:
        raise NotationError("expected 'place roomN', got {text!r}", text=text)
    return Place(_room(rest[0], text))


def _parse_pass(rest: list[str], text: str) -> Action:
    if not rest:
        return Pass()
    if len(rest) == 2 and rest[0] == "buy-checks":
        return Pass(buy_checks=_number(rest[1], text))
    if len(rest) == 2 and rest[0] == "cash-checks":
        return Pass(cash_checks=_number(rest[1], text))
    raise NotationError("expected 'pass', 'pass buy-checks N' or 'pass cash-checks N', got {text!r}", text=text)


def _parse_bribe(rest: list[str], text: str) -> Action:
    if not rest:
        raise NotationError("bribe needs a target in {text!r}", text=text)
    if rest[0] in ("peasant", "peasants"):
        if len(rest) == 1:
            return Bribe(peasants=1)
        if len(rest) == 2:
            return Bribe(peasants=_number(rest[1], text))
        raise NotationError("expected 'bribe peasants N', got {text!r}", text=text)
    clauses = _take_clauses(rest[1:], ("pay",), text)
    return Bribe(rooms=_rooms(rest[0], text), pay=_cards(clauses.get("pay", ""), text))


def _parse_build(rest: list[str], text: str) -> Action:
    if not rest:
        raise NotationError("build needs a card in {text!r}", text=text)
    card = _occupation(rest[0], text)
    clauses = _take_clauses(rest[1:], ("pay", "service", "key"), text)
    room_word = "key" if card == "monk" else "service"
    other_word = "service" if card == "monk" else "key"
    if other_word in clauses:
        raise NotationError("'{word}' does not apply to building a {card} in {text!r}",
                            word=other_word, card=card, text=text)
    room = _room(clauses[room_word], text) if room_word in clauses else None
    return Build(card=card, pay=_cards(clauses.get("pay", ""), text), room=room)


def _parse_kill(rest: list[str], text: str) -> Action:
    if not rest:
        raise NotationError("kill needs a target in {text!r}", text=text)
    if rest[0] == "peasant":
        if len(rest) != 1:
            raise NotationError("killing a peasant costs nothing: expected 'kill peasant', got {text!r}", text=text)
        return Kill(peasant=True)
    clauses = _take_clauses(rest[1:], ("pay",), text)
    return Kill(rooms=_rooms(rest[0], text), pay=_cards(clauses.get("pay", ""), text))


def _parse_bury(rest: list[str], text: str) -> Action:
    corpses: list[tuple[str, str]] = []
    i = 0
    while True:
        if i + 3 > len(rest) or rest[i + 1] != "under":
            raise NotationError("expected 'bury <corpse> under <annex>', got {text!r}", text=text)
        corpses.append((_occupation(rest[i], text), _annex(rest[i + 2], text)))
        i += 3
        if i < len(rest) and rest[i] == "+":
            i += 1
            continue
        break
    clauses = _take_clauses(rest[i:], ("pay", "drop"), text)
    ordered = tuple(sorted(corpses, key=lambda c: (OCCUPATION_BY_ID[c[0]].index, c[1])))
    return Bury(corpses=ordered, pay=_cards(clauses.get("pay", ""), text),
                drop=_cards(clauses.get("drop", ""), text))


def _parse_gravedigger(rest: list[str], text: str) -> Action:
    if len(rest) == 2 and rest[0] == "checks":
        return PayGravedigger(_number(rest[1], text, least=0))
    raise NotationError("expected 'gravedigger checks N', got {text!r}", text=text)


def _parse_release(rest: list[str], text: str) -> Action:
    cards = _cards(rest[0], text) if len(rest) == 1 else ()
    if not cards:  # wages leave at least one accomplice unpaid, or nobody chooses
        raise NotationError("expected 'release card,card,...', got {text!r}", text=text)
    return Release(cards)


_PARSERS = {
    "place": _parse_place,
    "pass": _parse_pass,
    "bribe": _parse_bribe,
    "build": _parse_build,
    "kill": _parse_kill,
    "bury": _parse_bury,
    "gravedigger": _parse_gravedigger,
    "release": _parse_release,
}


def canonical(action: object) -> Action:
    """The canonical form of an action, given as text or as an object: its notation read back. An object is
    refused unless each field is what the notation writes (no room "5" or 5.0, no True for a count) and makes
    sense (no room 99), so that nothing is silently coerced."""
    return read_back(action, parse_action, ACTION_TYPES, NotationError)
