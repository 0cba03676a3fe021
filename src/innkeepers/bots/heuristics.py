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

from ..actions import Action, Choose, Pass, Pick, Place, Play, Refill, Relocate, Upgrade
from ..cards import (
    BONUS_POINTS,
    CARD_BY_ID,
    CARD_NUMBER,
    CUSTOMER_BY_ID,
    NUM_CARDS,
    NUM_CUSTOMERS,
    NUMBERS,
    ROOMS,
)
from ..config import GameConfig
from ..game import Game
from ..rules import scoring
from ..rules.placement import legal_rooms
from ..rules.scoring import POINTS, counts_for_bonus, stay_kind
from ..rules.trick import strength, suit_ranks
from ..state import NO_CARD, NOBODY, Stage, State, Stay

CUSTOMER_WORTH = 2.5  # a customer placed is worth 2 (cube) or 3 (meeple)
KEEP_WEIGHT = 1.0  # how much a card still in hand counts against playing it
REFER_WORTH = 1.0  # a referral: +1 to the referrer
PENALTY = -1.0  # a customer kept (I-R-30)
UPGRADE_WORTH = 1.0  # an upgrade turns +1 into +2 (I-R-22)
CHOOSE_WORTH = 0.6  # what choosing the next customer is worth when not computed (playouts)
Board = list[Stay | None]


# ---------------------------------------------------------------------------------------------- boards


class BoardShape:
    """The empty runs of a board between the numbers already on it, and how many more customers and which
    card numbers they can still take in rising order (I-R-25, I-G-15, I-G-16)."""

    __slots__ = ("capacity", "fitting", "fixed_rooms", "runs")

    def __init__(self, board: Board, fixed_rooms: bool) -> None:
        self.fixed_rooms = fixed_rooms
        self.runs: list[tuple[int, int, int, int]] = []  # (first room, length, number below, number above)
        if fixed_rooms:
            empty = sum(1 for stay in board if stay is None)
            self.capacity, self.fitting = empty, empty
            return
        self.capacity = self.fitting = 0
        low, first = 0, 1
        for room in range(1, ROOMS + 2):
            stay = board[room - 1] if room <= ROOMS else None
            if room <= ROOMS and stay is None:
                continue
            high = CARD_NUMBER[stay.card] if stay is not None else NUMBERS + 1
            if room > first:
                self.runs.append((first, room - first, low, high))
                capacity, fitting = _run_worth(room - first, low, high)
                self.capacity += capacity
                self.fitting += fitting
            low, first = high, room + 1

    def after_placing(self, number: int, room: int) -> tuple[int, int]:
        """Capacity and fitting numbers once a card `number` stands in the empty `room`."""
        if self.fixed_rooms:
            return self.capacity - 1, self.fitting - 1
        for first, length, low, high in self.runs:
            if first <= room < first + length:
                before = _run_worth(length, low, high)
                left = _run_worth(room - first, low, number)
                right = _run_worth(first + length - 1 - room, number, high)
                return (self.capacity - before[0] + left[0] + right[0],
                        self.fitting - before[1] + left[1] + right[1])
        raise ValueError(f"room {room} is not empty")

    def future(self, wins_ahead: float, capacity: int | None = None, fitting: int | None = None) -> float:
        """What the board can still earn: the customers the seat may win, as many as fit, capped by the rooms
        it can still fill."""
        capacity = self.capacity if capacity is None else capacity
        fitting = self.fitting if fitting is None else fitting
        return CUSTOMER_WORTH * min(capacity, wins_ahead * fitting / NUMBERS)


def _run_worth(length: int, low: int, high: int) -> tuple[int, int]:
    """A run of `length` empty rooms between numbers `low` and `high`: customers it can take, numbers fitting."""
    if length <= 0 or high - low <= 1:
        return 0, 0
    return min(length, high - low - 1), high - low - 1


def customers_left(state: State) -> int:
    return len(state.deck) + (state.customer != NO_CARD) + len(state.drawn)


