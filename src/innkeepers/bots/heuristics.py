"""Hand-written values of innkeepers positions seen from one seat, for the greedy bot and the search bot's
playouts.

Everything here reads only what that seat may know on a game built by `Game.from_view`: its own hand and
bonus card, the boards, the face-up customer, the pile sizes and the cards it has seen. It never reads
another seat's hand, committed card or refill choice, so a playout policy built on it cannot react to a card
committed by someone else in the same (simultaneous) trick (I-G-14). Other seats' bonus cards are left out
of their values for the same reason (I-G-30).

The values, in points:
- a position: the seat's score now plus what its board can still earn (`future`): about 2.5 points per
  customer it may still win, capped by how many rooms can still be filled in rising order and scaled by the
  share of card numbers that still fit somewhere (a 15 in room 1 costs far more than its 2 points);
- a card to play: the chance of winning the trick with it (against cards drawn from those the seat cannot
  see), times what the customer is worth to the seat plus what it would be worth to a rival, minus what the
  card is still worth in hand.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from functools import lru_cache

from ..actions import Action, Choose, Pass, Pick, Play, Refill, Relocate, Upgrade
from ..cards import (
    CARD_BY_ID,
    CARD_NUMBER,
    CUSTOMER_BY_ID,
    NUM_CARDS,
    NUM_CUSTOMERS,
    NUMBERS,
)
from ..config import GameConfig
from ..game import Game
from ..rules import scoring
from ..rules.placement import legal_rooms
from ..rules.trick import strength, suit_ranks
from ..state import NO_CARD, Stage, State, Stay

CUSTOMER_WORTH = 2.5  # a customer placed is worth 2 (cube) or 3 (meeple)
KEEP_WEIGHT = 1.0  # how much a card still in hand counts against playing it
REFER_WORTH = 1.0  # a referral: +1 to the referrer
PENALTY = -1.0  # a customer kept (I-R-30)
UPGRADE_WORTH = 1.0  # an upgrade turns +1 into +2 (I-R-22)
CHOOSE_WORTH = 0.6  # what choosing the next customer is worth when not computed (playouts)
Board = list[Stay | None]


# ---------------------------------------------------------------------------------------------- boards


def capacity_and_fit(board: Board, fixed_rooms: bool) -> tuple[int, float]:
    """How many more customers the board can take at most, and the share of card numbers that still fit in
    some room (I-R-25, I-G-15)."""
    if fixed_rooms:
        empty = sum(1 for stay in board if stay is None)
        return empty, empty / NUMBERS
    capacity, fitting = 0, 0
    low, run = 0, 0  # the number below the current run of empty rooms, and the run's length
    for stay in [*board, _CEILING]:
        if stay is None:
            run += 1
            continue
        high = CARD_NUMBER[stay.card] if stay is not _CEILING else NUMBERS + 1
        if run:
            capacity += min(run, high - low - 1)
            fitting += max(0, high - low - 1)
        low, run = high, 0
    return capacity, fitting / NUMBERS


_CEILING = Stay(-1, -1)  # a sentinel above room 15


def customers_left(state: State) -> int:
    return len(state.deck) + (state.customer != NO_CARD) + len(state.drawn)


def future(board: Board, fixed_rooms: bool, wins_ahead: float) -> float:
    """What a board can still earn: the customers the seat may win, capped by the rooms it can still fill."""
    capacity, fit = capacity_and_fit(board, fixed_rooms)
    return CUSTOMER_WORTH * min(capacity, wins_ahead * fit)


def position_value(state: State, config: GameConfig, seat: int, own: bool = True) -> float:
    """The seat's score (its bonus card only when `own`: nobody sees another's) plus its board's future."""
    wins_ahead = customers_left(state) / state.players
    score = scoring.total(state, config, seat, with_bonus=own)
    return score + future(state.boards[seat], config.fixed_rooms, wins_ahead)


def relative_value(state: State, config: GameConfig, seat: int) -> float:
    """The seat's value minus the best rival's: what winning depends on."""
    mine = position_value(state, config, seat)
    return mine - max(position_value(state, config, other, own=False)
                      for other in range(state.players) if other != seat)


# ---------------------------------------------------------------------------------------------- cards


