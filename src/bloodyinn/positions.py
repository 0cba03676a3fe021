"""Building any legal position by naming its cards: for tests, puzzles and research.

    game = bloodyinn.build_position(
        players=2, hands={0: ["major", "peasant"], 1: ["butcher"]}, rooms={3: "count"},
        annexes={1: ["distiller.2"]}, buried={"distiller.2": ["baron"]}, cash=[12, 30])

Cards are named as in the notation: an occupation id or display name (``"brigadier_chief"``, ``"Brigadier
Chief"``: the next free copy) or a card id (``"distiller.2"``: that very copy). Every card not named is dealt
the way the game would: travelers are removed unseen to the box (as many as the configuration culls,
R-SETUP-3) and the rest lie, shuffled by `seed`, under the named top of the entrance stack (or go to the
exit stack or the gravedigger, `rest=`); peasants fill the box of unused peasants (R-SETUP-4) and the rest
go to the gravedigger. The position is checked against every invariant of spec §4.3; a position that cannot
exist raises PositionError naming what is wrong, e.g. a card named twice or more copies than the game has.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, TypeVar

from .cards import (
    CARD_BY_ID,
    CARD_IDS,
    CARD_OCC,
    CARD_TYPE,
    NUM_CARDS,
    OCCUPATIONS,
    PEASANT_OCC,
    PEASANTS,
    TRAVELERS,
    GuestType,
    barn_of,
    card,
    is_barn,
)
from .config import NUM_ROOMS, START_CASH, START_CHECKS, GameConfig
from .errors import PositionError, UnknownCardError
from .game import Game
from .invariants import violations
from .state import CLOSED, WHITE, Stage, State

PerSeat = Mapping[int, int] | Sequence[int]
Zone = tuple[str, int]  # e.g. ("hands", seat), ("room", number), ("bistro", 0)
Key = int | Literal["white"] | None
PHASES = {"welcome": Stage.WELCOME, "night": Stage.NIGHT}
RESTS = ("entrance", "exit", "gravedigger")
K = TypeVar("K")
V = TypeVar("V")
# Zones that never hold a peasant (R-ZONE-2).
_NO_PEASANTS = ("room", "annex", "entrance", "exit")


def build_position(
    players: int = 2,
    length: str = "short",
    variants: Iterable[str] = (),
    *,
    hands: Mapping[int, Iterable[str]] | None = None,
    annexes: Mapping[int, Iterable[str]] | None = None,
    corpses: Mapping[int, Iterable[str]] | None = None,
    buried: Mapping[str, Iterable[str]] | None = None,
    rooms: Mapping[int, str] | None = None,
    bistro: Iterable[str] = (),
    exit: Iterable[str] = (),
    entrance: Sequence[str] = (),
    gravedigger: Iterable[str] = (),
    rest: str = "entrance",
    cash: PerSeat | None = None,
    checks: PerSeat | None = None,
    keys: Mapping[int, Key] | None = None,
    room_service: Mapping[int, int] | None = None,
    season: int = 1,
    round: int = 1,
    final_round: bool = False,
    phase: str = "night",
    turn: int = 0,
    first_player: int = 0,
    seed: int = 0,
) -> Game:
    """A game at the position described, advanced to its next decision.

    - `hands`, `annexes` (in build order), `corpses` (unburied): per seat, lists of card names.
    - `buried`: corpses under an annex, by the annex's card id (``"distiller.2"``) or ``"barn.<seat>"``.
    - `rooms`: room number (1-8) -> the traveler in it. `keys`: room -> seat, ``"white"`` or None (closed),
      over the default layout (seat i keys room i+1, then the white keys, R-SETUP-5). `room_service`:
      room -> the seat whose Room Service token is on it.
    - `entrance`: the top of the entrance stack, top card first; `rest` says where the unnamed travelers
      that are not culled go: ``"entrance"`` (shuffled under the named ones), ``"exit"`` or ``"gravedigger"``.
    - `cash`, `checks`: per seat, a list or {seat: amount}; unnamed seats have the starting 5F and 1 check.
    - `season` 2 means the exit stack has been reshuffled into the entrance (R-WELCOME-5); `final_round`
      that this round is the last (R-END-1).
    - `phase`: ``"night"`` (the default; `turn` = night actions already taken this round, so the seat to act
      is `first_player + turn`; `turn = 2 * players` ends the night) or ``"welcome"`` (the round starts: the
      top of the entrance stack arrives).
    - `seed` deals the unnamed cards and seeds the game's generator for later draws.
    """
    config = GameConfig(players=players, length=length, variants=frozenset(variants), seed=seed)
    n = players
    rng = random.Random(seed)
    _check_progress(n, season, round, final_round, phase, turn, first_player, rest)
    named = _Named(n)
    for label, zone in (("hands", hands), ("annexes", annexes), ("corpses", corpses)):
        for seat, names in _seats(label, _mapping(label, zone), n).items():
            named.add((label, seat), f"{label}[{seat}]", names)
    for ref, names in _mapping("buried", buried).items():
        named.add(("buried", _slot(ref, n)), f"buried[{ref!r}]", names)
    for room, name in _mapping("rooms", rooms).items():
        _room_number("rooms", room)
        named.add(("room", room), f"room {room}", [name])
    for label, names in (("bistro", bistro), ("exit", exit), ("entrance", entrance), ("gravedigger", gravedigger)):
        named.add((label, 0), label, names)
    zones = named.resolve()

    state = State(players=n, generator=rng)
    state.hands = [zones.get(("hands", s), []) for s in range(n)]
    state.annexes = [zones.get(("annexes", s), []) for s in range(n)]
    state.corpses = [zones.get(("corpses", s), []) for s in range(n)]
    state.buried = {key[1]: cards for key, cards in zones.items() if key[0] == "buried" and cards}
    built = {c for owned in state.annexes for c in owned}
    for slot in state.buried:
        if not is_barn(slot) and slot not in built:
            raise PositionError(f"buried: {CARD_IDS[slot]} is not a built annex; name it in annexes too (R-BURY-3)")
    for key, cards in zones.items():
        if key[0] == "room":
            state.rooms[key[1] - 1] = cards[0]
    state.bistro = zones.get(("bistro", 0), [])
    state.exit = zones.get(("exit", 0), [])
    state.gravedigger = zones.get(("gravedigger", 0), [])
    top = list(reversed(zones.get(("entrance", 0), [])))  # the engine keeps the top card last
    _deal_the_rest(state, config, named.used, top, rest, rng)
    _place_keys(state, config, _mapping("keys", keys), _mapping("room_service", room_service))
    state.cash = _per_seat("cash", cash, n, START_CASH)
    state.checks = _per_seat("checks", checks, n, START_CHECKS)
    state.end_bonus = [[] for _ in range(n)]
    state.stage, state.turn, state.first_player = PHASES[phase], turn, first_player
    state.reshuffled, state.final_round, state.round = season == 2, final_round, round
    problems = violations(state, config)
    if problems:
        raise PositionError(f"impossible position: {'; '.join(problems)}")
    return Game(config, start=state)


class _Named:
    """The cards a position names, turned into physical cards: card ids first, then occupations take the
    lowest free copies, so ``["mechanic", "mechanic.1"]`` gives mechanic.2 and mechanic.1."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.entries: list[tuple[Zone, str, str]] = []  # (zone, place, name)
        self.used: set[int] = set()

    def add(self, zone: Zone, place: str, names: Iterable[str]) -> None:
        if isinstance(names, str) or not isinstance(names, Iterable):
            raise PositionError(f"{place} must be a list of card names, not {names!r}")
        self.entries.extend((zone, place, name) for name in names)

    def resolve(self) -> dict[Zone, list[int]]:
        chosen: list[int | None] = []
        where: dict[int, str] = {}
        for _, place, name in self.entries:  # exact copies first
            number = CARD_BY_ID.get(name) if isinstance(name, str) else None
            if number is not None:
                if number in where:
                    raise PositionError(f"{name} is named twice: in {where[number]} and in {place}")
                where[number] = place
            chosen.append(number)
        for i, (_, place, name) in enumerate(self.entries):
            if chosen[i] is None:
                try:
                    occupation = card(name)
                except UnknownCardError as error:
                    raise PositionError(f"{place}: {error}") from None
                free = [c for c in _copies(occupation.index) if c not in where]
                if not free:
                    raise PositionError(
                        f"{place}: one {occupation.id} too many: the game has {occupation.copies} "
                        f"(R-CARD-3), named in {', '.join(sorted(set(where[c] for c in _copies(occupation.index))))}")
                chosen[i] = free[0]
                where[free[0]] = place
        zones: dict[Zone, list[int]] = {}
        for (zone, place, _), number in zip(self.entries, chosen):
            assert number is not None
            _check_zone_type(zone, place, number)
            zones.setdefault(zone, []).append(number)
        self.used = set(where)
        return zones


