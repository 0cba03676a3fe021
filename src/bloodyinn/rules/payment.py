"""The common procedure of Bribe, Build, Kill and Bury: costs, reductions and payments (spec §9, R-ACT-*)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from ..cards import (
    APTITUDE,
    CARD_IDS,
    CARD_OCC,
    OCCUPATION_BY_ID,
    OCCUPATIONS,
    PEASANT_OCC,
    PaidAction,
)
from ..errors import IllegalActionError
from ..events import Event
from ..state import State

OccCounts = tuple[tuple[int, int], ...]  # (occupation index, copies in hand), sorted


def hand_counts(hand: list[int], exclude_occ: int = -1) -> OccCounts:
    """The hand as a multiset of occupations, with one copy of `exclude_occ` set aside (a Build target)."""
    counts = _occupation_counts(tuple(hand))
    return without(counts, exclude_occ) if exclude_occ >= 0 else counts


@lru_cache(maxsize=65536)
def _occupation_counts(hand: tuple[int, ...]) -> OccCounts:
    counts: dict[int, int] = {}
    for card in sorted(hand):  # cards are numbered in card-table order, so occupations come out sorted
        occ = CARD_OCC[card]
        counts[occ] = counts.get(occ, 0) + 1
    return tuple(counts.items())


def without(counts: OccCounts, occ: int) -> OccCounts:
    """The multiset less one card of `occ` (the card being built cannot pay for itself, R-ACT-5)."""
    return tuple((o, n - 1 if o == occ else n) for o, n in counts if not (o == occ and n == 1))


@lru_cache(maxsize=65536)
def payment_options(counts: OccCounts, low: int, high: int) -> tuple[tuple[str, ...], ...]:
    """Every distinct payment of `low` to `high` cards from a hand (R-ACT-4, R-ACT-5).

    Cards of one occupation are interchangeable, so each payment is a multiset of occupation ids, listed
    once, in card-table order."""
    available = {o: n for o, n in counts}
    size = sum(available.values())
    options: list[tuple[str, ...]] = []
    occs = [o for o, _ in counts]
    for count in range(max(0, low), min(high, size) + 1):
        for combo in combinations_with_replacement(occs, count):
            if all(combo.count(o) <= available[o] for o in set(combo)):
                options.append(tuple(OCCUPATIONS[o].id for o in combo))
    return tuple(options)


def cost_range(base: int, reducers: int) -> tuple[int, int]:
    """Payment sizes allowed for base cost B with D reducing annexes: max(0, B-D) to B (R-ACT-4, A-6)."""
    return max(0, base - reducers), base


def check_payment(state: State, seat: int, pay: tuple[str, ...], base: int, reducers: int,
                  exclude_occ: int = -1) -> None:
    """Raise unless `pay` is a legal payment for this cost from this hand (R-ACT-4, R-ACT-5)."""
    low, high = cost_range(base, reducers)
    if not low <= len(pay) <= high:
        if reducers:
            raise IllegalActionError(
                "this costs {low} to {high} cards ({base} minus up to {reducers} for reducing annexes),"
                " {played} played", "R-ACT-4",
                low=low, high=high, base=base, reducers=reducers, played=len(pay))
        raise IllegalActionError("this costs exactly {base} cards, {played} played", "R-ACT-4",
                                 base=base, played=len(pay))
    available = dict(hand_counts(state.hands[seat], exclude_occ))
    for occ_id in set(pay):
        occ = OCCUPATION_BY_ID[occ_id].index
        if pay.count(occ_id) > available.get(occ, 0):
            raise IllegalActionError("not enough {card} cards in hand to pay", "R-ACT-5", card=occ_id)


def take_card(hand: list[int], occ_id: str) -> int:
    """Remove and return one card of an occupation from a hand (copies are interchangeable: the lowest id)."""
    occ = OCCUPATION_BY_ID[occ_id].index
    card = min(c for c in hand if CARD_OCC[c] == occ)
    hand.remove(card)
    return card


def settle_payment(state: State, seat: int, pay: tuple[str, ...], action: PaidAction,
                   events: list[Event] | None, chapel_keep: bool = False, drop: tuple[str, ...] = ()) -> None:
    """Play the payment: cards with the action's aptitude go back to hand, other travelers to the exit stack,
    peasants to the bistro (R-ACT-2, R-ACT-7, R-ACT-8). Under the Chapel every card returns except the
    non-religious ones listed in `drop` (R-BURY-6)."""
    hand = state.hands[seat]
    hand_zone = f"hand:{seat}"
    dropped = list(drop)
    # Events name physical cards: returned copies are named from the highest ids down, because the cards that
    # leave are taken from the lowest ids up (`take_card`), so the two never name the same copy.
    returned: list[int] = []
    for occ_id in pay:
        occ = OCCUPATION_BY_ID[occ_id]
        returns = APTITUDE[occ.type] is action  # R-ACT-7
        if not returns and chapel_keep:
            if occ_id in dropped:
                dropped.remove(occ_id)
            else:
                returns = True  # R-BURY-6
        if returns:  # played and taken back: it never leaves the hand, only its event names a copy
            if events is not None:
                card = max(c for c in hand if CARD_OCC[c] == occ.index and c not in returned)
                returned.append(card)
                events.append(Event("return", seat=seat, card=CARD_IDS[card], source=hand_zone, dest=hand_zone,
                                    note="Chapel" if APTITUDE[occ.type] is not action else "aptitude"))
            continue
        card = take_card(hand, occ_id)
        if CARD_OCC[card] == PEASANT_OCC:
            state.bistro.append(card)
            if events is not None:
                events.append(Event("move", seat, CARD_IDS[card], hand_zone, "bistro"))
        else:
            state.exit.append(card)
            if events is not None:
                events.append(Event("move", seat, CARD_IDS[card], hand_zone, "exit"))