@lru_cache(maxsize=512)
def _ranks(customer: int, suit_order: str) -> tuple[int, ...]:
    """Each playing card's rank for this customer, 0 the weakest (I-R-16..18, I-G-10)."""
    ranks = suit_ranks(suit_order)
    order = sorted(range(NUM_CARDS), key=lambda card: strength(card, customer, ranks))
    rank = [0] * NUM_CARDS
    for position, card in enumerate(order):
        rank[card] = position
    return tuple(rank)


@lru_cache(maxsize=8)
def _general_strength(suit_order: str) -> tuple[float, ...]:
    """Per card, the share of (customer, other card) pairs it beats: its worth in a trick yet unknown."""
    wins = [0] * NUM_CARDS
    for customer in range(NUM_CUSTOMERS):
        for card, rank in enumerate(_ranks(customer, suit_order)):
            wins[card] += rank
    return tuple(w / (NUM_CUSTOMERS * (NUM_CARDS - 1)) for w in wins)


def unseen_cards(state: State, seat: int) -> list[int]:
    """The playing cards this seat cannot locate: other hands, the draw pile, cards committed face down."""
    seen = set(state.hands[seat]) | set(state.discard)
    seen.update(stay.card for board in state.boards for stay in board if stay is not None)
    if state.played[seat] != NO_CARD:
        seen.add(state.played[seat])
    if state.stage != Stage.PLAY:  # the trick's cards are face up (or already gone)
        seen.update(card for card in state.played if card != NO_CARD)
    return [card for card in range(NUM_CARDS) if card not in seen]