def _copies(occupation: int) -> list[int]:
    return [c for c in range(NUM_CARDS) if CARD_OCC[c] == occupation]


def _check_zone_type(zone: Zone, place: str, number: int) -> None:
    """R-ZONE-2, with the card and the place in the message."""
    peasant = CARD_OCC[number] == PEASANT_OCC
    if peasant and zone[0] in _NO_PEASANTS:
        raise PositionError(f"{CARD_IDS[number]} cannot be in {place}: peasants only go to hands, the bistro, "
                            "corpses and burials (R-ZONE-2)")
    if not peasant and zone[0] == "bistro":
        raise PositionError(f"{CARD_IDS[number]} cannot be in the bistro: it holds only peasants (R-ZONE-2)")
    if zone[0] == "annexes" and not OCCUPATIONS[CARD_OCC[number]].buildable:
        kind = "police" if CARD_TYPE[number] is GuestType.POLICE else "peasants"
        raise PositionError(f"{CARD_IDS[number]} cannot be an annex in {place}: {kind} are never built "
                            "(R-BUILD-1)")


def _deal_the_rest(state: State, config: GameConfig, used: set[int], top: list[int], rest: str,
                   rng: random.Random) -> None:
    """The unnamed cards, where the game would have put them (R-SETUP-3, R-SETUP-4)."""
    travelers = [c for c in TRAVELERS if c not in used]
    in_play = len(TRAVELERS) - config.cull
    if len(travelers) < config.cull:
        raise PositionError(f"{len(TRAVELERS) - len(travelers)} travelers are named, but a {config.players}-player "
                            f"{config.length} game removes {config.cull} of the {len(TRAVELERS)} unseen, so at most "
                            f"{in_play} can be in play (R-SETUP-3)")
    rng.shuffle(travelers)
    state.culled = sorted(travelers[:config.cull])
    others = travelers[config.cull:]
    peasants = [c for c in PEASANTS if c not in used]
    unused = 4 if config.solo else 8 - 2 * config.players
    if len(peasants) < unused:
        raise PositionError(f"{len(PEASANTS) - len(peasants)} peasants are named, but a {config.players}-player game "
                            f"keeps {unused} of the {len(PEASANTS)} in the box, so at most "
                            f"{len(PEASANTS) - unused} can be in play (R-SETUP-4)")
    state.unused_peasants = peasants[:unused]
    state.gravedigger += peasants[unused:]
    state.entrance = top
    if rest == "entrance":
        state.entrance = others + top
    elif rest == "exit":
        state.exit += others
    else:
        state.gravedigger += others


