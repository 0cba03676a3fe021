"""A seat's observation as a fixed-length float32 vector, built only from `game.view(seat)` and the tokens typed
so far: what the seat may know, never the state, the seed or the record. The environments read the view in its
compact form, which the engine computes from what the view shows only (`build_compact_view(game, seat, tuple)`:
`game.compact_view(seat)` with the hands and piles unsorted, as the encoder only counts their cards).

Seats are seen from the observer: "relative seat" r is the seat r places clockwise after the observer (0 is the
observer), so a policy plays every seat the same way; `seat` gives the absolute seat, which the `barn.<seat>`
tokens name. Cards are grouped by occupation (copies are interchangeable, as in the notation); a card count is
divided by the occupation's number of copies. `LAYOUT` lists every section as (name, offset, size, meaning);
docs/research.md prints it.
"""

from __future__ import annotations

import warnings
from array import array
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter, getitem
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from ..cards import CARD_BY_ID, CARD_OCC, OCCUPATIONS
from ..compact_view import CompactSeat, CompactView, build_compact_view, compact_view_from_view
from ..config import NUM_ROOMS
from ..state import CLOSED, NO_CARD, NOBODY, WHITE
from .encoding import ANNEX_TOKENS, VOCABULARY_SIZE
from .tokengame import INT8

if TYPE_CHECKING:
    from .tokengame import TokenGame

NUM_OCCUPATIONS = len(OCCUPATIONS)
STAGES = ("welcome", "night", "police", "wages", "final_gravedigger", "over")
DECISIONS = ("place", "night", "gravedigger", "release")
CARD_ANNEXES = tuple(a for a in ANNEX_TOKENS if not a.startswith("barn."))  # the 56 guest cards with an annex

# Entries within one room, one annex and one seat's part, from the part's first; both encoders read them here.
_ROOM_WHITE, _ROOM_CLOSED, _ROOM_SERVICE, _ROOM_GUEST = 4, 5, 6, 10  # key: 4 relative seats, then white, closed
_ANNEX_BURIED, _ANNEX_FREE = 4, 5  # owner: 4 relative seats first
_PLAYER_CASH, _PLAYER_CHECKS, _PLAYER_HAND = 1, 2, 3  # present: the first entry
_PLAYER_CORPSES = _PLAYER_HAND + NUM_OCCUPATIONS
_PLAYER_BARN = _PLAYER_CORPSES + NUM_OCCUPATIONS  # barn corpses, barn free places, end bonus
_ROOM_SIZE = _ROOM_GUEST + NUM_OCCUPATIONS
_ANNEX_SIZE = _ANNEX_FREE + 1
_PLAYER_SIZE = _PLAYER_BARN + 3

# Scale of the numbers that are not flags or card counts, so every feature stays about within 0..1.
CASH_SCALE = 40.0  # the cash cap (R-MONEY-2)
CHECKS_SCALE = 10.0
ROUND_SCALE = 20.0
TURN_SCALE = 12.0
CARDS_SCALE = 78.0
ANNEX_SCALE = 3.0  # the largest annex holds 3 corpses
BONUS_SCALE = 40.0
PREFIX_SCALE = 8.0
OBSERVATION_HIGH = 100.0  # a bound no feature reaches (1000 checks), for the spaces