class SeatScorer:
    """The values of one seat's decisions on a game built from its view (see the module docstring)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game, self.state, self.config, self.seat = game, game.state, game.config, seat
        self.wins_ahead = customers_left(self.state) / self.state.players
        self._unseen: list[int] | None = None
        self._strength = _general_strength(self.config.suit_order)

    @property
    def unseen(self) -> list[int]:
        if self._unseen is None:
            self._unseen = unseen_cards(self.state, self.seat)
        return self._unseen

    # ------------------------------------------------------------------------------------ playing a card

    def win_chance(self, card: int, customer: int, sorted_unseen_ranks: list[int]) -> float:
        """The chance that `card` beats every rival's card, each drawn from the cards this seat cannot see."""
        if not sorted_unseen_ranks:
            return 1.0
        rank = _ranks(customer, self.config.suit_order)[card]
        beaten = bisect_left(sorted_unseen_ranks, rank) / len(sorted_unseen_ranks)
        return beaten ** (self.state.players - 1)

    def placement_gain(self, card: int, customer: int) -> float:
        """What winning `customer` with `card` brings the seat over losing it: the best room's points (bonus
        included) and the change in its board's future; a referral or the -1 when no room fits."""
        board = self.state.boards[self.seat]
        rooms = legal_rooms(board, card, self.config.fixed_rooms)
        if not rooms:
            others = [s for s in range(self.state.players) if s != self.seat
                      and legal_rooms(self.state.boards[s], card, self.config.fixed_rooms)]
            return REFER_WORTH if others else PENALTY
        ahead = self.wins_ahead - 1 / self.state.players  # this customer is gone either way
        before = self.board_value(board, ahead)
        best = -math.inf
        for room in rooms:
            trial = board[:]
            trial[room - 1] = Stay(customer, card)
            best = max(best, self.board_value(trial, ahead) - before)
        return best

    def board_value(self, board: Board, wins_ahead: float | None = None) -> float:
        """The seat's score (bonus included) and future were its board `board`."""
        saved = self.state.boards[self.seat]
        self.state.boards[self.seat] = board
        try:
            score = scoring.total(self.state, self.config, self.seat)
        finally:
            self.state.boards[self.seat] = saved
        ahead = self.wins_ahead if wins_ahead is None else wins_ahead
        return score + future(board, self.config.fixed_rooms, ahead)

    def keep_worth(self, card: int) -> float:
        """What a card is still worth in hand: its strength in tricks to come, less if no room takes it."""
        fits = bool(legal_rooms(self.state.boards[self.seat], card, self.config.fixed_rooms))
        return self._strength[card] * (1.0 if fits else 0.3)

    def play_values(self, legal: list[Play]) -> list[float]:
        customer = self.state.customer
        ranks = _ranks(customer, self.config.suit_order)
        unseen_ranks = sorted(ranks[c] for c in self.unseen)
        values = []
        for action in legal:
            card = CARD_BY_ID[action.card]
            chance = self.win_chance(card, customer, unseen_ranks)
            values.append(chance * (self.placement_gain(card, customer) + CUSTOMER_WORTH)
                          - KEEP_WEIGHT * self.keep_worth(card))
        return values

    # ------------------------------------------------------------------------------------ customers

    def appeal(self, customer: int) -> float:
        """What a customer coming up next is worth to the seat, with the cards it holds now."""
        ranks = _ranks(customer, self.config.suit_order)
        unseen_ranks = sorted(ranks[c] for c in self.unseen)
        best = 0.0
        for card in self.state.hands[self.seat]:
            chance = self.win_chance(card, customer, unseen_ranks)
            best = max(best, chance * (self.placement_gain(card, customer) + CUSTOMER_WORTH))
        return best

    def choose_worth(self) -> float:
        """Choosing the next customer: the best of three unseen customers instead of any one (I-R-21)."""
        pool = sorted(self.appeal(c) for c in self._unseen_customers())
        m = len(pool)
        if m < 3:
            return (max(pool) - sum(pool) / m) if pool else 0.0
        expected_best = sum(value * math.comb(i, 2) for i, value in enumerate(pool)) / math.comb(m, 3)
        return expected_best - sum(pool) / m

    def _unseen_customers(self) -> list[int]:
        placed = {stay.customer for board in self.state.boards for stay in board if stay is not None}
        placed.update(c for kept in self.state.kept for c in kept)
        placed.add(self.state.customer)
        return [c for c in range(NUM_CUSTOMERS) if c not in placed]

    # ------------------------------------------------------------------------------------ every decision

    def values(self, legal: list[Action], fast: bool = False) -> list[float]:
        """A value per legal action, higher is better. `fast` (playouts) prices Choose at a constant instead
        of weighing every unseen customer."""
        if isinstance(legal[0], Play):
            return self.play_values(legal)  # type: ignore[arg-type]
        if isinstance(legal[0], Refill):
            return self.refill_values(legal)  # type: ignore[arg-type]
        if isinstance(legal[0], Pick):
            return [self.appeal(CUSTOMER_BY_ID[a.customer]) for a in legal]  # type: ignore[union-attr]
        values = []
        for action in legal:
            if isinstance(action, Pass):
                values.append(0.0)
            elif isinstance(action, Choose):
                values.append(CHOOSE_WORTH if fast else self.choose_worth())
            elif isinstance(action, Upgrade):
                values.append(UPGRADE_WORTH)
            elif isinstance(action, Relocate):
                values.append(self.relocate_gain(action))
            else:
                values.append(self.after(action))
        return values

    def after(self, action: Action) -> float:
        """The seat's relative value once the winner's (or host's) decision is applied to a copy."""
        trial = self.game.copy()
        trial.apply(action, seat=self.seat)
        return relative_value(trial.state, trial.config, self.seat)

    def relocate_gain(self, action: Relocate) -> float:
        board = self.state.boards[self.seat]
        trial = board[:]
        first, second = trial[action.source - 1], trial[action.dest - 1]
        assert first is not None
        if self.config.fixed_rooms:
            assert second is not None
            trial[action.dest - 1] = first._replace(card=second.card)
            trial[action.source - 1] = second._replace(card=first.card)
        else:
            trial[action.dest - 1], trial[action.source - 1] = first, None
        return self.board_value(trial) - self.board_value(board)

    def refill_values(self, legal: list[Refill]) -> list[float]:
        """Keep the hand and draw 4, or throw it away and draw 7 (I-R-32): the hand against unseen cards."""
        unseen = self.unseen
        average = sum(self.keep_worth(c) for c in unseen) / len(unseen) if unseen else 0.0
        hand = self.state.hands[self.seat]
        keep = sum(self.keep_worth(c) for c in hand) - average * len(hand)
        return [0.0 if action.new else keep for action in legal]
