"""A seat's observation as a fixed-length float32 vector, built only from `game.view(seat)` and the tokens typed
so far: what the seat may know, never the state, the seed or the record. The environments read the view in its
compact form (`compact_view.CompactView`), which the engine builds from the state but which holds only what the
view shows; they read it with the hands and piles unsorted (`build_compact_view(game, seat, tuple)`), as the
encoders only count their cards.

Two encoders write it, bit for bit the same (`Encoder`: the view part, then the prefix part): a compiled one
(`_compiled_observation.pyx`, built where a C compiler is: `COMPILED`), and `PYTHON_ENCODER`, plain Python, which
serves where the compiled one is not built and is its oracle in the tests.

Seats are seen from the observer: "relative seat" r is the seat r places clockwise after the observer (0 is the
observer), so a policy plays every seat the same way; `seat` gives the absolute seat, which the `barn.<seat>`
tokens name. Cards are grouped by occupation (copies are interchangeable, as in the notation); a card count is
divided by the occupation's number of copies. `LAYOUT` lists every section as (name, offset, size, meaning);
docs/research.md prints it.
"""

from __future__ import annotations

import warnings
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from tabletop.research.layout import Row, lay_out, offsets, total_size

from ..cards import CARD_BY_ID, CARD_OCC, OCCUPATIONS
from ..compact_view import CompactView, build_compact_view, compact_view_from_view
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


def _layout() -> tuple[Row, ...]:
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
    return lay_out(sections)


LAYOUT = _layout()
_AT = offsets(LAYOUT)
OBSERVATION_SIZE = total_size(LAYOUT)
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


def _entries(start: int, end: int, hits: Iterable[int], values: Mapping[int, float]) -> bytes:
    """Entries `start`..`end` as float32 bytes: each hit adds its entry's weight (`_SCALE`) in float32, so k
    copies of an occupation count k/copies; then each value is set (rounded to float32). The compiled encoder
    adds and sets entries the same way."""
    entries = array("f", bytes(4 * (end - start)))
    weights = _WEIGHTS
    for index in hits:
        entries[index - start] += weights[index]
    for index, value in values.items():
        entries[index - start] = value
    return entries.tobytes()


def _counted(start: int, cards: Iterable[int]) -> list[int]:
    """A count section's hits: one per card, at its occupation."""
    return [start + CARD_OCC[card] for card in cards]


