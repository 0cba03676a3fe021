"""What must hold in every reachable state; `Game.from_json` and the property tests check it.

- all 60 playing cards and all 32 customers are each in exactly one zone, and the 8 bonus cards too;
- every board's numbers strictly rise with the rooms (with fixed_rooms: card n stands in room n);
- hands hold at most 7 cards; the customers a seat knows under the deck are in the deck;
- the progress fields agree with the stage.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from .cards import CARD_IDS, CARD_NUMBER, CUSTOMER_IDS, ROOMS
from .config import HAND_SIZE, GameConfig
from .state import NO_CARD, NOBODY, UNDECIDED, Stage, State


def card_zones(state: State) -> dict[str, list[int]]:
    zones = {"draw": state.draw, "discard": state.discard}
    for seat in range(state.players):
        zones[f"hand:{seat}"] = state.hands[seat]
        zones[f"played:{seat}"] = [state.played[seat]] if state.played[seat] != NO_CARD else []
        zones[f"board:{seat}"] = [stay.card for stay in state.boards[seat] if stay is not None]
    return zones


def customer_zones(state: State) -> dict[str, list[int]]:
    zones = {"deck": state.deck, "customer": [state.customer] if state.customer != NO_CARD else [],
             "drawn": state.drawn}
    for seat in range(state.players):
        zones[f"board:{seat}"] = [stay.customer for stay in state.boards[seat] if stay is not None]
        zones[f"kept:{seat}"] = state.kept[seat]
    return zones


def _each_once(zones: dict[str, list[int]], ids: tuple[str, ...], what: str) -> list[str]:
    counts = Counter(c for zone in zones.values() for c in zone)
    problems = []
    missing = [ids[c] for c in range(len(ids)) if c not in counts]
    if missing:
        problems.append(f"{what} missing: {', '.join(missing)}")
    twice = [ids[c] for c, n in sorted(counts.items()) if n > 1]
    if twice:
        problems.append(f"{what} in two places: {', '.join(twice)}")
    return problems


def violations(state: State, config: GameConfig) -> list[str]:
    problems = _each_once(card_zones(state), CARD_IDS, "playing cards")
    problems += _each_once(customer_zones(state), CUSTOMER_IDS, "customers")
    if sorted(state.bonus + state.unused_bonus) != list(range(8)):
        problems.append("the 8 bonus cards are not each dealt or unused exactly once")
    for seat, board in enumerate(state.boards):
        numbers = [(room, CARD_NUMBER[stay.card]) for room, stay in enumerate(board, 1) if stay is not None]
        if any(a[1] >= b[1] for a, b in pairwise(numbers)):
            problems.append(f"P{seat + 1}'s board does not rise: {numbers}")
        if config.fixed_rooms and any(room != number for room, number in numbers):
            problems.append(f"P{seat + 1}'s board has a card outside its fixed room")
        for stay in board:
            if stay is not None and (stay.referrer == seat or not NOBODY <= stay.referrer < state.players
                                     or (stay.upgraded and stay.referrer == NOBODY)):
                problems.append(f"P{seat + 1}'s board has an impossible referral: {stay}")
        if len(board) != ROOMS:
            problems.append(f"P{seat + 1}'s board has {len(board)} rooms")
    if any(len(hand) > HAND_SIZE for hand in state.hands):
        problems.append("a hand holds more than 7 cards")
    if any(not set(known) <= set(state.deck) for known in state.known):
        problems.append("a seat knows a customer under the deck that is not in the deck")
    problems += _progress(state)
    return problems


def _progress(state: State) -> list[str]:
    stage, problems = state.stage, []
    decided = [r for r in state.refills if r != UNDECIDED]
    if decided and stage != Stage.REFILL:
        problems.append("refill choices outside the refill stage")
    if stage in (Stage.PLAY, Stage.REFILL, Stage.OVER):
        if state.winner != NOBODY:
            problems.append(f"a trick in progress at the {stage} stage")
        if stage == Stage.REFILL and any(c != NO_CARD for c in state.played):
            problems.append("cards on the table during the refill")
        if stage != Stage.OVER and state.customer == NO_CARD:
            problems.append("no customer to play for")
    else:
        if not (0 <= state.winner < state.players and 0 <= state.second < state.players):
            problems.append(f"no ranked trick at the {stage} stage")
        if stage == Stage.HOST and not (0 <= state.host < state.players and state.referrer == state.winner):
            problems.append("a referral without host")
        if stage == Stage.PICK and not state.drawn:
            problems.append("nothing drawn to pick from")
    if state.drawn and stage != Stage.PICK:
        problems.append("drawn customers outside the pick stage")
    if state.trick < 1:
        problems.append(f"trick number {state.trick}")
    return problems
