"""Annex effects (spec §12): who owns what, immediate effects at build time, and end-of-game scoring."""

from __future__ import annotations

from ..cards import CARD_ANNEX, CARD_IDS, CARD_OCC, CARD_TYPE, OCCUPATIONS, GuestType, annex_rank, barn_of, is_barn
from ..config import GameConfig
from ..events import Event
from ..state import CLOSED, NOBODY, WHITE, State
from .money import gain


def annex_id_of(card: int) -> str:
    annex = OCCUPATIONS[CARD_OCC[card]].annex_id
    assert annex is not None
    return annex


def count_annex(state: State, seat: int, annex_id: str) -> int:
    """How many copies of an annex a player owns (duplicates stack, R-ANNEX-STACK)."""
    return [CARD_ANNEX[card] for card in state.annexes[seat]].count(annex_id)


def has_annex(state: State, seat: int, annex_id: str) -> bool:
    return annex_id in [CARD_ANNEX[card] for card in state.annexes[seat]]


def free_capacity(state: State, annex: int) -> int:
    """Corpses an annex (or barn) can still hold: its rank minus those already buried (R-BURY-3, R-INV-5)."""
    return annex_rank(annex) - len(state.buried.get(annex, ()))


def owner_of(state: State, annex: int) -> int:
    if is_barn(annex):
        return annex - barn_of(0)
    for seat, owned in enumerate(state.annexes):
        if annex in owned:
            return seat
    raise KeyError(annex)


def room_service_rooms(state: State) -> list[int]:
    """Rooms eligible for a new Room Service token: a key of any colour and no token (R-ANNEX-ROOMSERVICE)."""
    return [i + 1 for i in range(8) if state.keys[i] != CLOSED and state.room_service[i] == NOBODY]


def white_key_rooms(state: State) -> list[int]:
    """Rooms a Monk can claim (R-ANNEX-MONK)."""
    return [i + 1 for i in range(8) if state.keys[i] == WHITE]


_COLOUR_COUNT = {"vegetable_garden": GuestType.ARTISAN, "kiosk": GuestType.MERCHANT, "altar": GuestType.RELIGIOUS}
_FLAT = {"large_chandelier": 4, "king_size_bed": 6, "dining_room": 9, "pavilion": 18,
         "park": 4, "grocery": 4, "bishopric": 4, "stables": 4}


def immediate_effect(state: State, config: GameConfig, seat: int, card: int, room: int | None,
                     events: list[Event] | None) -> None:
    """The IMM effect of a just-built annex, as the last step of the Build action (R-BUILD-5)."""
    annex = annex_id_of(card)
    name = OCCUPATIONS[CARD_OCC[card]].annex_name or annex
    if annex in _COLOUR_COUNT:  # R-ANNEX-COUNT: own annexes of that colour, this one included
        colour = _COLOUR_COUNT[annex]
        gain(state, config, seat, sum(1 for c in state.annexes[seat] if CARD_TYPE[c] is colour), name, events)
    elif annex in _FLAT:  # R-ANNEX-FLAT
        gain(state, config, seat, _FLAT[annex], name, events)
    elif annex == "room_service" and room is not None:  # R-ANNEX-ROOMSERVICE
        state.room_service[room - 1] = seat
        if events is not None:
            events.append(Event("room_service", seat=seat, card=CARD_IDS[card], dest=f"room{room}"))
    elif annex == "room" and room is not None:  # R-ANNEX-MONK
        state.keys[room - 1] = seat
        if events is not None:
            events.append(Event("key", seat=seat, card=CARD_IDS[card], dest=f"room{room}"))


# R-ANNEX-EOG: 4F per exit-stack card of the annex's colour.
_EXIT_COLOUR = {"park": GuestType.ARTISAN, "grocery": GuestType.MERCHANT, "bishopric": GuestType.RELIGIOUS,
                "stables": GuestType.NOBLE}


def end_game_scoring(state: State, config: GameConfig, events: list[Event] | None) -> None:
    """Score Park, Grocery, Bishopric, Stables and Greenhouse for every player (R-END-4).

    The Greenhouse counts the checks held after the gravedigger, before any end-game gain: under Unlimited
    Wealth a gain can turn cash into checks, and the order of scoring must not matter."""
    checks_held = state.checks[:]
    for seat in range(state.players):
        for card in state.annexes[seat]:
            annex = annex_id_of(card)
            if annex in _EXIT_COLOUR:
                colour = _EXIT_COLOUR[annex]
                amount = 4 * sum(1 for c in state.exit if CARD_TYPE[c] is colour)
            elif annex == "greenhouse":
                amount = 3 * checks_held[seat]
            else:
                continue
            lost = gain(state, config, seat, amount, f"{OCCUPATIONS[CARD_OCC[card]].annex_name} at game end", events)
            state.end_bonus[seat].append((annex, amount - lost, lost))
