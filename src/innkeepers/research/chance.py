"""Innkeepers with explicit chance and joint moves: every card or customer that comes out of a shuffled pile is a
chance event, and the seats that choose at once (I-G-14) move together.

The engine deals from seeded, shuffled piles (I-R-11..14). Game-theory libraries such as OpenSpiel instead need
every random event as a node whose outcomes they can list, and copies of a position that hold no secret future.
`ChanceGame` wraps a `Game` that way:

- the deal: every seat's seven playing cards, one at a time, then every seat's bonus card, then the first
  customer (outcomes: the cards, bonus cards or customers still undealt, all equally likely);
- every customer that comes out of the deck (the next customer, Choose's three), while the deck's top holds
  cards nobody put back: its outcomes are those cards. Cards put back under the deck (I-R-21) come out later
  in the order they went in, without a chance event;
- every playing card drawn in a refill (I-R-32): its outcomes are the draw pile's cards, or after a reshuffle
  of the discards (I-R-31) the reshuffled cards, not drawn yet.

Before a move that draws k cards or customers (found by applying it to a copy: how many a move draws never
depends on which ones), k chance events are asked; the engine's piles are then arranged so that those come out
in that order, and the move is applied. The order the engine keeps for the rest is never used, so a copy holds
no hidden future: two copies can draw different cards.

Who sees what (`Seen`): a dealt or drawn playing card, a bonus card and Choose's customers only their seat;
every customer that comes up, and every move (a simultaneous move once revealed), everyone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from ..actions import Action, Choose
from ..cards import BONUS_IDS, CARD_IDS, CUSTOMER_IDS, NUM_CARDS, NUM_CUSTOMERS
from ..config import HAND_SIZE, GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..game import Game
from ..state import NO_CARD, Stage, new_state


class Seen(NamedTuple):
    """One thing that happened, as each seat saw it: `owner` (None: everyone) sees `text`, the others `hidden`."""

    owner: int | None
    text: str
    hidden: str


@dataclass
class _Draw:
    """One chance event still to resolve: what it draws (`card`, `bonus` or `customer`), for which seat
    (None: public), from which pool (None: computed when asked, for the deal)."""

    kind: str
    seat: int | None
    pool: frozenset[int] | None = None


@dataclass
class _Pending:
    """The moves waiting for their chance events, and the outcomes chosen so far."""

    moves: list[tuple[int, Action]]  # empty for the deal
    draws: list[_Draw]
    chosen: list[int] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return len(self.chosen) == len(self.draws)


SIMULTANEOUS = (Stage.PLAY, Stage.REFILL)


class ChanceGame:
    """A game whose random events are explicit: when `is_chance`, pick one of `chance_outcomes()` with
    `apply_chance`; when `is_simultaneous`, every seat picks one of `legal_actions(seat)` and `apply_joint` takes
    them together; otherwise `current_player` picks one with `apply`. The config's seed only fixes an order of
    the undrawn cards that is never used."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self._game: Game | None = None
        n = config.players
        deal = [_Draw("card", seat) for seat in range(n) for _ in range(HAND_SIZE)]
        self._pending: _Pending | None = _Pending([], deal + [_Draw("bonus", s) for s in range(n)]
                                                  + [_Draw("customer", None)])
        self.seen: list[Seen] = []

    # ---------------------------------------------------------------------------------------- queries

    @property
    def game(self) -> Game | None:
        """The engine's game once dealt (None during the deal). Its undrawn piles' order is meaningless, and its
        `record()` does not reproduce the chance events: replay a `ChanceGame` by its moves instead."""
        return self._game

    @property
    def is_chance(self) -> bool:
        return self._pending is not None

    @property
    def is_over(self) -> bool:
        return self._game is not None and self._game.is_over

    @property
    def is_simultaneous(self) -> bool:
        return not self.is_chance and self._game is not None and self._game.state.stage in SIMULTANEOUS

    @property
    def current_player(self) -> int | None:
        """The one seat that decides now; None at a chance event, a simultaneous move or the end."""
        if self.is_chance or self.is_simultaneous or self._game is None:
            return None
        return self._game.current_player

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.is_chance or self._game is None else self._game.legal_actions(seat)

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """(outcome, probability) pairs of the chance event now: a playing card (`CARD_IDS` index), a bonus
        card (`BONUS_IDS` index) or a customer (`CUSTOMER_IDS` index). Empty when players decide."""
        if self._pending is None:
            return []
        pool = sorted(self._pool())
        probability = Fraction(1, len(pool))
        return [(outcome, probability) for outcome in pool]

    def chance_kind(self) -> str | None:
        """What the chance event now draws: 'card', 'bonus' or 'customer' (None when players decide)."""
        return self._pending.draws[len(self._pending.chosen)].kind if self._pending is not None else None

    # ---------------------------------------------------------------------------------------- moves

    def apply_chance(self, outcome: int) -> None:
        """Take `outcome` for the chance event now (see `chance_outcomes`); the last chance event of a step
        carries the step out."""
        pending = self._pending
        if pending is None or outcome not in self._pool():
            raise IllegalActionError(f"{outcome!r} is not an outcome of the chance event now")
        draw = pending.draws[len(pending.chosen)]
        pending.chosen.append(outcome)
        self.seen.append(_seen_draw(draw, outcome))
        if pending.done:
            self._pending = None
            self._carry_out(pending)

    def apply(self, action: Action | str) -> None:
        """The decision of the one seat that decides now (not at a simultaneous move: `apply_joint`)."""
        seat = self.current_player
        if seat is None:
            raise IllegalActionError("no single seat decides now" if not self.is_over else "the game is over")
        self._move([(seat, action)])

    def apply_joint(self, actions: Sequence[Action | str]) -> None:
        """Every seat's decision at a simultaneous move, by seat; applied together, then revealed (I-G-14)."""
        if not self.is_simultaneous:
            raise IllegalActionError("no simultaneous move is waiting")
        if len(actions) != self.config.players:
            raise IllegalActionError(f"a joint move names an action for each of the {self.config.players} seats")
        self._move(list(enumerate(actions)))

    def copy(self) -> ChanceGame:
        clone = ChanceGame.__new__(ChanceGame)
        clone.config = self.config
        clone._game = self._game.copy() if self._game is not None else None
        clone._pending = (_Pending(self._pending.moves, self._pending.draws, list(self._pending.chosen))
                          if self._pending is not None else None)
        clone.seen = list(self.seen)
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceGame:
        return self.copy()  # what `copy.deepcopy` (and so OpenSpiel's clone) should do, at a fraction of the cost

    # ---------------------------------------------------------------------------------------- internals

    def _move(self, moves: list[tuple[int, Action | str]]) -> None:
        game = self._game
        assert game is not None
        checked = [(seat, game.validate(action, seat)) for seat, action in moves]  # all checked, none applied
        trial = game.copy()
        recorder = _Recorder()
        trial.state.rng = recorder
        events: list[Event] = []
        for seat, action in checked:
            events += trial.apply(action, seat=seat)
        self.seen.append(Seen(None, ", ".join(f"P{seat + 1} {action}" for seat, action in checked), ""))
        pending = _Pending(checked, self._draws(game, checked, trial, events, recorder.shuffled))
        if pending.done:
            self._carry_out(pending)
        else:
            self._pending = pending

    def _draws(self, before: Game, moves: list[tuple[int, Action]], after: Game, events: list[Event],
               reshuffled: list[list[int]]) -> list[_Draw]:
        """The chance events of a step, from a trial run of it: customers out of the deck's unknown part (the
        chooser's own for a Choose), then playing cards drawn in a refill (a step never does both)."""
        state = before.state
        known = {c for seat_known in state.known for c in seat_known}
        unknown = frozenset(c for c in state.deck if c not in known)  # the top of the deck: put-backs are below
        gone = len(set(state.deck) - set(after.state.deck))
        chooser = next((seat for seat, action in moves if isinstance(action, Choose)), None)
        draws = [_Draw("customer", chooser, unknown) for _ in range(min(gone, len(unknown)))]
        drawers = [seat for e in events if e.kind == "refill" and e.seat is not None for seat in [e.seat] * e.amount]
        pools = [None, *(frozenset(x) for x in reshuffled)]
        sizes = [len(state.draw), *(len(x) for x in reshuffled)]
        epoch = taken = 0
        for seat in drawers:
            while taken == sizes[epoch]:
                epoch, taken = epoch + 1, 0
            draws.append(_Draw("card", seat, pools[epoch]))
            taken += 1
        return draws

    def _pool(self) -> frozenset[int] | set[int]:
        """The outcomes the chance event now can have."""
        pending = self._pending
        assert pending is not None
        draw = pending.draws[len(pending.chosen)]
        same = {o for d, o in zip(pending.draws, pending.chosen) if d.kind == draw.kind and d.pool is draw.pool}
        if draw.pool is not None:
            return draw.pool - same
        if self._game is None:  # the deal
            total = {"card": NUM_CARDS, "bonus": len(BONUS_IDS), "customer": NUM_CUSTOMERS}[draw.kind]
            return set(range(total)) - same
        return set(self._game.state.draw) - same  # a refill's draws before any reshuffle

    def _carry_out(self, pending: _Pending) -> None:
        """Arrange the piles so that the step draws the chosen outcomes in order, then take it."""
        outcomes = list(zip(pending.draws, pending.chosen))
        if self._game is None:
            self._deal(outcomes)
            return
        game, state = self._game, self._game.state
        customers = [o for d, o in outcomes if d.kind == "customer"]
        _on_top(state.deck, customers)
        cards = [(d, o) for d, o in outcomes if d.kind == "card"]
        _on_top(state.draw, [o for d, o in cards if d.pool is None])
        reshuffles: list[list[int]] = []  # the cards chosen from each reshuffle, in draw order
        previous = None
        for draw, outcome in cards:
            if draw.pool is not None:
                if draw.pool is not previous:
                    reshuffles.append([])
                    previous = draw.pool
                reshuffles[-1].append(outcome)
        saved, before = state.rng, state.customer
        state.rng = _Stacked(reshuffles)
        try:
            for seat, action in pending.moves:
                game.apply(action, seat=seat, events=False)
        finally:
            game.state.rng = saved
        state = game.state
        if state.stage == Stage.PICK and any(isinstance(action, Choose) for _, action in pending.moves):
            drawn = ", ".join(CUSTOMER_IDS[c] for c in sorted(state.drawn))
            self.seen.append(Seen(state.second, f"P{state.second + 1} chooses from {drawn}",
                                  f"P{state.second + 1} chooses from {len(state.drawn)} customers"))
        public = {o for d, o in outcomes if d.kind == "customer" and d.seat is None}  # already seen by all
        if state.customer not in (NO_CARD, before, *public):  # a put-back customer, or Choose's single one
            self.seen.append(Seen(None, f"customer {CUSTOMER_IDS[state.customer]}", ""))

    def _deal(self, outcomes: list[tuple[_Draw, int]]) -> None:
        n = self.config.players
        state = new_state(self.config)
        hands: list[list[int]] = [[] for _ in range(n)]
        bonus = [0] * n
        for draw, outcome in outcomes:
            if draw.kind == "card":
                hands[draw.seat].append(outcome)  # type: ignore[index]
            elif draw.kind == "bonus":
                bonus[draw.seat] = outcome  # type: ignore[index]
            else:
                state.customer = outcome
        dealt = {card for hand in hands for card in hand}
        state.hands = hands
        state.draw = [card for card in range(NUM_CARDS) if card not in dealt]
        state.deck = [c for c in range(NUM_CUSTOMERS) if c != state.customer]
        state.bonus = bonus
        state.unused_bonus = sorted(set(range(len(BONUS_IDS))) - set(bonus))
        self._game = Game(self.config, start=state)


