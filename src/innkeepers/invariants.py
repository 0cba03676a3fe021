"""What must hold in every reachable state; saves, records' starting positions and the property tests check it.

- all 60 playing cards and all 32 customers are each in exactly one zone, and the 8 bonus cards too;
- every board's numbers strictly rise with the rooms (with fixed_rooms: card n stands in room n);
- hands hold at most 7 cards and enough to play out the hand of four tricks; the customers a seat knows under
  the deck are in the deck;
- the progress fields agree with the stage and with the trick log (the trick number is the log's length, the
  log's customers are each played once), so a position that loads is one play could produce in kind and never
  one where the game waits for a decision nobody can make.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from .cards import BONUS_IDS, CARD_IDS, CARD_NUMBER, CUSTOMER_IDS, NUM_CARDS, NUM_CUSTOMERS, ROOMS
from .config import CHOOSE_DRAW, HAND_SIZE, TRICKS_PER_HAND, GameConfig
from .rules.placement import legal_rooms
from .state import NO_CARD, NOBODY, REVEALED, UNDECIDED, Stage, State, Stay, Trick

STAGES = (Stage.PLAY, Stage.PLACE, Stage.HOST, Stage.SECOND, Stage.PICK, Stage.REFILL, Stage.OVER)


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
    """What is impossible about `state` in a game with `config`, naming the field; empty when it is sound. A
    state of the wrong shape (a field of the wrong type or length) gets only that."""
    problems = shape_problems(state, config.players)
    if problems:
        return problems
    problems = _each_once(card_zones(state), CARD_IDS, "playing cards")
    problems += _each_once(customer_zones(state), CUSTOMER_IDS, "customers")
    if sorted(state.bonus + state.unused_bonus) != list(range(len(BONUS_IDS))):
        problems.append("bonus: the 8 bonus cards are not each dealt or unused exactly once")
    for seat, board in enumerate(state.boards):
        numbers = [(room, CARD_NUMBER[stay.card]) for room, stay in enumerate(board, 1) if stay is not None]
        if any(a[1] >= b[1] for a, b in pairwise(numbers)):
            problems.append(f"boards: P{seat + 1}'s board does not rise: {numbers}")
        if config.fixed_rooms and any(room != number for room, number in numbers):
            problems.append(f"boards: P{seat + 1}'s board has a card outside its fixed room")
        for stay in board:
            if stay is not None and (stay.referrer == seat or (stay.upgraded and stay.referrer == NOBODY)):
                problems.append(f"boards: P{seat + 1}'s board has an impossible referral: {stay}")
    if any(len(hand) > HAND_SIZE for hand in state.hands):
        problems.append("hands: a hand holds more than 7 cards")
    if any(not set(known) <= set(state.deck) for known in state.known):
        problems.append("known: a seat knows a customer under the deck that is not in the deck")
    return problems + _progress(state, config)


# ---------------------------------------------------------------------------------------------- shape


def _within(value: Any, low: int, high: int) -> bool:
    """A whole number from `low` to `high - 1` (True is not a number of anything, nor 1.0 a seat)."""
    return type(value) is int and low <= value < high


def _listed(value: Any, low: int, high: int, length: int | None = None) -> bool:
    return (type(value) is list and (length is None or len(value) == length)
            and all(_within(v, low, high) for v in value))


def _stay(stay: Any, players: int) -> bool:
    return stay is None or (type(stay) is Stay and _within(stay.customer, 0, NUM_CUSTOMERS)
                            and _within(stay.card, 0, NUM_CARDS) and _within(stay.referrer, NOBODY, players)
                            and type(stay.upgraded) is bool)


def _trick(entry: Any, players: int) -> bool:
    return (type(entry) is Trick and _within(entry.customer, 0, NUM_CUSTOMERS) and type(entry.cards) is tuple
            and _listed(list(entry.cards), 0, NUM_CARDS, players) and _within(entry.winner, 0, players)
            and _within(entry.second, 0, players) and entry.winner != entry.second)


def shape_problems(state: State, players: int) -> list[str]:
    """Fields of the wrong type or length, by name (`field_problems`)."""
    return field_problems({field.name: getattr(state, field.name) for field in dataclasses.fields(state)}, players)


def field_problems(fields: Mapping[str, Any], players: int) -> list[str]:
    """What is of the wrong type or length among a state's field values (by name, as `State` takes them): every
    card and customer a number in range, every seat a seat of this game or nobody, one entry per seat and 15 rooms
    per board. A `State` is made only of values without any (a compiled `State` refuses a field of the wrong
    type, or turns True into 1, before this check can name it)."""
    if not _within(fields.get("players"), 2, 5) or fields["players"] != players:
        return [f"players: {fields.get('players')!r} seats, the settings have {players}"]
    n, problems = players, []
    if not isinstance(fields.get("generator"), random.Random):
        problems.append("rng: not a random generator's state")
    for name, high in (("draw", NUM_CARDS), ("discard", NUM_CARDS), ("deck", NUM_CUSTOMERS),
                       ("drawn", NUM_CUSTOMERS), ("unused_bonus", len(BONUS_IDS))):
        if not _listed(fields.get(name), 0, high):
            problems.append(f"{name}: not a list of numbers 0-{high - 1}")
    for name, high in (("hands", NUM_CARDS), ("known", NUM_CUSTOMERS), ("kept", NUM_CUSTOMERS)):
        value = fields.get(name)
        if type(value) is not list or len(value) != n or not all(_listed(v, 0, high) for v in value):
            problems.append(f"{name}: not {n} lists, one per seat")
    for name, low, high in (("played", NO_CARD, NUM_CARDS), ("bonus", 0, len(BONUS_IDS)),
                            ("refills", UNDECIDED, 2)):
        if not _listed(fields.get(name), low, high, n):
            problems.append(f"{name}: not {n} entries, one per seat")
    boards = fields.get("boards")
    if type(boards) is not list or len(boards) != n or not all(
            type(board) is list and len(board) == ROOMS and all(_stay(stay, n) for stay in board) for board in boards):
        problems.append(f"boards: not {n} boards of {ROOMS} rooms, each empty or a customer with its card")
    customer, stage, trick = fields.get("customer"), fields.get("stage"), fields.get("trick")
    if not _within(customer, NO_CARD, NUM_CUSTOMERS):
        problems.append(f"customer: {customer!r} is not a customer or nothing")
    if stage not in STAGES:
        problems.append(f"stage: {stage!r} is not one of {', '.join(STAGES)}")
    if not _within(trick, 1, NUM_CUSTOMERS + 1):
        problems.append(f"trick: {trick!r}; tricks are numbered 1-{NUM_CUSTOMERS}, one per customer")
    for name in ("winner", "second", "host", "referrer"):
        if not _within(fields.get(name), NOBODY, n):
            problems.append(f"{name}: {fields.get(name)!r} is not a seat of this {n}-player game or nobody")
    log = fields.get("log")
    if type(log) is not list or not all(_trick(entry, n) for entry in log):
        problems.append("log: not a list of tricks (customer, one card per seat, winner, second place)")
    if type(fields.get("end_reason")) is not str:
        problems.append(f"end_reason: {fields.get('end_reason')!r} is not text")
    return problems


# ---------------------------------------------------------------------------------------------- progress


def _progress(state: State, config: GameConfig) -> list[str]:
    """The trick's progress fields agree with each other, with the stage and with the log."""
    stage, problems = state.stage, []
    revealed = stage in REVEALED
    played = len(state.log)
    if played != state.trick - (0 if revealed or stage == Stage.OVER else 1):
        problems.append(f"trick: trick {state.trick} at the {stage} stage after {played} logged tricks (I-G-29)")
    logged = [t.customer for t in state.log]
    if len(set(logged)) != len(logged):
        problems.append("log: a customer played in two tricks")
    done = set(logged[:-1] if revealed and stage in (Stage.PLACE, Stage.HOST) else logged)
    taken = {stay.customer for board in state.boards for stay in board if stay is not None}
    taken.update(c for kept in state.kept for c in kept)
    if not done <= taken:
        problems.append("log: a customer of a finished trick is on no board and kept by nobody (I-R-24, I-R-30)")
    if any(r != UNDECIDED for r in state.refills) and stage != Stage.REFILL:
        problems.append("refills: refill choices outside the refill stage")
    if stage == Stage.REFILL and (state.trick == 1 or (state.trick - 1) % TRICKS_PER_HAND):
        problems.append(f"stage: no refill before trick {state.trick}; hands are refilled every "
                        f"{TRICKS_PER_HAND} tricks (I-R-32)")
    full = any(None not in board for board in state.boards)
    if full and stage not in (Stage.SECOND, Stage.PICK, Stage.OVER):
        problems.append(f"boards: an inn is full at the {stage} stage; the game ends after that trick (I-R-33)")
    if stage == Stage.OVER:
        if not (full or (state.customer == NO_CARD and not state.deck)):
            problems.append("stage: the game is over with no full inn and customers left (I-R-33)")
    elif state.end_reason:
        problems.append("end_reason: a reason for the end before the game is over")
    if revealed:
        problems += _revealed(state, config)
    else:
        if state.winner != NOBODY or state.second != NOBODY:
            problems.append(f"winner: a trick in progress at the {stage} stage")
        if stage != Stage.PLAY and any(c != NO_CARD for c in state.played):
            problems.append(f"played: cards on the table at the {stage} stage")
        if stage != Stage.OVER and state.customer == NO_CARD:
            problems.append("customer: no customer to play for")
    if (state.host, state.referrer) != (NOBODY, NOBODY) and stage != Stage.HOST:
        problems.append("host: a referral being placed outside the host stage")
    if state.drawn and stage != Stage.PICK:
        problems.append("drawn: drawn customers outside the pick stage")
    if stage == Stage.PLAY or stage in REVEALED:  # enough cards to play out the hand of four tricks, or play stops
        still = TRICKS_PER_HAND - (state.trick - 1) % TRICKS_PER_HAND - (1 if revealed else 0)
        for seat in range(state.players):
            if len(state.hands[seat]) + (stage == Stage.PLAY and state.played[seat] != NO_CARD) < still:
                problems.append(f"hands: P{seat + 1} holds {len(state.hands[seat])} cards with {still} tricks "
                                "of this hand to play (I-R-32)")
    return problems