def future(board: Board, fixed_rooms: bool, wins_ahead: float) -> float:
    return BoardShape(board, fixed_rooms).future(wins_ahead)


def stay_points(room: int, stay: Stay, config: GameConfig, bonus: int) -> int:
    """What one customer on a board earns its owner, bonus card included (I-R-34..38)."""
    # Playouts ask for the same few thousand placements again and again; a dict keyed without the whole config
    # is three times cheaper than lru_cache, and is emptied now and then so a long-lived server stays small.
    key = (room, stay, config.bonus_suit, bonus)
    points = _STAY_POINTS.get(key)
    if points is None:
        if len(_STAY_POINTS) >= _STAY_POINTS_LIMIT:
            _STAY_POINTS.clear()
        points = _STAY_POINTS[key] = POINTS[stay_kind(room, stay)] + BONUS_POINTS * counts_for_bonus(
            config, bonus, room, stay)
    return points


_STAY_POINTS: dict[tuple[int, Stay, str, int], int] = {}
_STAY_POINTS_LIMIT = 1 << 16


def own_points(board: Board, config: GameConfig, bonus: int) -> int:
    """The points a board earns its owner: customers, referrals hosted and the bonus card."""
    return sum(stay_points(room, stay, config, bonus) for room, stay in enumerate(board, 1) if stay is not None)


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
        self._shape: BoardShape | None = None
        self._strength = _general_strength(self.config.suit_order)

    @property
    def shape(self) -> BoardShape:
        if self._shape is None:
            self._shape = BoardShape(self.state.boards[self.seat], self.config.fixed_rooms)
        return self._shape

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
        shape, number = self.shape, CARD_NUMBER[card]
        before = shape.future(ahead)
        best = -math.inf
        for room in rooms:
            points = stay_points(room, Stay(customer, card), self.config, self.state.bonus[self.seat])
            best = max(best, points + shape.future(ahead, *shape.after_placing(number, room)) - before)
        return best

    def board_value(self, board: Board, wins_ahead: float | None = None) -> float:
        """What the seat's own board would be worth were it `board`: its points (bonus included) and future.
        Referrals made and customers kept are left out: no decision on one board changes them."""
        ahead = self.wins_ahead if wins_ahead is None else wins_ahead
        return own_points(board, self.config, self.state.bonus[self.seat]) + future(board, self.config.fixed_rooms,
                                                                                   ahead)

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

    def appeal(self, customer: int, fast: bool = False) -> float:
        """What a customer coming up next is worth to the seat, with the cards it holds now. `fast` counts
        any room as an average one instead of weighing each."""
        ranks = _ranks(customer, self.config.suit_order)
        unseen_ranks = sorted(ranks[c] for c in self.unseen)
        best = 0.0
        for card in self.state.hands[self.seat]:
            chance = self.win_chance(card, customer, unseen_ranks)
            if fast:
                fits = bool(legal_rooms(self.state.boards[self.seat], card, self.config.fixed_rooms))
                gain = CUSTOMER_WORTH if fits else PENALTY
            else:
                gain = self.placement_gain(card, customer)
            best = max(best, chance * (gain + CUSTOMER_WORTH))
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
            return [self.appeal(CUSTOMER_BY_ID[a.customer], fast) for a in legal]  # type: ignore[union-attr]
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
            elif isinstance(action, Place):
                values.append(self.place_value(action))
            else:
                values.append(self.after(action))
        return values

    def after(self, action: Action) -> float:
        """The seat's relative value once a referral (or the -1) is applied to a copy of the game."""
        trial = self.game.copy()
        trial.apply(action, seat=self.seat, events=False)
        return relative_value(trial.state, trial.config, self.seat)

    def place_value(self, action: Place) -> float:
        """Placing the trick's customer (as its winner or a referral's host) in a room: the board's value after."""
        state = self.state
        referrer = state.referrer if state.stage == Stage.HOST else NOBODY
        trial = state.boards[self.seat][:]
        trial[action.room - 1] = Stay(state.customer, state.played[state.winner], referrer)
        return self.board_value(trial, self.wins_ahead - 1 / state.players)

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