def _layout() -> tuple[tuple[str, int, int, str], ...]:
    sections = (
        ("seat", 4, "the observer's absolute seat, one-hot"),
        ("players", 4, "number of players, one-hot (1-4)"),
        ("settings", 3, "flags: long game, Unlimited Wealth, First Come First Served"),
        ("round", 1, f"round number / {ROUND_SCALE:g}"),
        ("season", 2, "flags: season 2, final round"),
        ("stage", len(STAGES), "stage, one-hot: " + ", ".join(STAGES)),
        ("decision", len(DECISIONS), "decision waiting, one-hot: " + ", ".join(DECISIONS) + " (none when over)"),
        ("first_player", 4, "relative seat of the first player, one-hot"),
        ("current_player", 4, "relative seat of the player to decide, one-hot (none when over)"),
        ("turn", 1, f"actions taken this night or seats handled this end of round / {TURN_SCALE:g}"),
        ("police", 2, "police present this round (flag); accomplices to release / 4"),
        ("over", 2, "flags: game over, solitaire lost"),
        ("entrance_size", 1, f"cards in the entrance stack / {CARDS_SCALE:g}"),
        ("entrance_top", NUM_OCCUPATIONS, "occupation of its visible top card, one-hot"),
        ("entrance_cards", NUM_OCCUPATIONS, "season 2: the stack's known cards, counts per occupation"),
        ("arrival", NUM_OCCUPATIONS, "occupation of the traveler waiting at the door, one-hot"),
        ("culled", 1, f"cards culled unseen / {CARDS_SCALE:g}"),
        ("rooms", 8 * _ROOM_SIZE, "per room 1-8: key (relative seat one-hot, white, closed), room service"
                                  " (relative seat one-hot), guest's occupation one-hot"),
        ("bistro", NUM_OCCUPATIONS, "counts per occupation"),
        ("exit", NUM_OCCUPATIONS, "counts per occupation"),
        ("gravedigger", NUM_OCCUPATIONS, "cards taken by the gravedigger, counts per occupation"),
        ("unused_peasants", NUM_OCCUPATIONS, "counts per occupation"),
        ("annexes", len(CARD_ANNEXES) * _ANNEX_SIZE,
         f"per annex card in ANNEX_TOKENS order: owner (relative seat one-hot, none if unbuilt), corpses buried"
         f" / {ANNEX_SCALE:g}, free places / {ANNEX_SCALE:g}"),
        ("player", 4 * _PLAYER_SIZE,
         f"per relative seat: present, cash / {CASH_SCALE:g}, checks / {CHECKS_SCALE:g}, hand and corpses"
         f" (counts per occupation), barn corpses and free places / {ANNEX_SCALE:g}, end bonus / {BONUS_SCALE:g}"),
        ("prefix_counts", VOCABULARY_SIZE, "tokens typed so far in this decision, count per token / 4"),
        ("prefix_last", VOCABULARY_SIZE, "the last token typed, one-hot"),
        ("prefix_length", 1, f"tokens typed so far / {PREFIX_SCALE:g}"),
    )
    offset = 0
    rows = []
    for name, size, meaning in sections:
        rows.append((name, offset, size, meaning))
        offset += size
    return tuple(rows)


LAYOUT = _layout()
_AT = {name: offset for name, offset, _, _ in LAYOUT}
OBSERVATION_SIZE = LAYOUT[-1][1] + LAYOUT[-1][2]
VIEW_SIZE = _AT["prefix_counts"]  # the part that depends on the view alone

def _scale() -> np.ndarray:
    """Weights of the counted (one-hot or per-occupation) features: 1/copies for card counts, 1 for flags."""
    scale = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    per_copy = np.array([1.0 / o.copies for o in OCCUPATIONS], dtype=np.float32)
    counted = ["entrance_cards", "bistro", "exit", "gravedigger", "unused_peasants"]
    for name in counted:
        scale[_AT[name]:_AT[name] + NUM_OCCUPATIONS] = per_copy
    for r in range(4):
        base = _AT["player"] + r * _PLAYER_SIZE + _PLAYER_HAND
        scale[base:base + 2 * NUM_OCCUPATIONS] = np.tile(per_copy, 2)
    for slot in range(len(CARD_ANNEXES)):
        base = _AT["annexes"] + slot * _ANNEX_SIZE + _ANNEX_BURIED
        scale[base:base + 2] = 1.0 / ANNEX_SCALE
    scale[_AT["prefix_counts"]:_AT["prefix_last"]] = 0.25
    return scale


_SCALE = _scale()