def python_view_bytes(view: CompactView) -> bytes:
    """The view part of the observation (the first `VIEW_SIZE` entries) of the seat whose compact view this is,
    as float32 bytes, in plain Python: what an install without the compiled encoder uses, and that encoder's
    oracle in the tests."""
    seat, players = view.seat, view.players
    if seat is None:
        raise ValueError("observations are built from a seat's view, not the spectator's (seat None)")

    def relative(other: int) -> int:
        return (other - seat) % players

    flags = ((view.long, _SETTINGS), (view.unlimited_wealth, _SETTINGS + 1),
             (view.first_come_first_served, _SETTINGS + 2), (view.season == 2, _SEASON),
             (view.final_round, _SEASON + 1), (view.police_present, _POLICE), (view.is_over, _OVER),
             (view.lost, _OVER + 1))
    hits = [_SEAT + seat, _PLAYERS + players - 1, _STAGE_AT[view.stage], _FIRST + relative(view.first_player)]
    hits += [entry for flag, entry in flags if flag]
    if view.decision is not None:
        hits.append(_DECISION_AT[view.decision])
    if view.current_player is not None:
        hits.append(_CURRENT + relative(view.current_player))
    values = {_ROUND: view.round / ROUND_SCALE, _TURN: view.turn / TURN_SCALE,
              _POLICE + 1: view.pending_release / 4.0, _ENTRANCE_SIZE: view.entrance_size / CARDS_SCALE,
              _CULLED: view.culled / CARDS_SCALE}
    # The door.
    if view.entrance_top != NO_CARD:
        hits.append(_ENTRANCE_TOP + CARD_OCC[view.entrance_top])
    hits += _counted(_ENTRANCE_CARDS, view.entrance_cards or ())
    if view.arrival != NO_CARD:
        hits.append(_ARRIVAL + CARD_OCC[view.arrival])
    # The rooms: key (a relative seat, white, closed), Room Service (a relative seat), guest.
    for room, (key, service, guest) in enumerate(zip(view.keys, view.room_service, view.guests, strict=True)):
        start = _ROOMS + room * _ROOM_SIZE
        hits.append(start + (_ROOM_CLOSED if key == CLOSED else _ROOM_WHITE if key == WHITE else relative(key)))
        if service != NOBODY:
            hits.append(start + _ROOM_SERVICE + relative(service))
        if guest != NO_CARD:
            hits.append(start + _ROOM_GUEST + CARD_OCC[guest])
    hits += _counted(_BISTRO, view.bistro) + _counted(_EXIT, view.exit) + _counted(_GRAVEDIGGER, view.gravedigger)
    hits += _counted(_UNUSED_PEASANTS, view.unused_peasants)
    # The annexes, and each seat from the observer's.
    for owner, player in enumerate(view.seats):
        r = relative(owner)
        for annex in player.annexes:
            slot = _ANNEX_AT[annex.card]
            hits += [slot + r] + [slot + _ANNEX_BURIED] * annex.buried + [slot + _ANNEX_FREE] * annex.free
        start = _PLAYER + r * _PLAYER_SIZE
        hits.append(start)
        hits += _counted(start + _PLAYER_HAND, player.hand) + _counted(start + _PLAYER_CORPSES, player.corpses)
        values.update({start + _PLAYER_CASH: player.cash / CASH_SCALE,
                       start + _PLAYER_CHECKS: player.checks / CHECKS_SCALE,
                       start + _PLAYER_BARN: player.barn_buried / ANNEX_SCALE,
                       start + _PLAYER_BARN + 1: player.barn_free / ANNEX_SCALE,
                       start + _PLAYER_BARN + 2: player.end_bonus / BONUS_SCALE})
    return _entries(0, VIEW_SIZE, hits, values)


_NO_PREFIX = bytes(4 * (OBSERVATION_SIZE - VIEW_SIZE))  # nothing typed: every entry 0, the length too


def python_prefix_bytes(prefix: Sequence[int]) -> bytes:
    """The prefix part of the observation (the rest after `VIEW_SIZE`): the tokens typed so far in this decision,
    as float32 bytes, in plain Python."""
    if not prefix:
        return _NO_PREFIX
    hits = [_PREFIX_COUNTS + token for token in prefix]
    hits.append(_PREFIX_LAST + prefix[-1])
    return _entries(VIEW_SIZE, OBSERVATION_SIZE, hits, {_PREFIX_LENGTH: len(prefix) / PREFIX_SCALE})


class Encoder(NamedTuple):
    """An observation encoder: each part of the observation, as float32 bytes to join in this order."""

    view_bytes: Callable[[CompactView], bytes]  # the first `VIEW_SIZE` entries, from a seat's compact view
    prefix_bytes: Callable[[Sequence[int]], bytes]  # the rest, from the tokens typed so far in this decision


PYTHON_ENCODER = Encoder(python_view_bytes, python_prefix_bytes)


COMPILED_SOURCE = Path(__file__).with_name("_compiled_observation.pyx")


def _load_compiled(source: Path = COMPILED_SOURCE) -> Encoder | None:
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
        at=_AT, sizes={"view": VIEW_SIZE, "observation": OBSERVATION_SIZE, "vocabulary": VOCABULARY_SIZE,
                       "rooms": NUM_ROOMS, "room": _ROOM_SIZE, "player": _PLAYER_SIZE},
        within={"room_white": _ROOM_WHITE, "room_closed": _ROOM_CLOSED, "room_service": _ROOM_SERVICE,
                "room_guest": _ROOM_GUEST, "annex_buried": _ANNEX_BURIED, "annex_free": _ANNEX_FREE,
                "player_cash": _PLAYER_CASH, "player_checks": _PLAYER_CHECKS, "player_hand": _PLAYER_HAND,
                "player_corpses": _PLAYER_CORPSES, "player_barn": _PLAYER_BARN},
        scales={"round": ROUND_SCALE, "turn": TURN_SCALE, "cards": CARDS_SCALE, "cash": CASH_SCALE,
                "checks": CHECKS_SCALE, "annex": ANNEX_SCALE, "bonus": BONUS_SCALE, "prefix": PREFIX_SCALE},
        codes={"white": WHITE, "closed": CLOSED, "nobody": NOBODY, "no_card": NO_CARD},
        entry_weights=_WEIGHTS, occupation_of_card=list(CARD_OCC), annex_entries=dict(_ANNEX_AT),
        stage_entries=_STAGE_AT, decision_entries=_DECISION_AT, view_type=CompactView)
    return Encoder(compiled.view_bytes, compiled.prefix_bytes)


