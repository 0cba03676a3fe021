"""Bury a Corpse (spec §10.4): own corpses go under annexes (anyone's, barns included) for their pocket money."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ..actions import Bury
from ..cards import (
    BARN_RANK,
    CARD_BY_ID,
    CARD_IDS,
    CARD_OCC,
    CARD_POCKET,
    CARD_RANK,
    OCCUPATION_BY_ID,
    OCCUPATIONS,
    GuestType,
    PaidAction,
    annex_ref,
    barn_of,
)
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import State
from .annexes import count_annex, free_capacity, has_annex, owner_of
from .context import Turn
from .money import gain
from .payment import OccCounts, check_payment, cost_range, payment_options, settle_payment, take_card

Placement = tuple[tuple[str, str], ...]  # (corpse occupation id, annex ref) pairs, as in `Bury.corpses`
Slots = tuple[tuple[int, int], ...]  # (annex, corpses it can still take) for every annex with room


def open_slots(state: State) -> Slots:
    """Every annex with room for a corpse, anyone's, and how many it can still take (its rank less those buried,
    R-BURY-3): the barns in seat order, then each player's built annexes in build order."""
    buried = state.buried
    slots: list[tuple[int, int]] = []
    for seat in range(state.players):
        barn = barn_of(seat)
        free = BARN_RANK - len(buried.get(barn, ()))
        if free > 0:
            slots.append((barn, free))
    for owned in state.annexes:
        for card in owned:
            free = CARD_RANK[card] - len(buried.get(card, ()))
            if free > 0:
                slots.append((card, free))
    return tuple(slots)


def _corpse_sets(corpses: list[int], crypt: bool) -> list[tuple[int, ...]]:
    """Distinct corpse multisets (by occupation index) that one Bury may take (R-BURY-1, R-BURY-2)."""
    counts: dict[int, int] = {}
    for card in corpses:
        counts[CARD_OCC[card]] = counts.get(CARD_OCC[card], 0) + 1
    occs = sorted(counts)
    if not crypt:
        return [(o,) for o in occs]
    sets: list[tuple[int, ...]] = []
    for picks in product(*(range(counts[o] + 1) for o in occs)):
        chosen = tuple(o for o, n in zip(occs, picks) for _ in range(n))
        if chosen:
            sets.append(chosen)
    return sets


def _placements(slots: Slots, chosen: tuple[int, ...]) -> tuple[Placement, ...]:
    """Every way to put the chosen corpses under the annexes with room `slots`, anyone's (R-BURY-3, A-36).

    Capacity counts the corpses placed in the same action; equal corpses make equal placements, which are
    listed once."""
    if len(chosen) == 1:  # the usual case, without the Crypt: one placement per annex with room
        occ_id = OCCUPATIONS[chosen[0]].id
        return tuple([((occ_id, annex_ref(annex)),) for annex, _ in slots])
    free = dict(slots)
    seen: set[tuple[tuple[int, str], ...]] = set()
    results: list[Placement] = []
    for assignment in product(free, repeat=len(chosen)):
        if any(assignment.count(a) > free[a] for a in set(assignment)):
            continue
        pairs = tuple(sorted((occ, annex_ref(annex)) for occ, annex in zip(chosen, assignment)))
        if pairs in seen:
            continue
        seen.add(pairs)
        results.append(tuple((OCCUPATIONS[o].id, ref) for o, ref in pairs))
    return tuple(results)