(_SEAT, _PLAYERS, _SETTINGS, _ROUND, _SEASON, _STAGE, _DECISION, _FIRST, _CURRENT, _TURN, _POLICE, _OVER,
 _ENTRANCE_SIZE, _ENTRANCE_TOP, _ENTRANCE_CARDS, _ARRIVAL, _CULLED, _ROOMS, _BISTRO, _EXIT, _GRAVEDIGGER,
 _UNUSED_PEASANTS, _ANNEXES, _PLAYER, _PREFIX_COUNTS, _PREFIX_LAST, _PREFIX_LENGTH) = (
    offset for _, offset, _, _ in LAYOUT)
_STAGE_AT = {stage: _STAGE + i for i, stage in enumerate(STAGES)}
_DECISION_AT = {decision: _DECISION + i for i, decision in enumerate(DECISIONS)}
_ANNEX_AT = {CARD_BY_ID[card_id]: _ANNEXES + i * _ANNEX_SIZE for i, card_id in enumerate(CARD_ANNEXES)}
_WEIGHTS: list[float] = _SCALE.tolist()

# The observation is built section by section (the header, the entrance, the rooms, each pile, the annexes, each
# player, the prefix), each a pure function of its own part of the compact view. An `ObservationEncoder`
# remembers each section's float32 bytes by that part: between two decisions most parts do not change.


def _section(start: int, end: int, hits: Iterable[int], where: Sequence[int] = (),
             values: Sequence[float] = ()) -> bytes:
    """Entries `start`..`end` as float32 bytes: each hit adds its entry's weight (`_SCALE`) in float32, so a count
    of k copies is k/copies as the scale says; `values` are then set at `where`."""
    section = array("f", bytes(4 * (end - start)))
    weights = _WEIGHTS
    for index in hits:
        section[index - start] += weights[index]
    for index, value in zip(where, values):
        section[index - start] = value
    return section.tobytes()


def _table(key: tuple[Any, ...]) -> bytes:
    """The observer's seat and the game's settings: (seat, players, long, unlimited wealth, first come first
    served)."""
    seat, players, long, unlimited_wealth, first_come_first_served = key
    hits = [_SEAT + seat, _PLAYERS + players - 1]
    hits += [entry for flag, entry in ((long, _SETTINGS), (unlimited_wealth, _SETTINGS + 1),
                                       (first_come_first_served, _SETTINGS + 2)) if flag]
    return _section(0, _ROUND, hits)


def _round(key: tuple[Any, ...]) -> bytes:
    """The round and the season: (round, season, final round)."""
    round_, season, final_round = key
    hits = [entry for flag, entry in ((season == 2, _SEASON), (final_round, _SEASON + 1)) if flag]
    return _section(_ROUND, _STAGE, hits, (_ROUND,), (round_ / ROUND_SCALE,))


def _moment(key: tuple[Any, ...]) -> bytes:
    """Where the round stands, seats relative to the observer: (stage, decision, first player, current player
    or None, turn, police present, accomplices to release, over, lost)."""
    stage, decision, first_player, current_player, turn, police_present, pending_release, is_over, lost = key
    hits = [_STAGE_AT[stage], _FIRST + first_player]
    hits += [entry for flag, entry in ((police_present, _POLICE), (is_over, _OVER), (lost, _OVER + 1)) if flag]
    if decision is not None:
        hits.append(_DECISION_AT[decision])
    if current_player is not None:
        hits.append(_CURRENT + current_player)
    return _section(_STAGE, _ENTRANCE_SIZE, hits, (_TURN, _POLICE + 1), (turn / TURN_SCALE, pending_release / 4.0))


def _count_values(occupation: int) -> tuple[bytes, ...]:
    """An occupation's entry of a count section for 0 to all its copies, as float32 bytes: its weight added that
    many times, as `_section` adds it."""
    total, values = array("f", [0.0]), []
    for _ in range(OCCUPATIONS[occupation].copies + 1):
        values.append(total.tobytes())
        total[0] += _WEIGHTS[_BISTRO + occupation]
    return tuple(values)


_COUNT_VALUES = tuple(_count_values(occupation) for occupation in range(NUM_OCCUPATIONS))


