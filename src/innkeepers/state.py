"""The game state: where every playing card, customer and bonus card is, and the trick's progress.

Zones are plain lists of small integers (see `cards`), so copying a state for search is cheap. Stacks keep
their top card LAST.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from .cards import BONUS_IDS, NUM_CARDS, NUM_CUSTOMERS, ROOMS
from .config import HAND_SIZE, TRICKS_PER_HAND, GameConfig

# Final: the compiled rules take them as constants, not names looked up at each use.
NO_CARD: Final = -1
NOBODY: Final = -1
UNDECIDED: Final = -1  # a refill choice not made yet


class Stay(NamedTuple):
    """A customer on a board: the customer, the playing card under it, who referred it (NOBODY: won by the
    board's owner) and whether the referral was upgraded (I-R-22)."""

    customer: int
    card: int
    referrer: int = NOBODY
    upgraded: bool = False


class Stage:
    """Which decision the trick waits for; each value names a decision kind."""

    PLAY: Final = "play"  # every seat commits a card, simultaneously (I-G-14)
    PLACE: Final = "place"  # the winner places, refers or refuses (I-R-24, I-R-28)
    HOST: Final = "host"  # the referral's recipient chooses the room (I-G-18)
    SECOND: Final = "second"  # second place may take one action (I-R-20)
    PICK: Final = "pick"  # after Choose: the chooser picks the next customer (I-R-21)
    REFILL: Final = "refill"  # after every fourth trick, every seat chooses how to refill, simultaneously (I-G-25)
    OVER: Final = "over"


REVEALED: Final = (Stage.PLACE, Stage.HOST, Stage.SECOND, Stage.PICK)


class Trick(NamedTuple):
    """A trick in the public log (I-G-29): the customer, each seat's revealed card, winner and second place."""

    customer: int
    cards: tuple[int, ...]
    winner: int
    second: int


@dataclass
class State:
    players: int
    # The one generator of the game's randomness, read and set as `rng`: shared by a state and its copies until
    # one of them uses it, which first takes a private generator in the same state (see `rng`).
    generator: random.Random
    # Playing cards (I-R-6)
    draw: list[int] = field(default_factory=list)  # face down, top last
    discard: list[int] = field(default_factory=list)  # face up (I-G-29)
    hands: list[list[int]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)  # per seat: committed (hidden until revealed) card or NO_CARD
    # Customers (I-R-7, I-R-8)
    deck: list[int] = field(default_factory=list)  # face down, top last
    customer: int = NO_CARD  # the face-up customer (I-R-12)
    drawn: list[int] = field(default_factory=list)  # Choose: the cards the chooser picks from (I-G-23)
    known: list[list[int]] = field(default_factory=list)  # per seat: customers it put back under the deck
    kept: list[list[int]] = field(default_factory=list)  # per seat: customers kept as -1 (I-R-30)
    # Boards: per seat, 15 rooms holding a Stay or None (I-G-2)
    boards: list[list[Stay | None]] = field(default_factory=list)
    # Bonus cards (I-R-13, I-G-5)
    bonus: list[int] = field(default_factory=list)
    unused_bonus: list[int] = field(default_factory=list)
    # Progress
    stage: str = Stage.PLAY
    trick: int = 1
    winner: int = NOBODY
    second: int = NOBODY
    host: int = NOBODY  # the recipient of the referral being placed
    referrer: int = NOBODY
    refills: list[int] = field(default_factory=list)  # per seat: UNDECIDED, 0 keep, 1 new
    log: list[Trick] = field(default_factory=list)
    end_reason: str = ""

    generator_shared: bool = False  # `generator` is also another state's: take a private one before drawing

    @property
    def rng(self) -> random.Random:
        """The game's generator, private to this state. Copying a state costs nothing for the generator (search
        copies states by the thousand and rarely draws: only a reshuffle of the draw pile does, I-R-31), and a
        copy and its original still draw the same future cards from the same point."""
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
        clone.draw, clone.discard = self.draw[:], self.discard[:]
        clone.hands, clone.played = [h[:] for h in self.hands], self.played[:]
        clone.deck, clone.customer, clone.drawn = self.deck[:], self.customer, self.drawn[:]
        clone.known, clone.kept = [k[:] for k in self.known], [k[:] for k in self.kept]
        clone.boards, clone.bonus = [b[:] for b in self.boards], self.bonus[:]
        clone.unused_bonus, clone.stage, clone.trick = self.unused_bonus[:], self.stage, self.trick
        clone.winner, clone.second, clone.host = self.winner, self.second, self.host
        clone.referrer, clone.refills = self.referrer, self.refills[:]
        clone.log, clone.end_reason = self.log[:], self.end_reason
        clone.generator_shared = self.generator_shared = True
        return clone

    def pending(self) -> list[int]:
        """The seats that owe a decision now, lowest first."""
        stage = self.stage
        if stage == Stage.PLAY:
            return [s for s in range(self.players) if self.played[s] == NO_CARD]
        if stage == Stage.REFILL:
            return [s for s in range(self.players) if self.refills[s] == UNDECIDED]
        return [] if stage == Stage.OVER else [self.decider()]

    def decider(self) -> int:
        """The one seat that decides in a stage where only one does (place, host, second, pick)."""
        stage = self.stage
        if stage == Stage.PLACE:
            return self.winner
        return self.host if stage == Stage.HOST else self.second

    @property
    def revealed(self) -> bool:
        """The trick's cards are face up: between the reveal and the end of the trick."""
        return self.stage in REVEALED

    @property
    def hand_number(self) -> int:
        """Which hand of four tricks is being played, from 1 (I-R-32)."""
        return (self.trick - 1) // TRICKS_PER_HAND + 1


def new_state(config: GameConfig) -> State:
    """Set up a game (I-R-11..14). All randomness comes from the one RNG seeded by the config."""
    n = config.players
    rng = random.Random(config.seed)
    cards = list(range(NUM_CARDS))
    rng.shuffle(cards)
    state = State(players=n, generator=rng)
    state.hands = [cards[-HAND_SIZE * (s + 1):len(cards) - HAND_SIZE * s] for s in range(n)]
    state.draw = cards[: NUM_CARDS - HAND_SIZE * n]
    customers = list(range(NUM_CUSTOMERS))
    rng.shuffle(customers)
    state.customer = customers.pop()
    state.deck = customers
    bonus = list(range(len(BONUS_IDS)))
    rng.shuffle(bonus)
    state.bonus, state.unused_bonus = bonus[:n], sorted(bonus[n:])
    state.played = [NO_CARD] * n
    state.known = [[] for _ in range(n)]
    state.kept = [[] for _ in range(n)]
    state.boards = [[None] * ROOMS for _ in range(n)]
    state.refills = [UNDECIDED] * n
    return state