_COMPILED = _load_compiled()
COMPILED = _COMPILED is not None  # whether observations come from the compiled encoder unless told otherwise


def encoder(compiled: bool | None = None) -> Encoder:
    """The compiled encoder or `PYTHON_ENCODER`, as `compiled` says (by default, as `COMPILED` says)."""
    if not (COMPILED if compiled is None else compiled):
        return PYTHON_ENCODER
    if _COMPILED is None:
        raise RuntimeError("the compiled observation encoder is not built here (see docs/research.md#speed)")
    return _COMPILED


# Vectors are made at every step: numpy reads a dtype instance passed by position at half the cost of
# `dtype=np.float32`, and `np.ndarray(size, dtype, buffer)` wraps a buffer faster than `np.frombuffer` does.
FLOAT32 = np.dtype(np.float32)


def _vector(*parts: bytes) -> np.ndarray:
    """The parts joined into one writable float32 vector (a bytearray that numpy wraps without a copy)."""
    joined = bytearray().join(parts)
    return np.ndarray(len(joined) // 4, FLOAT32, joined)


def observation_from_compact_view(view: CompactView, prefix: Sequence[int] = (),
                                  compiled: bool | None = None) -> np.ndarray:
    """The observation of the seat whose compact view this is, having typed `prefix`, by `encoder(compiled)`."""
    view_bytes, prefix_bytes = encoder(compiled)
    return _vector(view_bytes(view), prefix_bytes(prefix))


def view_features(view: dict[str, Any]) -> np.ndarray:
    """The view part of the observation (the first `VIEW_SIZE` entries), float32."""
    return _vector(encoder().view_bytes(compact_view_from_view(view)))


def observation_from_view(view: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
    """The observation of the seat whose `view` this is, having typed `prefix` (token ids) in the current
    decision: a float32 vector of `OBSERVATION_SIZE` entries laid out as `LAYOUT` says."""
    return observation_from_compact_view(compact_view_from_view(view), prefix)


class SeatObserver:
    """Observations and masks of the seats of a `TokenGame`. A seat's view is read once per action applied (a
    view does not change while a decision's tokens are typed; only the prefix does), in its compact form (cards
    unsorted: see the module's docstring), and kept as its bytes: a step joins them with the prefix's. The
    encoder is `encoder(compiled)`, chosen when the observer is made."""

    def __init__(self, tokens: TokenGame, compiled: bool | None = None) -> None:
        self.tokens = tokens
        self._view_bytes, self._prefix_bytes = encoder(compiled)
        self._views: dict[int, bytes] = {}  # each seat's view part, for the current action
        self._at = -1

    def observation(self, seat: int) -> np.ndarray:
        """The observation of `seat`: its view, and the prefix typed if it is the seat typing now."""
        tokens = self.tokens
        if self._at != tokens.actions:
            self._views.clear()
            self._at = tokens.actions
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._view_bytes(build_compact_view(tokens.game, seat, tuple))
        prefix = self._prefix_bytes(tokens.prefix) if seat == tokens.seat else _NO_PREFIX
        return np.ndarray(OBSERVATION_SIZE, FLOAT32, bytearray().join((view, prefix)))  # `_vector`, inlined

    def mask(self, seat: int) -> np.ndarray:
        """1 for each token `seat` may type now (all 0 for a seat that is not typing), int8."""
        if seat == self.tokens.seat:
            return self.tokens.mask()
        return np.zeros(VOCABULARY_SIZE, INT8)
