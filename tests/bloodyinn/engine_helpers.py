"""Helpers (imported by the engine tests) to build exact game situations for rule tests.

`make_state` lays out a position card by card: every card named by the test goes where the test says, the
remaining cards fill the box and the entrance stack so that all 78 cards stay in exactly one zone (R-INV-1)
and the box counts match the configuration (R-INV-2). `make_game` starts a `Game` from such a position.
Cards are named by id (``"mechanic.2"``) or by occupation (``"mechanic"``: the next unused copy).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence

import pytest

from bloodyinn import Event, Game, GameConfig, IllegalActionError, PayGravedigger
from bloodyinn.cards import CARD_BY_ID, CARD_IDS, CARD_OCC, OCCUPATIONS, PEASANTS, TRAVELERS, barn_of
from bloodyinn.invariants import violations
from bloodyinn.state import CLOSED, NO_CARD, WHITE, Stage, State

Cards = Sequence[str]


class _Deck:
    """Hands out physical cards by id or occupation, each at most once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        if name in CARD_BY_ID:
            card = CARD_BY_ID[name]
            assert card not in self.used, f"{name} is used twice in the scenario"
        else:
            card = next(c for c in range(len(CARD_IDS)) if CARD_IDS[c].rsplit(".", 1)[0] == name
                        and c not in self.used)
        self.used.add(card)
        return card

    def take_all(self, names: Iterable[str]) -> list[int]:
        return [self.take(n) for n in names]


def make_state(
    players: int = 2,
    length: str = "short",
    *,
    hands: Mapping[int, Cards] | None = None,
    annexes: Mapping[int, Cards] | None = None,
    corpses: Mapping[int, Cards] | None = None,
    buried: Mapping[str, Cards] | None = None,
    rooms: Mapping[int, str] | None = None,
    bistro: Cards = (),
    exit: Cards = (),
    entrance: Cards | None = None,
    cash: Sequence[int] | None = None,
    checks: Sequence[int] | None = None,
    keys: Mapping[int, int | None] | None = None,
    room_service: Mapping[int, int] | None = None,
    stage: str = Stage.NIGHT,
    turn: int = 0,
    first_player: int = 0,
    reshuffled: bool = False,
    final_round: bool = False,
    round: int = 1,
    rest: str = "entrance",
    seed: int = 0,
) -> State:
    """A position. `entrance` lists the stack top first; unnamed travelers beyond the cull go to `rest`
    ("entrance" below the named ones, or "exit", or "gravedigger"); unnamed peasants beyond the unused ones
    go to the gravedigger box. `keys` overrides room keys: seat, WHITE, or None for closed."""
    config = GameConfig(players=players, length=length)
    deck = _Deck()
    n = players
    state = State(players=n, generator=random.Random(seed))
    hands = hands or {}
    state.hands = [deck.take_all(hands.get(s, ())) for s in range(n)]
    state.annexes = [deck.take_all((annexes or {}).get(s, ())) for s in range(n)]
    state.corpses = [deck.take_all((corpses or {}).get(s, ())) for s in range(n)]
    for ref, names in (buried or {}).items():
        slot = barn_of(int(ref[5:])) if ref.startswith("barn.") else CARD_BY_ID[ref]
        state.buried[slot] = deck.take_all(names)
    for room, name in (rooms or {}).items():
        state.rooms[room - 1] = deck.take(name)
    state.bistro = deck.take_all(bistro)
    state.exit = deck.take_all(exit)
    named_entrance = deck.take_all(entrance or ())
    free_travelers = [c for c in TRAVELERS if c not in deck.used]
    free_peasants = [c for c in PEASANTS if c not in deck.used]
    assert len(free_travelers) >= config.cull, "too many travelers named for this configuration's cull"
    state.culled = free_travelers[: config.cull]
    others = free_travelers[config.cull:]
    unused = 4 if n == 1 else 8 - 2 * n
    assert len(free_peasants) >= unused, "too many peasants named for this player count"
    state.unused_peasants = free_peasants[:unused]
    state.gravedigger = free_peasants[unused:]
    state.entrance = list(reversed(named_entrance))  # the engine keeps the top card last
    if rest == "entrance" and entrance is None:
        state.entrance = others + state.entrance
    elif rest == "exit":
        state.exit += others
    else:
        state.gravedigger += others
    for seat, room in enumerate(config.key_rooms()):
        state.keys[room - 1] = seat
    for room in config.white_key_rooms():
        state.keys[room - 1] = WHITE
    for room, owner in (keys or {}).items():
        state.keys[room - 1] = CLOSED if owner is None else owner
    for room, owner in (room_service or {}).items():
        state.room_service[room - 1] = owner
    state.cash = list(cash) if cash is not None else [5] * n
    state.checks = list(checks) if checks is not None else [1] * n
    state.end_bonus = [[] for _ in range(n)]
    state.stage, state.turn, state.first_player = stage, turn, first_player
    state.reshuffled, state.final_round, state.round = reshuffled, final_round, round
    return state


def make_game(state: State, variants: Iterable[str] = (), length: str | None = None, seed: int = 0,
              check: bool = True) -> Game:
    """A game that starts from `state` (advanced to its next decision)."""
    config = GameConfig(players=state.players, length=length or _length_of(state), variants=frozenset(variants),
                        seed=seed)
    if check:
        assert violations(state, config) == []
    return Game(config, start=state)


def _length_of(state: State) -> str:
    from bloodyinn.config import CULL

    return next(length for length, cull in CULL[state.players].items() if cull == len(state.culled))


def night(players: int = 2, variants: Iterable[str] = (), **kwargs: object) -> Game:
    """A game at a night decision of seat `first_player + turn` (default: seat 0's first action)."""
    return make_game(make_state(players, **kwargs), variants)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------ reading a state

def ids(cards: Iterable[int]) -> list[str]:
    return sorted(CARD_IDS[c] for c in cards)


def occs(cards: Iterable[int]) -> list[str]:
    """Occupation ids of some cards, sorted: what a player sees when copies do not matter."""
    return sorted(OCCUPATIONS[CARD_OCC[c]].id for c in cards)


def hand(game: Game, seat: int) -> list[str]:
    return occs(game.state.hands[seat])


def occ_annexes(game: Game, seat: int) -> list[str]:
    return occs(game.state.annexes[seat])


def room_card(game: Game, room: int) -> str | None:
    card = game.state.rooms[room - 1]
    return None if card == NO_CARD else CARD_IDS[card]


def under(game: Game, ref: str) -> list[str]:
    slot = barn_of(int(ref[5:])) if ref.startswith("barn.") else CARD_BY_ID[ref]
    return ids(game.state.buried.get(slot, []))


def gravedigger_checks(game: Game) -> list[int]:
    """The numbers of checks the current player may give the gravedigger."""
    return [a.checks for a in game.legal_actions() if isinstance(a, PayGravedigger)]


def legal_texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def assert_illegal(game: Game, action: object, rule: str) -> None:
    """`action` is refused with a message naming `rule`, and the game is left exactly as it was (R-ACT-1)."""
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=re.escape(rule)):
        game.apply(action)  # type: ignore[arg-type]
    assert game.to_json() == before


def finish_night(game: Game) -> list[Event]:
    """Every remaining night action is a plain pass; returns the events of the last one (end of round)."""
    events: list[Event] = []
    while game.decision == "night":
        events = list(game.apply("pass"))
    return events