def _counts(cards: tuple[int, ...] | None) -> bytes:
    """Cards counted per occupation, each count divided by the occupation's copies: the piles', the hands', the
    corpses' and the season-2 entrance stack's sections all read so. Tallied, then each entry looked up: for the
    long piles (the season-2 entrance stack, the exit) half the cost of adding each card's weight."""
    tally = [0] * NUM_OCCUPATIONS
    for card in cards or ():
        tally[CARD_OCC[card]] += 1
    return b"".join(map(getitem, _COUNT_VALUES, tally))


def _float32(value: float) -> bytes:
    return array("f", [value]).tobytes()


def _one_hot_per_card(start: int) -> tuple[bytes, ...]:
    """A card's occupation one-hot, by card number + 1 (index 0: no card)."""
    return (bytes(4 * NUM_OCCUPATIONS),
            *[_section(start, start + NUM_OCCUPATIONS, [start + CARD_OCC[card]]) for card in range(len(CARD_OCC))])


# Sections of one number or one card, precomputed by that number (cards in the game: 78).
_CARDS_COUNT = tuple(_float32(count / CARDS_SCALE) for count in range(len(CARD_OCC) + 1))
_ENTRANCE_TOP_PART = _one_hot_per_card(_ENTRANCE_TOP)
_ARRIVAL_PART = _one_hot_per_card(_ARRIVAL)


_ROOM_END = _ROOMS + _ROOM_SIZE


def _room(holder: int, service: int, guest: int) -> bytes:
    """One room (the same at every room number): key (a relative seat 0-3, `_ROOM_WHITE`, `_ROOM_CLOSED`), Room
    Service (a relative seat 0-3, or 4 for none), guest card or `NO_CARD`."""
    hits = [_ROOMS + holder]
    if service < 4:
        hits.append(_ROOMS + _ROOM_SERVICE + service)
    if guest != NO_CARD:
        hits.append(_ROOMS + _ROOM_GUEST + CARD_OCC[guest])
    return _section(_ROOMS, _ROOM_END, hits)


# Every room's bytes, by [key][Room Service][guest] as `_room` numbers them; the guest is indexed by card number,
# `NO_CARD` (-1) being the last entry. Keys and Room Service hardly ever change but guests do at almost every
# decision: the encoder remembers each room's row [key][Room Service] and looks the guest up in it, in C.
_ROOM_PARTS = [[[_room(holder, service, guest) for guest in (*range(len(CARD_OCC)), NO_CARD)]
                for service in range(5)] for holder in range(6)]


def _relative_codes(players: int, seat: int) -> tuple[list[int], list[int]]:
    """How `_ROOM_PARTS` numbers a room's key holder and Room Service seen from `seat`, indexed by the
    state's codes (seats 0-3, and `WHITE`/`CLOSED`/`NOBODY` as negative indices from the end)."""
    relative = [(other - seat) % players for other in range(4)]
    holders, services = [*relative, 0, 0], [*relative, 0]
    holders[CLOSED], holders[WHITE], services[NOBODY] = _ROOM_CLOSED, _ROOM_WHITE, 4
    return holders, services


_RELATIVE_CODES = {(players, seat): _relative_codes(players, seat)
                   for players in range(1, 5) for seat in range(players)}


def _room_rows(key: tuple[Any, ...]) -> tuple[list[bytes], ...]:
    """Each room's row of `_ROOM_PARTS` (its bytes by guest) seen from `seat`: (seat, players, keys, Room
    Service tokens)."""
    seat, players, keys, services = key
    holders, codes = _RELATIVE_CODES[players, seat]
    return tuple([_ROOM_PARTS[holders[holder]][codes[service]] for holder, service in zip(keys, services)])


def _annexes(key: tuple[Any, ...]) -> bytes:
    """Every built annex seen from `seat`: (seat, each seat's annexes)."""
    seat, annexes = key
    players = len(annexes)
    hits = []
    for owner, built in enumerate(annexes):
        relative = (owner - seat) % players
        for annex, buried, free in built:
            slot = _ANNEX_AT[annex]
            hits += [slot + relative] + [slot + _ANNEX_BURIED] * buried + [slot + _ANNEX_FREE] * free
    return _section(_ANNEXES, _PLAYER, hits)