def _on_top(pile: list[int], chosen: Sequence[int]) -> None:
    """Put `chosen` on top of `pile` (its last items), the first chosen last, so that pops take them in order."""
    if chosen:
        rest = [card for card in pile if card not in chosen]
        pile[:] = rest + list(reversed(chosen))


def _seen_draw(draw: _Draw, outcome: int) -> Seen:
    if draw.kind == "customer":
        name = CUSTOMER_IDS[outcome]
        if draw.seat is None:
            return Seen(None, f"customer {name}", "")
        return Seen(draw.seat, f"P{draw.seat + 1} draws {name}", f"P{draw.seat + 1} draws a customer")
    name = CARD_IDS[outcome] if draw.kind == "card" else BONUS_IDS[outcome]
    return Seen(draw.seat, f"P{draw.seat + 1} gets {draw.kind} {name}",  # type: ignore[operator]
                f"P{draw.seat + 1} gets a {draw.kind}")  # type: ignore[operator]


class _Recorder(random.Random):
    """A trial run's generator: it records the cards of every reshuffle (I-R-31)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.shuffled: list[list[int]] = []

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        self.shuffled.append(list(x))


class _Stacked(random.Random):
    """The generator for a step's reshuffles: each puts the cards chance chose for it on top, in draw order."""

    def __init__(self, chosen: list[list[int]]) -> None:
        super().__init__(0)
        self.chosen = list(chosen)

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        _on_top(x, self.chosen.pop(0) if self.chosen else [])
