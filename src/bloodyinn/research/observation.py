"""A seat's observation as a fixed-length float32 vector, built only from `game.view(seat)` and the tokens typed
so far: what the seat may know, never the state, the seed or the record.

Seats are seen from the observer: "relative seat" r is the seat r places clockwise after the observer (0 is the
observer), so a policy plays every seat the same way; `seat` gives the absolute seat, which the `barn.<seat>`
tokens name. Cards are grouped by occupation (copies are interchangeable, as in the notation); a card count is
divided by the occupation's number of copies. `LAYOUT` lists every section as (name, offset, size, meaning);
docs/research.md prints it.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import CARD_BY_ID, CARD_OCC, OCCUPATIONS
from .encoding import ANNEX_TOKENS, VOCABULARY_SIZE

if TYPE_CHECKING:
    from .tokengame import TokenGame

NUM_OCCUPATIONS = len(OCCUPATIONS)
STAGES = ("welcome", "night", "police", "wages", "final_gravedigger", "over")
DECISIONS = ("place", "night", "gravedigger", "release")
CARD_ANNEXES = tuple(a for a in ANNEX_TOKENS if not a.startswith("barn."))  # the 56 guest cards with an annex

_ROOM_SIZE = 6 + 4 + NUM_OCCUPATIONS  # key (4 relative seats, white, closed), room service (4), guest
_ANNEX_SIZE = 4 + 2  # owner (4 relative seats), corpses buried, free places
_PLAYER_SIZE = 3 + 2 * NUM_OCCUPATIONS + 3  # present, cash, checks, hand, corpses, barn buried/free, end bonus

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
        base = _AT["player"] + r * _PLAYER_SIZE + 3
        scale[base:base + 2 * NUM_OCCUPATIONS] = np.tile(per_copy, 2)
    for slot in range(len(CARD_ANNEXES)):
        base = _AT["annexes"] + slot * _ANNEX_SIZE + 4
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


def _card_index(offset: int) -> dict[str, int]:
    """Card id -> the entry counting its occupation in the per-occupation section at `offset`."""
    return {card_id: offset + CARD_OCC[card] for card_id, card in CARD_BY_ID.items()}


# Index tables, so that a view's card lists map to entries with one dict look-up per card.
_PILES = tuple((pile, _card_index(offset)) for pile, offset in
               (("bistro", _BISTRO), ("exit", _EXIT), ("gravedigger", _GRAVEDIGGER),
                ("unused_peasants", _UNUSED_PEASANTS)))
_ENTRANCE_TOP_AT = _card_index(_ENTRANCE_TOP)
_ENTRANCE_CARDS_AT = _card_index(_ENTRANCE_CARDS)
_ARRIVAL_AT = _card_index(_ARRIVAL)


def _rooms_index(players: int, seat: int) -> list[tuple[dict[Any, int], dict[int, int], dict[str, int]]]:
    """Per room, seen from `seat`: key (a seat, "white" or None for closed) -> entry, Room Service seat -> entry,
    guest card id -> entry."""
    tables = []
    relative = {s: (s - seat) % players for s in range(players)}
    for room in range(8):
        base = _ROOMS + room * _ROOM_SIZE
        keys: dict[Any, int] = {None: base + 5, "white": base + 4}
        keys.update((s, base + r) for s, r in relative.items())
        tables.append((keys, {s: base + 6 + r for s, r in relative.items()}, _card_index(base + 10)))
    return tables


_ROOMS_AT = {(players, seat): _rooms_index(players, seat) for players in range(1, 5) for seat in range(players)}
_HAND_AT = [_card_index(_PLAYER + r * _PLAYER_SIZE + 3) for r in range(4)]
_CORPSES_AT = [_card_index(_PLAYER + r * _PLAYER_SIZE + 3 + NUM_OCCUPATIONS) for r in range(4)]
_ANNEX_AT = {card_id: _ANNEXES + i * _ANNEX_SIZE for i, card_id in enumerate(CARD_ANNEXES)}


def _view_entries(view: dict[str, Any]) -> tuple[list[int], list[int], list[float]]:
    """The view part of an observation as (hits, where, values): every counted feature (flag, one-hot, card)
    is one hit of its entry, weighted later by `_SCALE`; the scalar features are `values` set at `where`."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("observations are built from a seat's view, not the spectator's (seat None)")
    settings = view["settings"]
    players = settings["players"]
    hits = [_SEAT + seat, _PLAYERS + players - 1, _STAGE_AT[view["stage"]],
            _FIRST + (view["first_player"] - seat) % players]
    variants = settings["variants"]
    if settings["length"] == "long":
        hits.append(_SETTINGS)
    if "unlimited_wealth" in variants:
        hits.append(_SETTINGS + 1)
    if "first_come_first_served" in variants:
        hits.append(_SETTINGS + 2)
    if view["season"] == 2:
        hits.append(_SEASON)
    if view["final_round"]:
        hits.append(_SEASON + 1)
    if view["decision"] is not None:
        hits.append(_DECISION_AT[view["decision"]])
    if view["current_player"] is not None:
        hits.append(_CURRENT + (view["current_player"] - seat) % players)
    if view["police_present"]:
        hits.append(_POLICE)
    if view["is_over"]:
        hits.append(_OVER)
    if view["lost"]:
        hits.append(_OVER + 1)
    entrance = view["entrance"]
    if entrance["top"]:
        hits.append(_ENTRANCE_TOP_AT[entrance["top"]])
    if entrance["cards"]:
        hits += map(_ENTRANCE_CARDS_AT.__getitem__, entrance["cards"])
    if view["arrival"]:
        hits.append(_ARRIVAL_AT[view["arrival"]])
    for room, (key_at, service_at, guest_at) in zip(view["rooms"], _ROOMS_AT[players, seat]):
        hits.append(key_at[room["key"]])
        if room["room_service"] is not None:
            hits.append(service_at[room["room_service"]])
        if room["guest"]:
            hits.append(guest_at[room["guest"]])
    for pile, index in _PILES:
        hits += map(index.__getitem__, view[pile])
    where = [_ROUND, _TURN, _POLICE + 1, _ENTRANCE_SIZE, _CULLED]
    values = [view["round"] / ROUND_SCALE, view["turn"] / TURN_SCALE, view["pending_release"] / 4.0,
              entrance["size"] / CARDS_SCALE, view["culled"] / CARDS_SCALE]
    for player in view["players"]:
        r = (player["seat"] - seat) % players
        base = _PLAYER + r * _PLAYER_SIZE
        hits.append(base)
        hits += map(_HAND_AT[r].__getitem__, player["hand"])
        hits += map(_CORPSES_AT[r].__getitem__, player["corpses"])
        barn = player["barn"]
        where += [base + 1, base + 2, base + 3 + 2 * NUM_OCCUPATIONS, base + 4 + 2 * NUM_OCCUPATIONS,
                  base + 5 + 2 * NUM_OCCUPATIONS]
        values += [player["cash"] / CASH_SCALE, player["checks"] / CHECKS_SCALE, len(barn["buried"]) / ANNEX_SCALE,
                   barn["free"] / ANNEX_SCALE, sum([bonus[1] for bonus in player["end_bonus"]]) / BONUS_SCALE]
        for annex in player["annexes"]:
            slot = _ANNEX_AT[annex["annex"]]
            hits.append(slot + r)
            hits += [slot + 4] * len(annex["buried"])
            hits += [slot + 5] * annex["free"]
    return hits, where, values