def _place_keys(state: State, config: GameConfig, keys: Mapping[int, Key], service: Mapping[int, int]) -> None:
    for seat, room in enumerate(config.key_rooms()):  # R-SETUP-5's default layout
        state.keys[room - 1] = seat
    for room in config.white_key_rooms():
        state.keys[room - 1] = WHITE
    for room, owner in keys.items():
        _room_number("keys", room)
        if owner is None:
            state.keys[room - 1] = CLOSED
        elif owner == "white":
            state.keys[room - 1] = WHITE
        else:
            state.keys[room - 1] = _seat("keys", owner, state.players)
    for room, owner in service.items():
        _room_number("room_service", room)
        state.room_service[room - 1] = _seat("room_service", owner, state.players)


def _check_progress(players: int, season: int, round: int, final_round: bool, phase: str, turn: int,
                    first_player: int, rest: str) -> None:
    if type(season) is not int or season not in (1, 2):
        raise PositionError(f"season must be 1 or 2, not {season!r} (R-WELCOME-5)")
    if type(round) is not int or round < 1:
        raise PositionError(f"round must be 1 or more, not {round!r}")
    if type(final_round) is not bool:
        raise PositionError(f"final_round must be true or false, not {final_round!r} (R-END-1)")
    if not isinstance(phase, str) or phase not in PHASES:
        raise PositionError(f"phase must be {' or '.join(PHASES)}, not {phase!r}")
    if phase == "welcome" and turn != 0:
        raise PositionError("turn counts night actions; the welcome phase has none")
    if type(turn) is not int or not 0 <= turn <= 2 * players:
        raise PositionError(f"turn must be 0-{2 * players}: each player takes two night actions (R-NIGHT-1)")
    _seat("first_player", first_player, players)
    if not isinstance(rest, str) or rest not in RESTS:
        raise PositionError(f"rest must be one of {', '.join(RESTS)}, not {rest!r}")


def _mapping(label: str, value: Mapping[K, V] | None) -> Mapping[K, V]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise PositionError(f"{label} must be a mapping (a dict), not {value!r}")
    return value


def _seats(label: str, zone: Mapping[int, Iterable[str]], players: int) -> Mapping[int, Iterable[str]]:
    for seat in zone:
        _seat(label, seat, players)
    return zone


def _seat(label: str, seat: object, players: int) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise PositionError(f"{label}: there is no seat {seat!r} in a {players}-player game (seats 0-{players - 1})")
    return seat


def _room_number(label: str, room: object) -> None:
    if not isinstance(room, int) or isinstance(room, bool) or not 1 <= room <= NUM_ROOMS:
        raise PositionError(f"{label}: rooms are numbered 1-{NUM_ROOMS}, not {room!r}")


def _slot(ref: str, players: int) -> int:
    """An annex slot from its text id: a card id or ``barn.<seat>``."""
    if isinstance(ref, str) and ref.startswith("barn."):
        seat = ref[5:]
        return barn_of(_seat("buried", int(seat) if seat.isascii() and seat.isdigit() else seat, players))
    if not isinstance(ref, str) or ref not in CARD_BY_ID:
        raise PositionError(f"buried: {ref!r} is not an annex; name it by card id (e.g. 'distiller.2') or 'barn.0'")
    return CARD_BY_ID[ref]


def _per_seat(label: str, values: PerSeat | None, players: int, default: int) -> list[int]:
    if values is None:
        return [default] * players
    if isinstance(values, Mapping):
        result = [default] * players
        for seat, amount in values.items():
            result[_seat(label, seat, players)] = amount
        return result
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise PositionError(f"{label}: a list or {{seat: amount}}, not {values!r}")
    if len(values) != players:
        raise PositionError(f"{label}: {len(values)} values for {players} players")
    return list(values)
