"""Compound actions as short token sequences from one fixed vocabulary, and the masks of a decision.

A learning agent picks one token at a time from the same `VOCABULARY` at every step. A compound action (say
`bribe room2+room5 pay baron,peasant`) is the sequence of its notation's words in the canonical order of
`str(action)`, without the words the grammar makes redundant:

    place room3                                   -> place room3
    pass / pass buy-checks 2 / pass cash-checks 1 -> pass end / pass buy-checks 2 / pass cash-checks 1
    bribe room2+room5 pay baron,peasant           -> bribe room2 room5 pay baron peasant end
    bribe room1 / bribe peasants 2                -> bribe room1 end / bribe peasants 2
    build concierge pay baron service room4       -> build concierge pay baron service room4
    build distiller                               -> build distiller end
    kill room4 pay brigadier / kill peasant       -> kill room4 pay brigadier end / kill peasant
    bury monk under barn.0 + count under park.1 pay baron drop baron
                                                  -> bury monk barn.0 count park.1 pay baron drop baron end
    gravedigger checks 1                          -> gravedigger 1
    release baron,peasant                         -> release baron peasant end

`under` and `+` are dropped (a corpse is always followed by its annex), `checks` after `gravedigger` too.
Every list ends at the next keyword or at `end`, so no action's sequence is the prefix of another's: the
sequences of a set of actions form a prefix tree whose leaves are the actions. `ActionTree` builds that tree
from `game.legal_actions()`; the mask of a step is the set of children of the node reached by the tokens typed
so far. Legality stays in the engine: the tree only lists what the engine listed.

The vocabulary (`VOCABULARY`, 213 tokens, ids fixed by this order): the keywords `end pay drop service key
buy-checks cash-checks peasants`, the verbs `place pass bribe build kill bury gravedigger release`, the rooms
`room1`…`room8`, the 29 occupation ids in card-table order, the 56 annex card ids (`cultivator.1`…`marquis.1`,
every guest card that has an annex) and `barn.0`…`barn.3`, and the amounts `0`…`99`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from operator import attrgetter
from typing import Any

from ..actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release, canonical_cards
from ..cards import CARD_IDS, CARD_OCC, OCCUPATION_BY_ID, OCCUPATIONS
from ..errors import BloodyInnError

KEYWORDS: tuple[str, ...] = ("end", "pay", "drop", "service", "key", "buy-checks", "cash-checks", "peasants")
VERBS: tuple[str, ...] = ("place", "pass", "bribe", "build", "kill", "bury", "gravedigger", "release")
ROOMS: tuple[str, ...] = tuple(f"room{r}" for r in range(1, 9))
OCCUPATION_TOKENS: tuple[str, ...] = tuple(o.id for o in OCCUPATIONS)
ANNEX_TOKENS: tuple[str, ...] = (
    *(card_id for card, card_id in enumerate(CARD_IDS) if OCCUPATIONS[CARD_OCC[card]].buildable),
    *(f"barn.{seat}" for seat in range(4)),
)
MAX_AMOUNT = 99  # checks laundered or paid to the gravedigger, peasants bribed: far above any reachable amount
AMOUNT_TOKENS: tuple[str, ...] = tuple(str(n) for n in range(MAX_AMOUNT + 1))

VOCABULARY: tuple[str, ...] = (*KEYWORDS, *VERBS, *ROOMS, *OCCUPATION_TOKENS, *ANNEX_TOKENS, *AMOUNT_TOKENS)
VOCABULARY_SIZE = len(VOCABULARY)
TOKEN_ID: dict[str, int] = {token: i for i, token in enumerate(VOCABULARY)}

_END, _PAY, _DROP, _SERVICE, _KEY, _BUY, _CASH, _PEASANTS = (TOKEN_ID[k] for k in KEYWORDS)
_PLACE, _PASS, _BRIBE, _BUILD, _KILL, _BURY, _GRAVEDIGGER, _RELEASE = (TOKEN_ID[v] for v in VERBS)
_ROOM_BASE = TOKEN_ID["room1"]
_AMOUNT_BASE = TOKEN_ID["0"]
_OCCUPATION_IDS = frozenset(TOKEN_ID[o] for o in OCCUPATION_TOKENS)
_ANNEX_IDS = frozenset(TOKEN_ID[a] for a in ANNEX_TOKENS)


class EncodingError(BloodyInnError):
    """An action that has no token sequence, or tokens that spell no action."""


# ------------------------------------------------------------------------------------------------ encoding


def _room(room: int) -> int:
    if not 1 <= room <= 8:
        raise EncodingError(f"there is no room{room}: rooms are room1 to room8")
    return _ROOM_BASE + room - 1


def _amount(n: int) -> int:
    if not 0 <= n <= MAX_AMOUNT:
        raise EncodingError(f"the amount {n} is outside the vocabulary's 0..{MAX_AMOUNT}")
    return _AMOUNT_BASE + n


def _named(token: str, kind: str) -> int:
    token_id = TOKEN_ID.get(token)
    valid = _OCCUPATION_IDS if kind == "occupation" else _ANNEX_IDS
    if token_id is None or token_id not in valid:
        raise EncodingError(f"{token!r} is not an {kind} of the vocabulary")
    return token_id


def _cards(cards: Sequence[str]) -> list[int]:
    return [_named(card, "occupation") for card in cards]


def _rooms_and_pay(verb: int, rooms: tuple[int, ...], pay: tuple[str, ...]) -> tuple[int, ...]:
    if not rooms:
        raise EncodingError("a bribe or kill needs a target")
    tokens = [verb, *(_room(r) for r in rooms)]
    if pay:
        tokens += [_PAY, *_cards(pay)]
    return (*tokens, _END)


# Every action's first token is the verb of its class (`_encode` below): a decision's legal actions can be told
# apart by their first token without spelling them.
VERB_OF: dict[type, int] = {Place: _PLACE, Pass: _PASS, Bribe: _BRIBE, Build: _BUILD, Kill: _KILL, Bury: _BURY,
                            PayGravedigger: _GRAVEDIGGER, Release: _RELEASE}

# Spellings remembered per action class, by the action's fields read in C (`attrgetter`): the same few thousand
# actions recur in every game, and the environments spell every legal action at every decision, so this spares
# the dataclasses' Python-level `__hash__` and `__eq__` at every look-up.
_SPELLINGS: dict[type, tuple[attrgetter[Any], dict[Any, tuple[int, ...]]]] = {
    cls: (attrgetter(*[field.name for field in fields(cls)]), {}) for cls in VERB_OF}
_SPELLINGS_LIMIT = 1 << 14  # per class, before that class's memory starts again


def encode(action: Action) -> tuple[int, ...]:
    """The token ids of an action, in the canonical notation order; raises `EncodingError` for anything
    that is not an encodable action (a non-action, a room outside 1-8, an amount outside the vocabulary)."""
    spellings = _SPELLINGS.get(type(action))
    if spellings is None:
        raise EncodingError(f"{action!r} is not an encodable action")
    read, known = spellings
    key = read(action)
    try:
        tokens = known.get(key)
    except TypeError:  # an unhashable field (a list where the action has a tuple), so not an action
        raise EncodingError(f"{action!r} is not an encodable action") from None
    if tokens is None:
        tokens = _encode(action)
        if len(known) >= _SPELLINGS_LIMIT:
            known.clear()
        known[key] = tokens
    return tokens


def _encode(action: Action) -> tuple[int, ...]:
    match action:
        case Place(room=room):
            return (_PLACE, _room(room))
        case Pass(buy_checks=0, cash_checks=0):
            return (_PASS, _END)
        case Pass(buy_checks=n, cash_checks=0):
            return (_PASS, _BUY, _amount(n))
        case Pass(buy_checks=0, cash_checks=n):
            return (_PASS, _CASH, _amount(n))
        case Bribe(rooms=(), peasants=n) if n > 0:
            return (_BRIBE, _PEASANTS, _amount(n))
        case Bribe(rooms=rooms, peasants=0, pay=pay):
            return _rooms_and_pay(_BRIBE, rooms, pay)
        case Kill(rooms=(), peasant=True, pay=()):
            return (_KILL, TOKEN_ID["peasant"])
        case Kill(rooms=rooms, peasant=False, pay=pay):
            return _rooms_and_pay(_KILL, rooms, pay)
        case Build(card=card, pay=pay, room=room):
            tokens = [_BUILD, _named(card, "occupation")]
            if pay:
                tokens += [_PAY, *_cards(pay)]
            if room is None:
                return (*tokens, _END)
            return (*tokens, _KEY if card == "monk" else _SERVICE, _room(room))
        case Bury(corpses=corpses, pay=pay, drop=drop) if corpses:
            tokens = [_BURY]
            for corpse, annex in corpses:
                tokens += [_named(corpse, "occupation"), _named(annex, "annex")]
            if pay:
                tokens += [_PAY, *_cards(pay)]
            if drop:
                tokens += [_DROP, *_cards(drop)]
            return (*tokens, _END)
        case PayGravedigger(checks=n):
            return (_GRAVEDIGGER, _amount(n))
        case Release(cards=cards):
            return (_RELEASE, *_cards(cards), _END)
    raise EncodingError(f"{action!r} is not an encodable action")


def token_text(tokens: Iterable[int]) -> str:
    """The tokens as words separated by spaces, e.g. 'bribe room3 pay peasant end'."""
    return " ".join(VOCABULARY[t] for t in tokens)


# ------------------------------------------------------------------------------------------------ decoding


class _Reader:
    """Reads a token sequence left to right, with errors that quote the whole sequence."""

    def __init__(self, tokens: Sequence[int]) -> None:
        for token in tokens:
            if not (isinstance(token, int) and 0 <= token < VOCABULARY_SIZE):
                raise EncodingError(f"{token!r} is not a token id (0..{VOCABULARY_SIZE - 1})")
        self.tokens = list(tokens)
        self.at = 0

    def fail(self, expected: str) -> EncodingError:
        got = VOCABULARY[self.tokens[self.at]] if self.at < len(self.tokens) else "the end of the sequence"
        return EncodingError(f"expected {expected}, got {got!r} in {token_text(self.tokens)!r}")

    def peek(self) -> int | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, valid: Iterable[int] | frozenset[int], expected: str) -> int:
        token = self.peek()
        if token is None or token not in valid:
            raise self.fail(expected)
        self.at += 1
        return token

    def room(self) -> int:
        return self.take(range(_ROOM_BASE, _ROOM_BASE + 8), "a room") - _ROOM_BASE + 1

    def amount(self) -> int:
        return self.take(range(_AMOUNT_BASE, _AMOUNT_BASE + MAX_AMOUNT + 1), "an amount") - _AMOUNT_BASE

    def name(self, kind: frozenset[int], expected: str) -> str:
        return VOCABULARY[self.take(kind, expected)]

    def cards(self) -> tuple[str, ...]:
        cards = [self.name(_OCCUPATION_IDS, "an occupation")]
        while self.peek() in _OCCUPATION_IDS:
            cards.append(VOCABULARY[self.take(_OCCUPATION_IDS, "an occupation")])
        return canonical_cards(cards)

    def rooms(self) -> tuple[int, ...]:
        rooms = [self.room()]
        while self.peek() is not None and _ROOM_BASE <= self.peek() < _ROOM_BASE + 8:  # type: ignore[operator]
            rooms.append(self.room())
        return tuple(sorted(rooms))

    def optional_cards(self, keyword: int) -> tuple[str, ...]:
        if self.peek() != keyword:
            return ()
        self.at += 1
        return self.cards()

    def done(self, action: Action) -> Action:
        if self.at != len(self.tokens):
            raise self.fail(f"nothing after {str(action)!r}")
        return action


def decode(tokens: Sequence[int]) -> Action:
    """The action a complete token sequence spells; raises `EncodingError` for anything else (an incomplete or
    malformed sequence, an id outside the vocabulary)."""
    reader = _Reader(tokens)
    verb = reader.take(frozenset(TOKEN_ID[v] for v in VERBS), "a verb")
    action: Action
    if verb == _PLACE:
        action = Place(reader.room())
    elif verb == _PASS:
        mode = reader.take((_END, _BUY, _CASH), "end, buy-checks or cash-checks")
        action = Pass() if mode == _END else (Pass(buy_checks=reader.amount()) if mode == _BUY
                                              else Pass(cash_checks=reader.amount()))
    elif verb in (_BRIBE, _KILL):
        if verb == _BRIBE and reader.peek() == _PEASANTS:
            reader.at += 1
            action = Bribe(peasants=reader.amount())
        elif verb == _KILL and reader.peek() == TOKEN_ID["peasant"]:
            reader.at += 1
            action = Kill(peasant=True)
        else:
            rooms = reader.rooms()
            pay = reader.optional_cards(_PAY)
            reader.take((_END,), "pay or end")
            action = Bribe(rooms=rooms, pay=pay) if verb == _BRIBE else Kill(rooms=rooms, pay=pay)
    elif verb == _BUILD:
        card = reader.name(_OCCUPATION_IDS, "the occupation to build")
        pay = reader.optional_cards(_PAY)
        last = reader.take((_END, _SERVICE, _KEY), "pay, service, key or end")
        if (last == _KEY) != (card == "monk") and last != _END:
            raise reader.fail("'key' for a monk, 'service' for the others")
        action = Build(card=card, pay=pay, room=None if last == _END else reader.room())
    elif verb == _BURY:
        corpses = [(reader.name(_OCCUPATION_IDS, "a corpse"), reader.name(_ANNEX_IDS, "an annex"))]
        while reader.peek() in _OCCUPATION_IDS:
            corpses.append((reader.name(_OCCUPATION_IDS, "a corpse"), reader.name(_ANNEX_IDS, "an annex")))
        pay = reader.optional_cards(_PAY)
        drop = reader.optional_cards(_DROP)
        reader.take((_END,), "pay, drop or end")
        ordered = tuple(sorted(corpses, key=lambda c: (OCCUPATION_BY_ID[c[0]].index, c[1])))
        action = Bury(corpses=ordered, pay=pay, drop=drop)
    elif verb == _GRAVEDIGGER:
        action = PayGravedigger(reader.amount())
    else:
        cards = reader.cards() if reader.peek() != _END else ()
        reader.take((_END,), "an occupation or end")
        action = Release(cards)
    return reader.done(action)


# ------------------------------------------------------------------------------------------------ the tree


class ActionTree:
    """The prefix tree of the token sequences of a set of actions (normally `game.legal_actions()`).

    A node is a dict from token id to child; a leaf is the action its path spells. Every action of the set
    must be encodable (`EncodingError` otherwise)."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.root: dict[int, Any] = {}
        size = 0
        for action in actions:  # built at every decision of the environments: kept to C-level steps
            *path, last = encode(action)
            node = self.root
            try:
                for token in path:
                    node = node.setdefault(token, {})
            except AttributeError:  # `node` is an action: another action's whole spelling begins this one's
                raise EncodingError(f"{str(node)!r} is spelled by a prefix of {str(action)!r}") from None
            if last in node:
                raise EncodingError(f"{str(action)!r} is listed twice or shares its tokens with another action")
            node[last] = action
            size += 1
        self.size = size

    def node(self, prefix: Sequence[int]) -> dict[int, Any] | Action:
        """The node a prefix reaches (a dict of children, or the action it completes); `EncodingError` if the
        prefix leaves the tree."""
        node: dict[int, Any] | Action = self.root
        for i, token in enumerate(prefix):
            if not isinstance(node, dict) or token not in node:
                raise EncodingError(f"{token_text(prefix[:i + 1])!r} starts no legal action")
            node = node[token]
        return node

    def next_tokens(self, prefix: Sequence[int] = ()) -> list[int]:
        """The token ids that may follow `prefix` (sorted), empty once the prefix spells a whole action."""
        node = self.node(prefix)
        return sorted(node) if isinstance(node, dict) else []

    def action(self, prefix: Sequence[int]) -> Action | None:
        """The action `prefix` spells, or None if it is not complete yet."""
        node = self.node(prefix)
        return None if isinstance(node, dict) else node