_WEIGHTS: list[float] = _SCALE.tolist()
_ZEROS = array("f", bytes(4 * OBSERVATION_SIZE))


def _empty_prefix_observation(view: dict[str, Any]) -> array[float]:
    """The whole observation with nothing typed yet, as a float32 `array.array`: the cheapest buffer to fill item by
    item (a few dozen items; numpy's per-call costs would exceed the work), which numpy then wraps without a copy.
    Each hit adds its entry's weight in float32, so a count of k copies is k/copies as the scale says."""
    hits, where, values = _view_entries(view)
    observation = array("f", _ZEROS)
    weights = _WEIGHTS
    for index in hits:
        observation[index] += weights[index]
    for index, value in zip(where, values):
        observation[index] = value
    return observation


def view_features(view: dict[str, Any]) -> np.ndarray:
    """The view part of the observation (the first `VIEW_SIZE` entries), float32."""
    return np.frombuffer(_empty_prefix_observation(view), dtype=np.float32, count=VIEW_SIZE)


def _type_prefix(observation: array[float], prefix: Sequence[int]) -> None:
    """Write the prefix part of `observation` (all zeros before) for the tokens typed so far."""
    for token in prefix:
        observation[_PREFIX_COUNTS + token] += 0.25
    if prefix:
        observation[_PREFIX_LAST + prefix[-1]] = 1.0
    observation[_PREFIX_LENGTH] = len(prefix) / PREFIX_SCALE


def observation_from_view(view: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
    """The observation of the seat whose `view` this is, having typed `prefix` (token ids) in the current
    decision: a float32 vector of `OBSERVATION_SIZE` entries laid out as `LAYOUT` says."""
    observation = _empty_prefix_observation(view)
    _type_prefix(observation, prefix)
    return np.frombuffer(observation, dtype=np.float32)


class SeatObserver:
    """Observations and masks of the seats of a `TokenGame`. A seat's view is read once per action applied (a
    view does not change while a decision's tokens are typed; only the prefix does), without the legal actions'
    notation, and kept as a whole observation with an empty prefix: a step copies it and writes the prefix."""

    def __init__(self, tokens: TokenGame) -> None:
        self.tokens = tokens
        self._views: dict[int, array[float]] = {}
        self._at = -1

    def observation(self, seat: int) -> np.ndarray:
        """The observation of `seat`: its view, and the prefix typed if it is the seat typing now."""
        tokens = self.tokens
        if self._at != tokens.actions:
            self._views.clear()
            self._at = tokens.actions
        empty = self._views.get(seat)
        if empty is None:
            empty = self._views[seat] = _empty_prefix_observation(tokens.game.view(seat, legal_actions=False))
        observation = array("f", empty)
        if seat == tokens.seat and tokens.prefix:
            _type_prefix(observation, tokens.prefix)
        return np.frombuffer(observation, dtype=np.float32)

    def mask(self, seat: int) -> np.ndarray:
        """1 for each token `seat` may type now (all 0 for a seat that is not typing), int8."""
        if seat == self.tokens.seat:
            return self.tokens.mask()
        return np.zeros(VOCABULARY_SIZE, dtype=np.int8)