def _drop_options(pay: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Under the Chapel: every sub-multiset of the played non-religious cards may be left behind (R-BURY-6)."""
    others = [o for o in pay if OCCUPATION_BY_ID[o].type is not GuestType.RELIGIOUS]
    options: set[tuple[str, ...]] = {()}
    for picks in product((False, True), repeat=len(others)):
        options.add(tuple(o for o, pick in zip(others, picks) if pick))
    return sorted(options, key=lambda d: (len(d), d))


def legal(state: State, config: GameConfig, turn: Turn) -> list[Bury]:
    corpses = state.corpses[turn.seat]
    if not corpses:
        return []
    slots = open_slots(state)
    if not slots:
        return []
    actions: list[Bury] = []
    cellars = turn.owned.get("cellar", 0)
    chapel = turn.owned.get("chapel", 0) > 0
    for chosen in _corpse_sets(corpses, turn.owned.get("crypt", 0) > 0):
        low, high = cost_range(sum(OCCUPATIONS[o].rank for o in chosen), cellars)
        if low <= len(turn.hand):
            actions.extend(_burials(slots, chosen, turn.counts, low, high, chapel))
    return actions


@lru_cache(maxsize=65536)
def _burials(slots: Slots, chosen: tuple[int, ...], counts: OccCounts, low: int, high: int,
             chapel: bool) -> tuple[Bury, ...]:
    """Every placement of the `chosen` corpses under the `slots` with every payment of `low` to `high` cards
    from the hand, and under the Chapel every choice of the played cards that do not return."""
    placements = _placements(slots, chosen)
    actions: list[Bury] = []
    for pay in payment_options(counts, low, high):
        drops = _drop_options(pay) if chapel else [()]
        for placement in placements:
            actions.extend([_bury(placement, pay, drop) for drop in drops])
    return tuple(actions)


@lru_cache(maxsize=65536)
def _bury(placement: Placement, pay: tuple[str, ...], drop: tuple[str, ...]) -> Bury:
    """One object per burial, shared by the cached lists of every hand that can pay it (see `bribe._bribe`)."""
    return Bury(placement, pay, drop)


def annex_from_ref(state: State, ref: str) -> int:
    """The annex slot a text reference names, if it exists now (R-BURY-3)."""
    if ref.startswith("barn."):
        seat = int(ref[5:])
        if seat >= state.players:
            raise IllegalActionError("there is no {annex}: seats are 0-{last}", "R-BURY-3",
                                     annex=ref, last=state.players - 1)
        return barn_of(seat)
    card = CARD_BY_ID[ref]
    if not any(card in owned for owned in state.annexes):
        raise IllegalActionError("{annex} is not a built annex", "R-BURY-3", annex=ref)
    return card


def check(state: State, config: GameConfig, seat: int, action: Bury) -> None:
    if not action.corpses:
        raise IllegalActionError("a burial needs a corpse", "R-BURY-1")
    if len(action.corpses) > 1 and not has_annex(state, seat, "crypt"):
        raise IllegalActionError("only the Crypt lets you bury several corpses at once", "R-BURY-2")
    own = [OCCUPATIONS[CARD_OCC[c]].id for c in state.corpses[seat]]
    named = [occ for occ, _ in action.corpses]
    for occ in set(named):
        if named.count(occ) > own.count(occ):
            raise IllegalActionError("you have no (more) unburied {card} corpse", "R-BURY-1", card=occ)
    placed: dict[int, int] = {}
    for _, ref in action.corpses:
        annex = annex_from_ref(state, ref)
        placed[annex] = placed.get(annex, 0) + 1
        if placed[annex] > free_capacity(state, annex):
            raise IllegalActionError("{annex} has no room for another corpse (capacity = rank)", "R-BURY-3", annex=ref)
    base = sum(OCCUPATION_BY_ID[occ].rank for occ in named)
    check_payment(state, seat, action.pay, base, count_annex(state, seat, "cellar"))
    if action.drop:
        if not has_annex(state, seat, "chapel"):
            raise IllegalActionError("only with the Chapel do you choose which played cards return",
                                     "R-BURY-6")
        others = [o for o in action.pay if OCCUPATION_BY_ID[o].type is not GuestType.RELIGIOUS]
        for occ in set(action.drop):
            if action.drop.count(occ) > others.count(occ):
                raise IllegalActionError("'drop' may only name played non-religious cards, not {card}",
                                         "R-BURY-6", card=occ)


def apply(state: State, config: GameConfig, seat: int, action: Bury, events: list[Event] | None) -> None:
    settle_payment(state, seat, action.pay, PaidAction.BURY, events,
                   chapel_keep=has_annex(state, seat, "chapel"), drop=action.drop)
    for occ, ref in action.corpses:
        card = take_card(state.corpses[seat], occ)
        annex = annex_from_ref(state, ref)
        state.buried.setdefault(annex, []).append(card)
        if events is not None:
            events.append(Event("move", seat, CARD_IDS[card], f"corpses:{seat}", f"under:{ref}"))
        owner = owner_of(state, annex)
        pocket = CARD_POCKET[card]
        if owner == seat:  # R-BURY-4: all of it under one's own annex, else half each
            gain(state, config, seat, pocket, f"burial of a rank-{CARD_RANK[card]} corpse", events)
        else:
            gain(state, config, seat, pocket // 2, f"burial of a rank-{CARD_RANK[card]} corpse", events)
            gain(state, config, owner, pocket // 2, "a corpse buried under their annex", events)
