"""The state invariants of spec §4.3, checkable on any state (used by tests and by save loading)."""

from __future__ import annotations

from collections import Counter

from .cards import (
    CARD_OCC,
    CARD_TYPE,
    NUM_CARDS,
    PEASANT_OCC,
    GuestType,
    annex_rank,
    barn_of,
    is_barn,
)
from .config import CASH_CAP, GameConfig
from .state import CLOSED, NO_CARD, NOBODY, Stage, State


def zones(state: State) -> dict[str, list[int]]:
    """Every zone of R-ZONE-1 with its cards."""
    result: dict[str, list[int]] = {
        "box.culled": state.culled,
        "box.unused_peasants": state.unused_peasants,
        "box.gravedigger": state.gravedigger,
        "entrance": state.entrance,
        "arrival": [state.arrival] if state.arrival != NO_CARD else [],
        "bistro": state.bistro,
        "exit": state.exit,
    }
    for i, card in enumerate(state.rooms):
        result[f"room{i + 1}"] = [card] if card != NO_CARD else []
    for seat in range(state.players):
        result[f"hand:{seat}"] = state.hands[seat]
        result[f"annex:{seat}"] = state.annexes[seat]
        result[f"corpses:{seat}"] = state.corpses[seat]
    for annex, cards in state.buried.items():
        result[f"under:{annex}"] = cards
    return result


def violations(state: State, config: GameConfig) -> list[str]:
    """Broken invariants, each named by its rule ID; empty when the state is sound."""
    problems: list[str] = []
    all_cards = [c for cards in zones(state).values() for c in cards]
    counts = Counter(all_cards)
    if len(all_cards) != NUM_CARDS or set(counts) != set(range(NUM_CARDS)):
        missing = set(range(NUM_CARDS)) - set(counts)
        doubled = [c for c, n in counts.items() if n > 1]
        problems.append(f"R-INV-1: {len(all_cards)} cards in zones, missing {sorted(missing)}, doubled {doubled}")
    if len(state.culled) != config.cull:
        problems.append(f"R-INV-2: {len(state.culled)} culled cards, expected {config.cull}")
    expected_unused = 4 if config.solo else 8 - 2 * config.players
    if len(state.unused_peasants) != expected_unused:
        problems.append(f"R-INV-2: {len(state.unused_peasants)} unused peasants, expected {expected_unused}")
    peasant_free = state.entrance + state.exit + [c for c in state.rooms if c != NO_CARD]
    peasant_free += [c for owned in state.annexes for c in owned]
    if state.arrival != NO_CARD:
        peasant_free.append(state.arrival)
    if any(CARD_OCC[c] == PEASANT_OCC for c in peasant_free):
        problems.append("R-INV-3: a peasant outside the bistro, hands, corpses, burials or box")
    if any(CARD_OCC[c] != PEASANT_OCC for c in state.bistro + state.unused_peasants):
        problems.append("R-INV-3: a traveler in the bistro or among the unused peasants")
    if any(CARD_TYPE[c] is GuestType.POLICE for owned in state.annexes for c in owned):
        problems.append("R-INV-3: a police card built as an annex")
    for i in range(8):
        if state.rooms[i] != NO_CARD and state.keys[i] == CLOSED:
            problems.append(f"R-INV-4: a traveler in closed room {i + 1}")
        if state.room_service[i] != NOBODY and state.keys[i] == CLOSED:
            problems.append(f"R-INV-7: a Room Service token on closed room {i + 1}")
    if state.stage in (Stage.WAGES, Stage.FINAL_GRAVEDIGGER) and state.travelers_in_inn():
        problems.append("R-INV-4: travelers still in the inn after they left")
    if sum(1 for k in state.keys if k != CLOSED) != config.open_rooms:
        problems.append("R-INV-7: the number of open rooms changed")
    owned_annexes = {c for owned in state.annexes for c in owned}
    for annex, cards in state.buried.items():
        if not is_barn(annex) and annex not in owned_annexes:
            problems.append(f"R-INV-5: corpses under {annex}, which is not an annex")
        if is_barn(annex) and annex >= barn_of(state.players):
            problems.append(f"R-INV-5: corpses under a barn of a missing player ({annex})")
        if len(cards) > annex_rank(annex):
            problems.append(f"R-INV-5: {len(cards)} corpses under a rank-{annex_rank(annex)} annex")
    for seat in range(state.players):
        if not 0 <= state.cash[seat] <= CASH_CAP or state.checks[seat] < 0:
            problems.append(f"R-INV-6: P{seat + 1} has {state.cash[seat]}F and {state.checks[seat]} checks")
        keys = sum(1 for k in state.keys if k == seat) + sum(1 for r in state.room_service if r == seat)
        if keys > 8:
            problems.append(f"R-INV-8: P{seat + 1} has {keys} tokens on the board")
    if state.stage == Stage.NIGHT and not 0 <= state.turn <= 2 * state.players:
        problems.append(f"R-INV-9: night turn {state.turn} out of range")
    return problems
