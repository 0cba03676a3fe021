"""The game state: where every card, key, token and franc is (spec §4), plus the round's progress.

Zones are plain lists of card numbers (see `cards`), so that copying a state for search is cheap.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from .cards import CARD_RANK, PEASANTS, TRAVELERS, barn_of
from .config import NUM_ROOMS, START_CASH, START_CHECKS, GameConfig

# Final: the compiled rules take them as constants, not names looked up at each use.
WHITE: Final = -1  # owner of a white (neutral) key
CLOSED: Final = -2  # a room with no key
NO_CARD: Final = -1  # an empty room / no arrival
NOBODY: Final = -1  # no Room Service token


class Stage:
    """Where the round stands; each value names the decision (or automatic step) that comes next."""

    WELCOME: Final = "welcome"
    NIGHT: Final = "night"
    POLICE: Final = "police"  # end of round, step a
    WAGES: Final = "wages"  # end of round, step c
    FINAL_GRAVEDIGGER: Final = "final_gravedigger"  # end of game, R-END-3
    OVER: Final = "over"


@dataclass
class State:
    players: int
    # The one generator of the game's randomness (R-SETUP-7), read and set as `rng`: shared by a state and its
    # copies until one of them uses it, which first takes a private generator in the same state (see `rng`).
    generator: random.Random
    # Zones (R-ZONE-1)
    culled: list[int] = field(default_factory=list)
    unused_peasants: list[int] = field(default_factory=list)
    gravedigger: list[int] = field(default_factory=list)
    entrance: list[int] = field(default_factory=list)  # the top card is the LAST element
    arrival: int = NO_CARD
    rooms: list[int] = field(default_factory=lambda: [NO_CARD] * NUM_ROOMS)  # index 0 = room 1
    bistro: list[int] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)
    annexes: list[list[int]] = field(default_factory=list)  # build order
    buried: dict[int, list[int]] = field(default_factory=dict)  # annex (card or barn) -> corpses
    corpses: list[list[int]] = field(default_factory=list)
    exit: list[int] = field(default_factory=list)
    # Board tokens
    keys: list[int] = field(default_factory=lambda: [CLOSED] * NUM_ROOMS)
    room_service: list[int] = field(default_factory=lambda: [NOBODY] * NUM_ROOMS)
    # Money
    cash: list[int] = field(default_factory=list)
    checks: list[int] = field(default_factory=list)
    # Progress
    round: int = 1
    first_player: int = 0
    reshuffled: bool = False  # season 2 has begun (R-WELCOME-5)
    final_round: bool = False
    stage: str = Stage.WELCOME
    turn: int = 0  # night: actions taken this round; end-of-round steps: seats handled so far
    police_present: bool = False
    pending_release: int = 0  # wages: how many unpaid accomplices the current player must release
    lost: bool = False  # solitaire loss (R-SOLO-4)
    # Per seat, each end-game annex's (annex id, F gained, F lost to the 40F cap) (R-END-4, R-MONEY-2).
    end_bonus: list[list[tuple[str, int, int]]] = field(default_factory=list)
    generator_shared: bool = False  # `generator` is also another state's: take a private one before drawing

    @property
    def season(self) -> int:
        return 2 if self.reshuffled else 1

    @property
    def rng(self) -> random.Random:
        """The game's generator, private to this state. Copying a state costs nothing for the generator (search
        copies states by the thousand and rarely draws: only the season-2 reshuffle does), and a copy and its
        original still draw the same future cards from the same point."""
        if self.generator_shared:
            private = random.Random.__new__(random.Random)  # not Random(): that would seed from the OS
            private.setstate(self.generator.getstate())
            self.generator, self.generator_shared = private, False
        return self.generator

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self.generator, self.generator_shared = rng, False

    def copy(self) -> State:
        """An independent copy, cheap enough for tree search: every zone is copied, the random generator is
        shared until either side uses it (see `rng`). Built field by field, not through the constructor: its
        keyword arguments cost more than the copying itself."""
        clone = State.__new__(State)  # the fields in their order, so that the instance keeps a compact layout
        clone.players, clone.generator = self.players, self.generator
        clone.culled, clone.unused_peasants = self.culled[:], self.unused_peasants[:]
        clone.gravedigger, clone.entrance, clone.arrival = self.gravedigger[:], self.entrance[:], self.arrival
        clone.rooms, clone.bistro = self.rooms[:], self.bistro[:]
        clone.hands, clone.annexes = [h[:] for h in self.hands], [a[:] for a in self.annexes]
        clone.buried, clone.corpses = {a: c[:] for a, c in self.buried.items()}, [c[:] for c in self.corpses]
        clone.exit, clone.keys, clone.room_service = self.exit[:], self.keys[:], self.room_service[:]
        clone.cash, clone.checks = self.cash[:], self.checks[:]
        clone.round, clone.first_player, clone.reshuffled = self.round, self.first_player, self.reshuffled
        clone.final_round, clone.stage, clone.turn = self.final_round, self.stage, self.turn
        clone.police_present, clone.pending_release = self.police_present, self.pending_release
        clone.lost, clone.end_bonus = self.lost, [b[:] for b in self.end_bonus]
        clone.generator_shared = self.generator_shared = True
        return clone

    # ---- small queries used by several rules

    def open_rooms(self) -> list[int]:
        """Room numbers (1-8) that have a key."""
        return [i + 1 for i in range(NUM_ROOMS) if self.keys[i] != CLOSED]

    def empty_open_rooms(self) -> list[int]:
        keys = self.keys
        return [room for room, card in enumerate(self.rooms, 1) if card == NO_CARD and keys[room - 1] != CLOSED]

    def travelers_in_inn(self) -> int:
        return sum(1 for c in self.rooms if c != NO_CARD)

    def annex_slots(self) -> list[tuple[int, int]]:
        """Every annex that can hold corpses, with its owner: built annexes of rank ≥ 1 and the barns."""
        slots = [(barn_of(seat), seat) for seat in range(self.players)]
        for seat, owned in enumerate(self.annexes):
            slots.extend((card, seat) for card in owned if CARD_RANK[card] > 0)
        return slots


def new_state(config: GameConfig) -> State:
    """Set up a game (spec §5). All randomness comes from the one RNG seeded by the config (R-SETUP-7)."""
    n = config.players
    rng = random.Random(config.seed)
    state = State(players=n, generator=rng)
    travelers = list(TRAVELERS)
    rng.shuffle(travelers)
    state.culled = sorted(travelers[: config.cull])  # R-SETUP-3: removed unseen
    state.entrance = travelers[config.cull:]
    peasants = list(PEASANTS)
    state.hands = [peasants[2 * s: 2 * s + 2] for s in range(n)]  # R-SETUP-2
    rest = peasants[2 * n:]
    if config.solo:
        state.bistro, state.unused_peasants = rest[:2], rest[2:]  # R-SOLO-1
    else:
        state.unused_peasants = rest  # R-SETUP-4: the bistro starts empty
    state.annexes = [[] for _ in range(n)]
    state.corpses = [[] for _ in range(n)]
    state.end_bonus = [[] for _ in range(n)]
    state.cash = [START_CASH] * n
    state.checks = [START_CHECKS] * n
    for seat, room in enumerate(config.key_rooms()):  # R-SETUP-5
        state.keys[room - 1] = seat
    for room in config.white_key_rooms():
        state.keys[room - 1] = WHITE
    if config.first_player is not None:
        state.first_player = config.first_player
    else:
        state.first_player = rng.randrange(n)  # R-SETUP-6
    return state