_BARN = _PLAYER + _PLAYER_BARN  # a player's barn and end bonus, after the hand and corpses


def _purse(key: tuple[int, int]) -> bytes:
    """A seat's first entries (the same at every relative place): present, and (cash, checks)."""
    cash, checks = key
    return _section(_PLAYER, _PLAYER + _PLAYER_HAND, [_PLAYER], (_PLAYER + _PLAYER_CASH, _PLAYER + _PLAYER_CHECKS),
                    (cash / CASH_SCALE, checks / CHECKS_SCALE))


def _barn(key: tuple[int, int, int]) -> bytes:
    """A seat's last entries: (barn corpses, barn free places, end bonus)."""
    buried, free, end_bonus = key
    return _section(_BARN, _BARN + 3, (), (_BARN, _BARN + 1, _BARN + 2),
                    (buried / ANNEX_SCALE, free / ANNEX_SCALE, end_bonus / BONUS_SCALE))


_NO_PLAYER = bytes(4 * _PLAYER_SIZE)
_ANNEXES_OF = attrgetter("annexes")


def _prefix(prefix: tuple[int, ...]) -> bytes:
    """The tokens typed so far in this decision."""
    hits = [_PREFIX_COUNTS + token for token in prefix]
    if prefix:
        hits.append(_PREFIX_LAST + prefix[-1])
    return _section(_PREFIX_COUNTS, OBSERVATION_SIZE, hits, (_PREFIX_LENGTH,), (len(prefix) / PREFIX_SCALE,))


_NO_PREFIX = _prefix(())


COMPILED_SOURCE = Path(__file__).with_name("_compiled_observation.pyx")


def _load_compiled(source: Path = COMPILED_SOURCE) -> ModuleType | None:
    """The compiled encoder (built from `source`), configured with this module's layout; None where it was not
    built (no C compiler at install) or is older than its source (edited since: `make` rebuilds it)."""
    try:
        from . import _compiled_observation as compiled
    except ImportError:
        return None
    if source.exists() and source.stat().st_mtime > Path(compiled.__file__ or source).stat().st_mtime:
        warnings.warn("the compiled observation encoder is older than its source: rebuild it (`make`, or"
                      " `pip install -e .`); observations use the Python encoder meanwhile", stacklevel=2)
        return None
    compiled.configure(
        at=_AT, sizes={"view": VIEW_SIZE, "occupations": NUM_OCCUPATIONS, "rooms": NUM_ROOMS, "room": _ROOM_SIZE,
                       "player": _PLAYER_SIZE},
        within={"room_white": _ROOM_WHITE, "room_closed": _ROOM_CLOSED, "room_service": _ROOM_SERVICE,
                "room_guest": _ROOM_GUEST, "annex_buried": _ANNEX_BURIED, "annex_free": _ANNEX_FREE,
                "player_cash": _PLAYER_CASH, "player_checks": _PLAYER_CHECKS, "player_hand": _PLAYER_HAND,
                "player_corpses": _PLAYER_CORPSES, "player_barn": _PLAYER_BARN},
        scales={"round": ROUND_SCALE, "turn": TURN_SCALE, "cards": CARDS_SCALE, "cash": CASH_SCALE,
                "checks": CHECKS_SCALE, "annex": ANNEX_SCALE, "bonus": BONUS_SCALE},
        codes={"white": WHITE, "closed": CLOSED, "nobody": NOBODY, "no_card": NO_CARD},
        entry_weights=_WEIGHTS[:VIEW_SIZE], occupation_of_card=list(CARD_OCC), annex_entries=dict(_ANNEX_AT),
        counted=[array("f", b"".join(values)).tolist() for values in _COUNT_VALUES], stage_entries=_STAGE_AT,
        decision_entries=_DECISION_AT, view_fields=CompactView._fields, seat_fields=CompactSeat._fields)
    return compiled


_COMPILED = _load_compiled()
COMPILED = _COMPILED is not None  # whether encoders write the view part with the compiled encoder by default


Part = TypeVar("Part", bytes, tuple[list[bytes], ...])


