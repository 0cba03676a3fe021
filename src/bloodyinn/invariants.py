"""What holds in every state a game can reach: the invariants of spec §4.3, plus every counter in range and every
zone consistent with the stage. Saves, records' starting positions and `build_position` are checked here, so a
position that loads is one play could produce in kind, and never one where the game waits for a decision nobody
can make. The property tests check it after every decision of random games.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

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
from .config import CASH_CAP, MAX_CHECKS, NUM_ROOMS, GameConfig
from .state import CLOSED, NO_CARD, NOBODY, Stage, State

STAGES = (Stage.WELCOME, Stage.NIGHT, Stage.POLICE, Stage.WAGES, Stage.FINAL_GRAVEDIGGER, Stage.OVER)
_PILES = ("culled", "unused_peasants", "gravedigger", "entrance", "bistro", "exit")
_PER_SEAT_PILES = ("hands", "annexes", "corpses")
_NUMBERS = ("round", "first_player", "turn", "pending_release")
_FLAGS = ("reshuffled", "final_round", "police_present", "lost")


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
    """What is impossible about `state` in a game with `config`, each naming the field and the rule; empty when
    the state is sound. A state of the wrong shape (a field of the wrong type or length) gets only that."""
    problems = shape_problems(state, config.players)
    if problems:
        return problems
    return _cards(state, config) + _board(state, config) + _money(state, config) + _progress(state, config)


# ---------------------------------------------------------------------------------------------- shape


def _whole(value: Any) -> bool:
    return type(value) is int  # True is not a number of anything, nor 1.0 a seat


def _within(value: Any, low: int, high: int) -> bool:
    """A whole number from `low` to `high - 1`."""
    return type(value) is int and low <= value < high


def _card_list(value: Any) -> bool:
    return type(value) is list and all(_within(c, 0, NUM_CARDS) for c in value)


def _slot(annex: Any, players: int) -> bool:
    return _within(annex, 0, NUM_CARDS) or _within(annex, barn_of(0), barn_of(players))


def _bonus(entry: Any) -> bool:
    return (type(entry) is tuple and len(entry) == 3 and isinstance(entry[0], str)
            and _whole(entry[1]) and _whole(entry[2]) and entry[1] >= 0 and entry[2] >= 0)


def shape_problems(state: State, players: int) -> list[str]:
    """Fields of the wrong type or length, by name (`field_problems`)."""
    return field_problems({field.name: getattr(state, field.name) for field in dataclasses.fields(state)}, players)


def field_problems(fields: Mapping[str, Any], players: int) -> list[str]:
    """What is of the wrong type or length among a state's field values (by name, as `State` takes them): every
    card a number 0-77, every count a whole number, every flag true or false, one entry per room and per seat.
    A `State` is made only of values without any (a compiled `State` refuses a field of the wrong type, or
    turns True into 1, before this check can name it)."""
    if not _whole(fields.get("players")) or fields["players"] != players:
        return [f"players: {fields.get('players')!r} seats, the settings have {players}"]
    problems: list[str] = []
    if not isinstance(fields.get("generator"), random.Random):
        problems.append("rng: not a random generator's state")
    for name in _PILES:
        if not _card_list(fields.get(name)):
            problems.append(f"{name}: not a list of cards")
    for name in _PER_SEAT_PILES:
        value = fields.get(name)
        if type(value) is not list or len(value) != players or not all(_card_list(cards) for cards in value):
            problems.append(f"{name}: not {players} lists of cards, one per seat")
    arrival, rooms = fields.get("arrival"), fields.get("rooms")
    if not _within(arrival, NO_CARD, NUM_CARDS):
        problems.append(f"arrival: {arrival!r} is not a card or nothing")
    if type(rooms) is not list or len(rooms) != NUM_ROOMS or not all(_within(c, NO_CARD, NUM_CARDS) for c in rooms):
        problems.append(f"rooms: not {NUM_ROOMS} rooms, each a card or empty")
    buried = fields.get("buried")
    if type(buried) is not dict or not all(_slot(a, players) and _card_list(c) for a, c in buried.items()):
        problems.append("buried: not a table of annexes (built cards or barns of seats) to lists of corpses")
    for name, lowest, kinds in (("keys", CLOSED, "a seat's key, a white key or none"),
                                ("room_service", NOBODY, "a seat's token or none")):
        value = fields.get(name)
        if type(value) is not list or len(value) != NUM_ROOMS or not all(_within(v, lowest, players) for v in value):
            problems.append(f"{name}: not {NUM_ROOMS} rooms, each with {kinds} of a {players}-player game (R-SETUP-5)")
    for name in ("cash", "checks"):
        value = fields.get(name)
        if type(value) is not list or len(value) != players or not all(_whole(v) for v in value):
            problems.append(f"{name}: not {players} whole numbers, one per seat")
    for name in _NUMBERS:
        if not _whole(fields.get(name)):
            problems.append(f"{name}: {fields.get(name)!r} is not a whole number")
    for name in _FLAGS:
        if type(fields.get(name)) is not bool:
            problems.append(f"{name}: {fields.get(name)!r} is not true or false")
    if fields.get("stage") not in STAGES:
        problems.append(f"stage: {fields.get('stage')!r} is not one of {', '.join(STAGES)}")
    bonus = fields.get("end_bonus")
    if type(bonus) is not list or len(bonus) != players or not all(
            type(entries) is list and all(_bonus(e) for e in entries) for entries in bonus):
        problems.append(f"end_bonus: not {players} lists of (annex, F gained, F lost), one per seat")
    return problems


# ---------------------------------------------------------------------------------------------- values


def _cards(state: State, config: GameConfig) -> list[str]:
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
    if any(CARD_OCC[c] == PEASANT_OCC for c in state.culled):
        problems.append("culled: a peasant among the travelers removed unseen (R-SETUP-3)")
    peasant_free = state.entrance + state.exit + [c for c in state.rooms if c != NO_CARD]
    peasant_free += [c for owned in state.annexes for c in owned]
    if state.arrival != NO_CARD:
        peasant_free.append(state.arrival)
    if any(CARD_OCC[c] == PEASANT_OCC for c in peasant_free):
        problems.append("R-INV-3: a peasant outside the bistro, hands, corpses, burials or box of unused peasants")
    if any(CARD_OCC[c] != PEASANT_OCC for c in state.bistro + state.unused_peasants):
        problems.append("R-INV-3: a traveler in the bistro or among the unused peasants")
    if any(CARD_TYPE[c] is GuestType.POLICE for owned in state.annexes for c in owned):
        problems.append("R-INV-3: a police card built as an annex")
    owned_annexes = {c for owned in state.annexes for c in owned}
    for annex, cards in state.buried.items():
        if not is_barn(annex) and annex not in owned_annexes:
            problems.append(f"R-INV-5: corpses under {annex}, which is not an annex")
        if len(cards) > annex_rank(annex):
            problems.append(f"R-INV-5: {len(cards)} corpses under a rank-{annex_rank(annex)} annex")
    return problems


def _board(state: State, config: GameConfig) -> list[str]:
    problems: list[str] = []
    for i in range(NUM_ROOMS):
        if state.rooms[i] != NO_CARD and state.keys[i] == CLOSED:
            problems.append(f"R-INV-4: a traveler in closed room {i + 1}")
        if state.room_service[i] != NOBODY and state.keys[i] == CLOSED:
            problems.append(f"R-INV-7: a Room Service token on closed room {i + 1}")
    if sum(1 for k in state.keys if k != CLOSED) != config.open_rooms:
        problems.append("R-INV-7: the number of open rooms changed")
    for seat in range(state.players):
        if seat not in state.keys:
            problems.append(f"keys: P{seat + 1} has no key; a player's starting key never leaves (R-SETUP-5)")
        tokens = state.keys.count(seat) + state.room_service.count(seat)
        if tokens > 8:
            problems.append(f"R-INV-8: P{seat + 1} has {tokens} tokens on the board")
    return problems


def _money(state: State, config: GameConfig) -> list[str]:
    problems: list[str] = []
    for seat in range(state.players):
        if not 0 <= state.cash[seat] <= CASH_CAP or not 0 <= state.checks[seat] <= MAX_CHECKS:
            problems.append(f"R-INV-6: P{seat + 1} has {state.cash[seat]}F and {state.checks[seat]} checks"
                            f" (cash is 0-{CASH_CAP}F, checks 0-{MAX_CHECKS})")
    return problems


def _progress(state: State, config: GameConfig) -> list[str]:
    """The round's progress fields agree with each other and with the stage, so the game can always go on."""
    n, stage, problems = state.players, state.stage, []
    seat = (state.first_player + state.turn) % n
    if not 0 <= state.first_player < n or (config.solo and state.first_player):
        problems.append(f"first_player: {state.first_player} is not a seat of this {n}-player game (R-SETUP-6)")
    if state.round < 1:
        problems.append(f"round: {state.round}; rounds are numbered from 1")
    most = 2 * n if stage == Stage.NIGHT else 0 if stage == Stage.WELCOME else n
    if not 0 <= state.turn <= most:
        problems.append(f"R-INV-9: turn {state.turn} out of range at the {stage} stage (0-{most})")
    if state.arrival != NO_CARD and (stage != Stage.WELCOME or not state.empty_open_rooms()):
        problems.append("arrival: a traveler waits at the door " + (
            "with no empty room to take him (R-WELCOME-1)" if stage == Stage.WELCOME else
            f"at the {stage} stage; travelers arrive only in the welcome phase (R-WELCOME-1)"))
    if stage in (Stage.WAGES, Stage.FINAL_GRAVEDIGGER) and state.travelers_in_inn():
        problems.append("R-INV-4: travelers still in the inn after they left")
    if state.final_round and not (state.reshuffled and not state.entrance):
        problems.append("final_round: the last round comes only once the season-2 stack is empty (R-WELCOME-7)")
    if stage == Stage.WELCOME and state.final_round:
        problems.append("final_round: no welcome phase follows the final round's (R-END-1)")
    if stage == Stage.FINAL_GRAVEDIGGER and not state.final_round:
        problems.append("stage: the final gravedigger comes only after the final round (R-END-3)")
    if stage == Stage.POLICE and state.police_present != any(
            c != NO_CARD and CARD_TYPE[c] is GuestType.POLICE for c in state.rooms):
        problems.append("police_present: does not match the police in the inn (R-EOR-2)")
    if state.pending_release and not (stage == Stage.WAGES and state.turn < n
                                      and state.pending_release <= len(state.hands[seat])):
        problems.append(f"pending_release: {state.pending_release} unpaid accomplices to release "
                        + (f"from P{seat + 1}'s hand of {len(state.hands[seat])}" if stage == Stage.WAGES
                           else f"at the {stage} stage") + " (R-EOR-4)")
    if state.pending_release < 0:
        problems.append(f"pending_release: {state.pending_release}")
    if state.lost and not (config.solo and stage == Stage.OVER):
        problems.append("lost: only a solitaire game is lost, and it is then over (R-SOLO-4)")
    if stage == Stage.OVER and not state.lost:
        if not state.final_round:
            problems.append("stage: the game ends only after its final round (R-END-1)")
        if state.travelers_in_inn() or any(state.corpses):
            problems.append("stage: the game is over with guests in rooms or unburied corpses (R-END-2, R-END-3)")
    if any(state.end_bonus) and not (stage == Stage.OVER and not state.lost):
        problems.append("end_bonus: end-of-game bonuses before the end of the game (R-END-4)")
    return problems
