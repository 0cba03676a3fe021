"""The Bloody Inn with explicit chance: every traveler turned face up is a chance event.

The engine deals travelers from one seeded, shuffled deck (R-SETUP-7). Game-theory libraries such as OpenSpiel
instead need every random event as a node whose outcomes and probabilities they can list, and copies of a
position that hold no secret future. `ChanceGame` wraps a `Game` that way:

- the first player (R-SETUP-6) is a chance event, unless the settings fix it;
- every traveler that becomes visible is a chance event: the first top card at setup, the entrance stack's new
  top card after each draw (R-INFO-1), and in season 2 the first card drawn from the reshuffled stack, which
  nobody saw on top (R-WELCOME-5). Its outcomes are the cards it can be, all equally likely: in season 1 the
  unseen travelers (the culled box and the stack below its top, which nobody can tell apart, R-INFO-2), in
  season 2 the reshuffled stack's cards not yet seen.

Before a decision that turns k travelers face up (found by applying it to a copy: how many travelers a welcome
draws never depends on which ones), k chance events are asked; the engine's hidden cards are then arranged so
that those travelers come out in that order, and the decision is applied. The order the engine keeps below
the next revealed card is never used, so a copy holds no hidden future: two copies can draw different cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..actions import Action
from ..cards import CARD_BY_ID
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..game import Game
from ..rules import flow
from ..state import State, new_state


@dataclass
class _Reveal:
    """The travelers a step (the setup, or a decision) turns face up, chosen one chance event at a time."""

    action: Action | None  # None: the setup's first advance
    from_hidden: int  # reveals among the cards hidden now (the top card is already known unless at setup)
    from_reshuffle: int  # reveals from the stack that the season-2 reshuffle forms during the step
    reshuffled: frozenset[int]  # that stack's cards
    chosen: list[int] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return len(self.chosen) == self.from_hidden + self.from_reshuffle


class ChanceGame:
    """A game whose random events are explicit: when `is_chance`, pick one of `chance_outcomes()` with
    `apply_chance`; otherwise `current_player` picks one of `legal_actions()` with `apply`.

    `config.first_player=None` makes the first player a chance event; the config's seed only fixes an order
    of the hidden cards that is never used."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self._game: Game | None = None
        self._setup: State | None = None  # the dealt table before its first advance
        self._reveal: _Reveal | None = None
        if config.first_player is not None or config.solo:
            self._deal(replace(config, first_player=config.first_player or 0))

    # ---------------------------------------------------------------------------------------- queries

    @property
    def game(self) -> Game | None:
        """The engine's game once set up (None while the first player or the first travelers are drawn).
        Its hidden order is only meaningful up to the next chance event, and its `record()` and `undo()` do not
        reproduce the chance events (they arranged the deck after its start): replay a `ChanceGame` by its
        moves instead (OpenSpiel does so from the state's history)."""
        return self._game

    @property
    def is_chance(self) -> bool:
        return self._game is None or self._reveal is not None

    @property
    def is_over(self) -> bool:
        return self._game is not None and self._game.is_over

    @property
    def current_player(self) -> int | None:
        """The seat that decides now; None at a chance event or when the game is over."""
        return None if self.is_chance or self._game is None else self._game.current_player

    @property
    def pending_action(self) -> Action | None:
        """The decision waiting for the travelers it turns face up (public: it was announced)."""
        return self._reveal.action if self._reveal is not None else None

    @property
    def revealed(self) -> list[int]:
        """The travelers already chosen for the pending step, in reveal order."""
        return list(self._reveal.chosen) if self._reveal is not None else []

    @property
    def choosing_first_player(self) -> bool:
        return self._setup is None and self._game is None

    def legal_actions(self) -> list[Action]:
        return [] if self.is_chance or self._game is None else self._game.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """(outcome, probability) pairs of the chance event now: a seat for the first player, else a card
        number (`bloodyinn.cards.CARD_IDS`). Empty when a player decides."""
        if not self.is_chance:
            return []
        outcomes = range(self.config.players) if self.choosing_first_player else self._pool()
        probability = Fraction(1, len(outcomes))
        return [(outcome, probability) for outcome in outcomes]

    # ---------------------------------------------------------------------------------------- moves

    def apply_chance(self, outcome: int) -> list[Event]:
        """Take `outcome` for the chance event now (see `chance_outcomes`); returns the engine's events if this
        was the last chance event of a step (the step is then carried out), else an empty list."""
        if not any(outcome == o for o, _ in self.chance_outcomes()):
            raise IllegalActionError(f"{outcome!r} is not an outcome of the chance event now")
        if self.choosing_first_player:
            return self._deal(replace(self.config, first_player=outcome))
        reveal = self._reveal
        assert reveal is not None
        reveal.chosen.append(outcome)
        if not reveal.done:
            return []
        self._reveal = None
        return self._carry_out(reveal)

    def apply(self, action: Action | str) -> list[Event]:
        """Take a decision of the current player (an engine action or its notation). If it turns travelers
        face up, chance events for them come first and the decision is applied after the last one; returns
        the engine's events if it was applied at once, else an empty list."""
        if self.is_chance or self._game is None:
            raise IllegalActionError("a chance event must be resolved first")
        action = self._game.validate(action)
        trial = self._game.copy()
        events = trial.apply(action)
        return self._expect(action, self._game.state, trial.state, events, top_known=True)

    def copy(self) -> ChanceGame:
        clone = ChanceGame.__new__(ChanceGame)
        clone.config = self.config
        clone._game = self._game.copy() if self._game is not None else None
        clone._setup = self._setup.copy() if self._setup is not None else None
        clone._reveal = replace(self._reveal, chosen=list(self._reveal.chosen)) if self._reveal is not None else None
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> ChanceGame:
        return self.copy()  # what `copy.deepcopy` (and so OpenSpiel's clone) should do, at a fraction of the cost

    # ---------------------------------------------------------------------------------------- internals

    def _deal(self, config: GameConfig) -> list[Event]:
        """Set up the table (R-SETUP-*) and find how many travelers the first advance turns face up."""
        self.config = config
        self._setup = new_state(config)
        trial = self._setup.copy()
        events: list[Event] = []
        flow.advance(trial, config, events)
        return self._expect(None, self._setup, trial, events, top_known=False)

    def _expect(self, action: Action | None, before: State, after: State, events: list[Event],
                top_known: bool) -> list[Event]:
        """From a trial run of the step, count its reveals; carry it out at once if there are none."""
        size = len(before.entrance)
        from_hidden = 0 if top_known or not size else 1  # at setup the first top card is a reveal too
        from_reshuffle = 0
        drawn_after: list[int] = []
        reshuffled = False
        for event in events:
            if event.kind == "reshuffle":
                reshuffled, size = True, event.amount
                from_reshuffle += 1 if size else 0  # the first card drawn from it was never seen on top
            elif event.kind == "draw":
                size -= 1
                if reshuffled:
                    drawn_after.append(CARD_BY_ID[event.card])  # type: ignore[index]
                    from_reshuffle += 1 if size else 0
                else:
                    from_hidden += 1 if size else 0
        stack = frozenset(after.entrance + drawn_after) if reshuffled else frozenset()
        reveal = _Reveal(action, from_hidden, from_reshuffle, stack)
        if reveal.done:
            return self._carry_out(reveal)
        self._reveal = reveal
        return []

    def _pool(self) -> list[int]:
        """The cards the next reveal can be, sorted."""
        reveal = self._reveal
        assert reveal is not None
        step = len(reveal.chosen)
        if step >= reveal.from_hidden:
            return sorted(reveal.reshuffled.difference(reveal.chosen[reveal.from_hidden:]))
        state = self._setup if self._game is None else self._game.state
        assert state is not None
        hidden = state.entrance if self._game is None else state.entrance[:-1]
        if not state.reshuffled:  # season 1: a culled card is as likely as any card of the stack
            hidden = hidden + state.culled
        return sorted(set(hidden).difference(reveal.chosen))

    def _carry_out(self, reveal: _Reveal) -> list[Event]:
        """Arrange the hidden cards so that the step reveals the chosen travelers in order, then take it."""
        state = self._setup if self._game is None else self._game.state
        assert state is not None
        hidden_part = reveal.chosen[: reveal.from_hidden]
        _stack(state, hidden_part, below_top=self._game is not None)
        saved = state.rng
        if reveal.from_reshuffle:
            state.rng = _StackedShuffle(reveal.chosen[reveal.from_hidden:])
        try:
            if self._game is None:
                self._game = Game(self.config, start=state)
                self._setup = None
                return self._game.setup_events
            assert reveal.action is not None
            return self._game.apply(reveal.action)
        finally:
            if self._game is not None:
                self._game.state.rng = saved


def _stack(state: State, cards: Sequence[int], below_top: bool) -> None:
    """Put `cards` where the next draws reveal them, in order: from the top card (or the one below it)
    downwards. A culled card trades places with the stack's card there: both were unseen (R-INFO-2)."""
    entrance = state.entrance
    for offset, card in enumerate(cards):
        position = len(entrance) - 1 - offset - (1 if below_top else 0)
        if card in entrance:
            where = entrance.index(card)
            entrance[where], entrance[position] = entrance[position], card
        else:
            state.culled.remove(card)
            state.culled.append(entrance[position])
            state.culled.sort()
            entrance[position] = card


class _StackedShuffle(random.Random):
    """A generator for the one shuffle the engine makes mid-game, the season-2 reshuffle (R-WELCOME-5): it puts
    the travelers chance chose on top of the new stack, in reveal order (the rest stays in an unused order)."""

    def __init__(self, first: Sequence[int]) -> None:
        super().__init__(0)
        self.first = list(first)

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        rest = sorted(set(x).difference(self.first))
        x[:] = rest + self.first[::-1]
