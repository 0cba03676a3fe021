"""The Game API: the one object faces, bots and researchers use.

A `Game` owns a `State` and the list of applied actions. It answers what is legal, applies actions
atomically (an illegal one raises `IllegalActionError` naming the rule and changes nothing), and
round-trips through JSON, replayable records and per-seat views.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import ACTION_TYPES, Action, Place, canonical, parse_action
from .compact_view import CompactView, build_compact_view
from .config import GameConfig
from .describe import describe_action
from .errors import BloodyInnError, CorruptSaveError, IllegalActionError
from .events import Event
from .invariants import violations
from .rules import endgame, flow
from .serialize import RECORDS
from .state import Stage, State, new_state
from .view import build_view, state_from_view


class Game:
    """One game of The Bloody Inn. Create it with `bloodyinn.new_game(...)`. It is a game of the tabletop
    platform (`tabletop.protocol.GameProtocol`), registered as "bloodyinn"."""

    PLAYER_COUNTS: ClassVar[range] = range(1, 5)  # R-SETUP-1

    def __init__(self, config: GameConfig, start: State | None = None) -> None:
        self.config = config
        # A game starts from its seeded setup, or from a given state (a determinized search position).
        self._start = start.copy() if start is not None else None
        self._state = start.copy() if start is not None else new_state(config)
        self._actions: list[Action] = []
        self.setup_events: list[Event] = []
        if start is None:
            self.setup_events.append(Event("round", seat=self._state.first_player, amount=1, note="season 1"))
        # The legal actions now, when known (`flow.advance` lists most decisions' on the way); never modified.
        self._legal: Sequence[Action] | None = flow.advance(self._state, config, self.setup_events)

    # ---------------------------------------------------------------------------------------- queries

    @property
    def state(self) -> State:
        """The full state, hidden cards included: for tests and tools, never for bots (use `view`)."""
        return self._state

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return flow.current_player(self._state)

    def pending_seats(self) -> list[int]:
        """The seats that owe a decision now: the current player alone (one seat decides at a time), or none
        when the game is over."""
        seat = flow.current_player(self._state)
        return [] if seat is None else [seat]

    @property
    def decision(self) -> str | None:
        """The kind of decision waiting: 'place', 'night', 'gravedigger', 'release', or None."""
        return flow.decision(self._state)

    @property
    def is_over(self) -> bool:
        return self._state.stage == Stage.OVER

    @property
    def actions(self) -> list[Action]:
        """The actions applied so far, in order."""
        return list(self._actions)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal decision of `seat` (default: the current player) now (copies of one occupation are listed
        once); empty when the game is over or `seat` is not the current player."""
        if seat is not None:
            self._check_seat(seat)
            if seat != self.current_player:
                return []
        if self._legal is None:
            self._legal = flow.legal_actions(self._state, self.config)
        return list(self._legal)

    def scores(self) -> list[int]:
        """Booty per seat: cash + 10F per check (R-END-5)."""
        return [endgame.booty(self._state, seat) for seat in range(self._state.players)]

    def winners(self) -> list[int]:
        """Winning seats after the tie-break (R-END-6/7); several if still tied; empty if not over or a lost
        solitaire game."""
        if not self.is_over:
            return []
        return endgame.winners(self._state)

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Per seat: cash, checks, end-game annex bonuses (the F each added to the booty, and the F it lost to
        the 40F cap), corpses under own annexes, total."""
        state = self._state
        return [{
            "seat": seat,
            "cash": state.cash[seat],
            "checks": state.checks[seat],
            "checks_value": endgame.checks_value(state, seat),
            "end_bonus": [{"annex": annex, "amount": amount, "lost": lost}
                          for annex, amount, lost in state.end_bonus[seat]],
            "corpses_under_own_annexes": endgame.corpses_under_own_annexes(state, seat),
            "total": endgame.booty(state, seat),
        } for seat in range(state.players)]

    @property
    def lost(self) -> bool:
        """A solitaire game lost to the police (R-SOLO-4)."""
        return self._state.lost

    def solo_title(self) -> str | None:
        """The rulebook's rank title of a finished, won, long solitaire game (R-SOLO-5)."""
        if not (self.is_over and self.config.solo and self.config.length == "long" and not self.lost):
            return None
        return endgame.solo_title(self.scores()[0])

    # ---------------------------------------------------------------------------------------- actions

    def apply(self, action: Action | str, seat: int | None = None, *, events: bool = True) -> list[Event]:
        """Apply a decision (an action object or its notation) for the current player and return the events
        it caused. An illegal or malformed action, or one made for `seat` when another seat must decide,
        raises IllegalActionError and changes nothing. `events=False` is the rollout path (search, random
        play): no events nor descriptions are built and an empty list is returned; the state is the same, bit
        for bit."""
        action = self.validate(action, seat)
        caused: list[Event] | None = [] if events else None
        self._legal = flow.apply(self._state, self.config, action, caused)
        self._actions.append(action)
        return caused if caused is not None else []

    def validate(self, action: Action | str, seat: int | None = None) -> Action:
        """The canonical form of `action` if it is legal now (for `seat`, when given: the current player's
        decision made for another seat is refused); otherwise raise IllegalActionError."""
        if seat is not None and (type(seat) is not int or seat != self.current_player):
            self._check_seat(seat)
            waiting = "nobody: the game is over" if self.is_over else f"P{self.current_player + 1}"  # type: ignore[operator]
            raise IllegalActionError("P{player} cannot act now; the decision belongs to {waiting}", "R-NIGHT-1",
                                     player=seat + 1, waiting=waiting)
        if self._legal is not None:
            for legal in self._legal:  # identity first: actions taken from legal_actions() need no checks
                if legal is action:
                    return action
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, ACTION_TYPES):
            raise IllegalActionError("not an action: {action!r}", action=action)
        try:  # the rule check first, for its message naming the rule; then the object's own fields
            flow.check(self._state, self.config, action)
        except IllegalActionError:
            raise
        except (KeyError, ValueError, TypeError, AttributeError, IndexError, OverflowError) as exc:
            raise IllegalActionError("malformed action {action!r}: {reason}", action=action, reason=exc) from None
        exact = canonical(action)
        if exact not in self.legal_actions():  # a consistency guard: check() and legal_actions() agree
            raise IllegalActionError("{action} is not legal now", action=exact)
        return exact

    def preview(self, action: Action | str) -> list[Event]:
        """The events `action` itself would cause (payments returned or discarded, targets moved, money),
        without applying it and without revealing anything hidden (no card is drawn)."""
        action = self.validate(action)
        events = [flow.action_event(self._state, self.current_player, action)]  # type: ignore[arg-type]
        flow.apply_effects(self._state.copy(), self.config, action, events)
        return events

    def loses_to_police(self, action: Action | str) -> bool:
        """In solitaire, whether a night action (or a choice of who leaves unpaid) loses the game to the police
        (R-SOLO-4): whatever the player does after it this round, an unburied corpse is there when the police
        investigate or the game ends. Always False with several players and for placing travelers. Looks ahead
        only through this round's remaining actions, which draw no card, so it reveals nothing."""
        action = self.validate(action)
        if not self.config.solo or isinstance(action, Place):
            return False
        after = self.copy()
        after._apply_trusted(action)
        return after._arrest_is_certain(self._state.round)

    def _arrest_is_certain(self, round_number: int) -> bool:
        if self.lost:
            return True
        if self.is_over or self._state.round != round_number:
            return False
        for option in self.legal_actions():
            branch = self.copy()
            branch._apply_trusted(option)
            if not branch._arrest_is_certain(round_number):
                return False
        return True

    def describe(self, action: Action | str) -> str:
        """A plain-language sentence for an action (object or notation) in the current position, legal or not; a
        malformed one raises NotationError."""
        return describe_action(self._state, canonical(action))

    def undo(self) -> Action:
        """Take back the last applied action (the game is replayed without it); returns that action."""
        if not self._actions:
            raise IllegalActionError("there is nothing to undo")
        last = self._actions[-1]
        replayed = Game(self.config, self._start)
        for action in self._actions[:-1]:
            replayed._apply_trusted(action)
        self._state, self._actions, self._legal = replayed._state, replayed._actions, replayed._legal
        return last

    def _apply_trusted(self, action: Action) -> None:
        self._legal = flow.apply(self._state, self.config, action, None)
        self._actions.append(action)

    def copy(self) -> Game:
        """An independent copy for search: the position is copied, the random generator is shared until either
        side uses it (so both deal the same future cards), the settings and the starting position are shared."""
        clone = Game.__new__(Game)
        clone.config = self.config
        clone._start = self._start
        clone._state = self._state.copy()
        clone._actions = list(self._actions)
        clone._legal = self._legal
        clone.setup_events = self.setup_events
        return clone

    # ---------------------------------------------------------------------------------------- views

    def view(self, seat: int | None, legal_actions: bool = True) -> dict[str, Any]:
        """What `seat` may know (R-INFO-*), JSON-ready; `seat=None` gives the public (spectator) view.
        `legal_actions=False` leaves out the notation of the current player's legal actions (spelling them out
        is most of a view's cost when there are many, and a caller that has `legal_actions()` needs no text)."""
        if seat is not None:
            self._check_seat(seat)
        return build_view(self, seat, legal_actions)

    def compact_view(self, seat: int | None) -> CompactView:
        """The same view as flat, hashable numbers (`compact_view.CompactView`), several times cheaper to build:
        for encoders that read a view at every decision. It is built from the state but holds only what `view(seat)`
        shows."""
        if seat is not None:
            self._check_seat(seat)
        return build_compact_view(self, seat)

    def _check_seat(self, seat: object) -> None:
        """Refuse anything but a seat of this game, a whole number 0 to n-1 (True, 1.0 and "0" are not seats)."""
        if type(seat) is not int or not 0 <= seat < self.config.players:
            raise IllegalActionError("there is no seat {seat!r} in a {players}-player game (seats 0-{last})",
                                     seat=seat, players=self.config.players, last=self.config.players - 1)

    # ---------------------------------------------------------------------------------------- records

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> Game:
        """A new game from stored settings (`config.to_dict()`; a missing one takes its default, the seed 0).
        Bad settings raise ConfigError."""
        return cls(GameConfig.from_dict(settings))

    def record(self) -> dict[str, Any]:
        """Settings, seed and actions: replaying it (`Game.replay`) gives the identical game."""
        return RECORDS.record(self.config.to_dict(), [str(a) for a in self._actions], self._start)

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Game:
        """Rebuild a game from `record()` output (a dict or its JSON text)."""
        return RECORDS.replay(record, cls, Game.apply)

    def to_json(self) -> str:
        """The whole game as JSON: the record plus the full current state (checked again on loading)."""
        return RECORDS.save(self.record(), self._state)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Restore a game saved by `to_json`. A corrupted save raises CorruptSaveError naming the problem."""
        return RECORDS.load(text, cls.replay)

    @classmethod
    def from_view(cls, view: dict[str, Any], seed: int) -> Game:
        """A game consistent with what a seat sees, the hidden cards dealt at random from `seed`
        (determinization for search bots: they never see the real hidden order). Anything but a view `view()`
        gave raises CorruptSaveError (or ConfigError for a bad seed)."""
        try:
            settings = view["settings"]
            config = GameConfig(players=settings["players"], length=settings["length"],
                                variants=settings["variants"], seed=seed)
            state = state_from_view(view, random.Random(seed))
        except BloodyInnError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise CorruptSaveError(f"not a view of a game: {type(exc).__name__}: {exc}") from None
        problems = violations(state, config)
        if problems:
            raise CorruptSaveError(f"the view shows an impossible position: {'; '.join(problems)}")
        return cls(config, state)


def new_game(players: int = 2, length: str = "short", variants: Iterable[str] = (), seed: int | None = None,
             first_player: int | None = None, player_rooms: Iterable[int] | None = None,
             white_rooms: Iterable[int] | None = None) -> Game:
    """Start a game. Without a seed one is drawn at random (and kept in the record)."""
    config = GameConfig(  # GameConfig checks every value and freezes the lists
        players=players,
        length=length,
        variants=variants,  # type: ignore[arg-type]
        seed=seed if seed is not None else secrets.randbits(63),
        first_player=first_player,
        player_rooms=player_rooms,  # type: ignore[arg-type]
        white_rooms=white_rooms,  # type: ignore[arg-type]
    )
    return Game(config)


if TYPE_CHECKING:  # mypy checks that Game is what the platform, its faces and the table server ask of a game
    from tabletop.protocol import GameProtocol

    _game: type[GameProtocol[Action]] = Game