def _revealed(state: State, config: GameConfig) -> list[str]:
    """Between the reveal and the end of the trick: the logged winner and second, the cards still on the table."""
    stage, winner, problems = state.stage, state.winner, []
    last = state.log[-1] if state.log else None
    if last is None or (last.winner, last.second) != (winner, state.second):
        problems.append(f"winner: the {stage} stage needs the winner and second place of the last logged trick")
        return problems
    placing = stage in (Stage.PLACE, Stage.HOST)
    if any(state.played[s] == NO_CARD for s in range(state.players) if s != winner or placing):
        problems.append(f"played: a card missing from the table at the {stage} stage")
    if not placing and state.played[winner] != NO_CARD:
        problems.append("played: the winning card is still on the table after the customer was placed or kept")
    if placing != (state.customer != NO_CARD):
        problems.append(f"customer: {'no' if placing else 'a'} customer at the {stage} stage")
    if stage == Stage.HOST:
        host = state.host
        if not (0 <= host < state.players and host != winner and state.referrer == winner):
            problems.append("host: a referral without a host other than the winner")
        elif not legal_rooms(state.boards[host], state.played[winner], config.fixed_rooms):
            problems.append(f"host: P{host + 1}'s inn has no room for the referred customer (I-G-18)")
    if stage == Stage.PICK and not 1 <= len(state.drawn) <= CHOOSE_DRAW:
        problems.append(f"drawn: {len(state.drawn)} customers to pick from (I-R-21)")
    return problems
