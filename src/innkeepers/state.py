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

NO_CARD = -1
NOBODY = -1
UNDECIDED = -1  # a refill choice not made yet


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


REVEALED = (Stage.PLACE, Stage.HOST, Stage.SECOND, Stage.PICK)


class Trick(NamedTuple):
    """A trick in the public log (I-G-29): the customer, each seat's revealed card, winner and second place."""

    customer: int
    cards: tuple[int, ...]
    winner: int
    second: int


@dataclass(slots=True)
class State:
    players: int
    rng: random.Random
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

    def copy(self) -> State:
        """An independent copy (the RNG included), cheap enough for tree search."""
        rng = random.Random.__new__(random.Random)  # not Random(): seeding from the OS is slow
        rng.setstate(self.rng.getstate())
        return State(
            players=self.players, rng=rng, draw=self.draw[:], discard=self.discard[:],
            hands=[h[:] for h in self.hands], played=self.played[:],
            deck=self.deck[:], customer=self.customer, drawn=self.drawn[:], known=[k[:] for k in self.known],
            kept=[k[:] for k in self.kept], boards=[b[:] for b in self.boards], bonus=self.bonus[:],
            unused_bonus=self.unused_bonus[:], stage=self.stage, trick=self.trick, winner=self.winner,
            second=self.second, host=self.host, referrer=self.referrer, refills=self.refills[:],
            log=self.log[:], end_reason=self.end_reason,
        )

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
    state = State(players=n, rng=rng)
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