class ObservationEncoder:
    """Observations from compact views (`Game.compact_view`).

    Where the compiled encoder is built (`COMPILED`), it writes the view part straight into a float32 buffer,
    unless `compiled=False`. Otherwise each section's bytes are remembered by the part of the view it encodes,
    up to `limit` parts per section (then that section's memory starts again). Sections that change together
    are also remembered together, by a slice of the view (the table, the round and the moment): one look-up
    instead of several. Parts that change often are not remembered together, which would mostly miss: the
    door's parts come from tables by number, and each card pile, hand and corpse pile is looked up on its own.
    Each environment has its own encoder, so its memory follows its own games. Both ways give the same bits."""

    def __init__(self, limit: int = 4096, compiled: bool | None = None) -> None:
        if compiled and _COMPILED is None:
            raise RuntimeError("the compiled observation encoder is not built here (see docs/research.md#speed)")
        self.compiled = COMPILED if compiled is None else compiled
        self.limit = limit
        self._heads: dict[Any, bytes] = {}
        self._table: dict[Any, bytes] = {}
        self._round: dict[Any, bytes] = {}
        self._moment: dict[Any, bytes] = {}
        self._rooms: dict[Any, tuple[list[bytes], ...]] = {}
        self._counts: dict[Any, bytes] = {}
        self._annexes: dict[Any, bytes] = {}
        self._purses: dict[Any, bytes] = {}
        self._barns: dict[Any, bytes] = {}
        self._prefixes: dict[Any, bytes] = {}

    def _compute(self, memory: dict[Any, Part], section: Callable[[Any], Part], key: Any) -> Part:
        if len(memory) >= self.limit:
            memory.clear()
        part = memory[key] = section(key)
        return part

    def view_bytes(self, view: CompactView) -> bytes:
        """The view part of the observation (the first `VIEW_SIZE` entries) as float32 bytes."""
        return b"".join(self.view_parts(view))

    def view_parts(self, view: CompactView) -> list[bytes]:
        """The view part of the observation as float32 bytes, in pieces to join in order (`view_bytes` joins
        them): one piece from the compiled encoder, else each section's."""
        if self.compiled:
            return [_COMPILED.view_bytes(view)]  # type: ignore[union-attr]  # `compiled` is False without it
        seat = view.seat
        if seat is None:
            raise ValueError("observations are built from a seat's view, not the spectator's (seat None)")
        compute = self._compute
        # A part is never empty, so `or` tells a miss. The slices are the view's fields in `CompactView` order.
        key: Any = view[:17]  # seat, table, round, moment
        parts = [self._heads.get(key) or compute(self._heads, self._head, key)]
        # The door (entrance stack, arrival, culled) changes at most welcomes: its parts go in as they are, from
        # tables by number, rather than remembered together.
        size, top, cards, arrival, culled = view[17:22]
        counts = self._counts
        parts += (_CARDS_COUNT[size], _ENTRANCE_TOP_PART[top + 1], counts.get(cards) or compute(counts, _counts, cards),
                  _ARRIVAL_PART[arrival + 1], _CARDS_COUNT[culled])
        key = (seat, view.players, view.keys, view.room_service)
        rows = self._rooms.get(key) or compute(self._rooms, _room_rows, key)
        parts += map(getitem, rows, view.guests)
        for cards in view[25:29]:  # bistro, exit, gravedigger, unused peasants
            parts.append(counts.get(cards) or compute(counts, _counts, cards))
        seats = view.seats
        key = (seat, tuple(map(_ANNEXES_OF, seats)))
        parts.append(self._annexes.get(key) or compute(self._annexes, _annexes, key))
        purses, barns, players = self._purses, self._barns, len(seats)
        for r in range(4):
            if r < players:
                player = seats[(seat + r) % players]
                purse, hand, corpses, barn = player[:2], player[2], player[3], player[5:8]
                parts += (purses.get(purse) or compute(purses, _purse, purse),
                          counts.get(hand) or compute(counts, _counts, hand),
                          counts.get(corpses) or compute(counts, _counts, corpses),
                          barns.get(barn) or compute(barns, _barn, barn))
            else:
                parts.append(_NO_PLAYER)
        return parts

    def _head(self, key: tuple[Any, ...]) -> bytes:
        """The table, the round and the moment, from the view's first 17 fields."""
        seat, players, current = key[0], key[1], key[11]
        table, calendar = key[:5], key[5:8]
        moment = (key[9], key[10], (key[8] - seat) % players, None if current is None else (current - seat) % players,
                  *key[12:17])
        compute = self._compute
        return b"".join((self._table.get(table) or compute(self._table, _table, table),
                         self._round.get(calendar) or compute(self._round, _round, calendar),
                         self._moment.get(moment) or compute(self._moment, _moment, moment)))

    def prefix_bytes(self, prefix: tuple[int, ...]) -> bytes:
        """The prefix part of the observation (the rest after `VIEW_SIZE`) as float32 bytes."""
        return self._prefixes.get(prefix) or self._compute(self._prefixes, _prefix, prefix)

    def observation(self, view: CompactView, prefix: Sequence[int] = ()) -> np.ndarray:
        return _vector((*self.view_parts(view), self.prefix_bytes(tuple(prefix))))


_ENCODER = ObservationEncoder()  # for the functions below
# Vectors are made at every step: numpy reads a dtype instance passed by position at half the cost of
# `dtype=np.float32`, and `np.ndarray(size, dtype, buffer)` wraps a buffer faster than `np.frombuffer` does.
FLOAT32 = np.dtype(np.float32)


def _vector(parts: Iterable[bytes]) -> np.ndarray:
    """The parts joined into one writable float32 vector (a bytearray that numpy wraps without a copy)."""
    joined = bytearray().join(parts)
    return np.ndarray(len(joined) // 4, FLOAT32, joined)


def view_features(view: dict[str, Any]) -> np.ndarray:
    """The view part of the observation (the first `VIEW_SIZE` entries), float32."""
    return _vector((_ENCODER.view_bytes(compact_view_from_view(view)),))


def observation_from_view(view: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
    """The observation of the seat whose `view` this is, having typed `prefix` (token ids) in the current
    decision: a float32 vector of `OBSERVATION_SIZE` entries laid out as `LAYOUT` says."""
    return _ENCODER.observation(compact_view_from_view(view), prefix)


class SeatObserver:
    """Observations and masks of the seats of a `TokenGame`. A seat's view is read once per action applied (a
    view does not change while a decision's tokens are typed; only the prefix does), in its compact form (cards
    unsorted: see the module's docstring), and kept as the bytes of its sections: a step joins them with the
    prefix's."""

    def __init__(self, tokens: TokenGame, encoder: ObservationEncoder | None = None) -> None:
        self.tokens = tokens
        self.encoder = encoder or ObservationEncoder()  # an environment passes its own, kept from game to game
        self._views: dict[int, list[bytes]] = {}  # a seat's view sections, then a slot for the prefix
        self._at = -1

    def observation(self, seat: int) -> np.ndarray:
        """The observation of `seat`: its view, and the prefix typed if it is the seat typing now."""
        tokens = self.tokens
        if self._at != tokens.actions:
            self._views.clear()
            self._at = tokens.actions
        parts = self._views.get(seat)
        if parts is None:
            parts = self._views[seat] = self.encoder.view_parts(build_compact_view(tokens.game, seat, tuple))
            parts.append(_NO_PREFIX)
        # The sections are joined once, straight into the observation: joining the view's first would write
        # and read a few kilobytes more at every decision.
        parts[-1] = self.encoder.prefix_bytes(tuple(tokens.prefix)) if seat == tokens.seat else _NO_PREFIX
        return np.ndarray(OBSERVATION_SIZE, FLOAT32, bytearray().join(parts))  # `_vector`, inlined

    def mask(self, seat: int) -> np.ndarray:
        """1 for each token `seat` may type now (all 0 for a seat that is not typing), int8."""
        if seat == self.tokens.seat:
            return self.tokens.mask()
        return np.zeros(VOCABULARY_SIZE, INT8)

