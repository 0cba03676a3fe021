"""The Game API: the one object faces, bots and tools use.

A `Game` owns a `State` and the list of applied (seat, action) pairs. It answers who must decide and what is
legal, applies actions atomically (an illegal one raises `IllegalActionError` naming the rule and changes
nothing), and round-trips through JSON saves, replayable records and per-seat views.

It is compiled with the rules (docs/engine.md#compiled-build). A compiled function refuses an argument of the
wrong type (or turns True into 1) before any check of ours, so every entry point that takes a user's value (a
seat, an action, a view, a record, settings) takes an `object` and checks it itself.

Two stages are simultaneous (I-G-14): every seat commits a card to the trick, and after every fourth trick
every seat chooses how to refill. Then several seats owe a decision at once (`pending_seats()`), each
commits in any order, and the commitments are revealed together once the last seat has decided.
"""

from __future__ import annotations

import random
import re
import secrets
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import ACTION_TYPES, Action, canonical, parse_action
from .config import GameConfig, checked_seed
from .describe import describe
from .errors import CorruptSaveError, IllegalActionError, InnkeepersError
from .events import Event
from .invariants import violations
from .rules import flow, next_trick, scoring
from .serialize import RECORDS
from .state import Stage, State, new_state
from .view import build_view, config_from_view, state_from_view

_RECORDED = re.compile(r"P([1-4]) (.+)$", re.IGNORECASE)


class Game:
    """One game of the innkeepers trick-taking game. Create it with `innkeepers.new_game(...)`. It is a game of the
    tabletop platform (`tabletop.protocol.GameProtocol`), registered as "innkeepers"."""

    PLAYER_COUNTS: ClassVar[range] = range(2, 5)  # I-G-1

    def __new__(cls, *_: object, **__: object) -> Game:
        # Only allocates, so that copy() can make a Game without __init__'s setup: a compiled class's own __new__
        # would run __init__.
        return super().__new__(cls)

    def __init__(self, config: GameConfig, start: State | None = None) -> None:
        self.config = config
        self._start = start.copy() if start is not None else None
        self._state = start.copy() if start is not None else new_state(config)
        self._actions: list[tuple[int, Action]] = []
        self.setup_events: list[Event] = []
        if start is None:
            for seat in range(config.players):
                self.setup_events.append(Event("deal", seat, amount=len(self._state.hands[seat])))
                self.setup_events.append(Event("bonus", seat))
            next_trick.start(self._state, self.setup_events)
        self._legal = flow.advance(self._state, config, self.setup_events)

    # ---------------------------------------------------------------------------------------- queries

    @property
    def state(self) -> State:
        """The full state, hidden cards included: for tests and tools, never for bots (use `view`)."""
        return self._state

    def pending_seats(self) -> list[int]:
        """The seats that owe a decision now, lowest first: every uncommitted seat in the simultaneous stages
        (play, refill), else the one seat that decides; empty when the game is over."""
        return self._state.pending()

    @property
    def current_player(self) -> int | None:
        """The lowest seat that owes a decision (see `pending_seats`), or None when the game is over."""
        pending = self._state.pending()
        return pending[0] if pending else None

    @property
    def decision(self) -> str | None:
        """The kind of decision waiting: 'play', 'place', 'host', 'second', 'pick', 'refill', or None."""
        return None if self.is_over else self._state.stage

    @property
    def is_over(self) -> bool:
        return self._state.stage == Stage.OVER

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """The (seat, action) pairs applied so far, in order (hidden choices included: not for players)."""
        return list(self._actions)

    def legal_actions(self, seat: object = None) -> list[Action]:
        """Every legal decision of `seat` (default: `current_player`) now; empty if that seat owes none. Anything
        but a seat of this game (99, -1, "0", 1.0, True) raises IllegalActionError, as `apply` and `view` do."""
        deciding = self.current_player if seat is None else self._seat(seat)
        if deciding is None:
            return []
        legal = self._legal.get(deciding)  # the legal actions listed since the last change, per seat
        if legal is None:
            legal = self._legal[deciding] = flow.legal_actions(self._state, self.config, deciding)
        return list(legal)

    def scores(self) -> list[int]:
        """Points per seat from the boards now, bonus cards included (I-R-34..38). Players see others' scores
        without their bonus until the end (`view`, I-G-30)."""
        return [scoring.total(self._state, self.config, seat) for seat in range(self._state.players)]

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Per seat: `meeples`, `cubes`, `hosted`, `upgraded`, `referrals`, `penalties` (counts), `bonus_card`,
        `bonus` (points) and `total`."""
        return [scoring.breakdown(self._state, self.config, seat) for seat in range(self._state.players)]

    def winners(self) -> list[int]:
        """Winning seats after the tie-break (I-R-39, I-G-27), several if still tied; empty before the end."""
        return scoring.winners(self._state, self.config) if self.is_over else []

    # ---------------------------------------------------------------------------------------- actions

    def apply(self, action: object, seat: object = None, *, events: bool = True) -> list[Event]:
        """Apply a decision (an action object or its notation) for `seat` (default: `current_player`) and
        return the events it caused. An illegal or malformed action, or one for a seat that owes no decision,
        raises IllegalActionError and changes nothing. `events=False` (the rollout path: search, random play)
        builds no events nor descriptions and returns an empty list; the state is the same, bit for bit."""
        seat, action = self._checked(action, seat)
        caused: list[Event] | None = [] if events else None
        self._legal = flow.apply(self._state, self.config, seat, action, caused)
        self._actions.append((seat, action))
        return caused if caused is not None else []

    def validate(self, action: object, seat: object = None) -> Action:
        """The canonical form of `action` if `seat` (default: `current_player`) may take it now; otherwise
        raise IllegalActionError."""
        return self._checked(action, seat)[1]

    def _checked(self, action: object, seat: object) -> tuple[int, Action]:
        if seat is None and not self.is_over:
            seat = self._state.pending()[0]
        if type(seat) is int:  # a whole number: True and 1.0 would find seat 1's list
            for listed in self._legal.get(seat, ()):
                if listed is action:  # taken from legal_actions(): no checks
                    return seat, listed
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, ACTION_TYPES):
            raise IllegalActionError("not an action: {action!r}", action=action)
        if seat is None:
            raise IllegalActionError("the game is over", "I-R-33")
        deciding = self._seat(seat)
        checked = canonical(action)  # an object with impossible fields or of the wrong types is refused
        flow.check(self._state, self.config, deciding, checked)
        if checked not in self.legal_actions(deciding):  # a consistency guard: check() and legal_actions() agree
            raise IllegalActionError("{action} is not legal for P{player} now", action=checked, player=deciding + 1)
        return deciding, checked

    def describe(self, action: object) -> str:
        """A plain-language sentence for an action (object or notation), legal now or not; a malformed one raises
        NotationError."""
        return describe(canonical(action), self.config.fixed_rooms)

    def _seat(self, seat: object) -> int:
        """`seat` if it is a seat of this game, a whole number 0 to n-1 (True, 1.0 and "0" are not seats)."""
        if type(seat) is not int or not 0 <= seat < self._state.players:
            raise IllegalActionError("there is no seat {seat!r} in a {players}-player game (seats 0-{last})",
                                     seat=seat, players=self._state.players, last=self._state.players - 1)
        return seat

    def undo(self) -> tuple[int, Action]:
        """Take back the last applied action, whoever took it (the game is replayed without it); returns the
        (seat, action) taken back."""
        if not self._actions:
            raise IllegalActionError("there is nothing to undo")
        last = self._actions[-1]
        replayed = Game(self.config, self._start)
        for seat, action in self._actions[:-1]:
            flow.apply(replayed._state, self.config, seat, action, None)
        self._state, self._actions, self._legal = replayed._state, self._actions[:-1], {}
        return last

    def copy(self) -> Game:
        """An independent copy for search."""
        clone = Game.__new__(Game)
        clone.config = self.config
        clone._start = self._start
        clone._state = self._state.copy()
        clone._actions = list(self._actions)
        clone._legal = dict(self._legal)
        clone.setup_events = self.setup_events
        return clone

    # ---------------------------------------------------------------------------------------- views

    def view(self, seat: object) -> dict[str, Any]:
        """What `seat` may know (I-G-29), JSON-ready; `seat=None` gives the spectator's view."""
        return build_view(self, None if seat is None else self._seat(seat))

    @classmethod
    def from_view(cls, view: object, seed: object) -> Game:
        """A game consistent with what a seat sees, every hidden card dealt at random from `seed`
        (determinization for search bots: they never see the real hidden cards). Anything but a view `view()`
        gave raises CorruptSaveError (or ConfigError for a bad seed)."""
        number = checked_seed(seed)
        if not isinstance(view, dict):
            raise CorruptSaveError("not a view of a game: a JSON object expected, got {kind}", kind=type(view).__name__)
        try:
            config = config_from_view(view, number)
            state = state_from_view(view, random.Random(number))
        except InnkeepersError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise CorruptSaveError(f"not a view of a game: {type(exc).__name__}: {exc}") from None
        problems = violations(state, config)
        if problems:
            raise CorruptSaveError(f"the view shows an impossible position: {'; '.join(problems)}")
        return cls(config, state)

    # ---------------------------------------------------------------------------------------- records

    @classmethod
    def from_settings(cls, settings: object) -> Game:
        """A new game from stored settings (`config.to_dict()`; a missing one takes its default, the seed 0).
        Bad settings raise ConfigError."""
        return cls(GameConfig.from_dict(settings))

    def record(self) -> dict[str, Any]:
        """Settings, seed and actions: replaying it (`Game.replay`) gives the identical game."""
        return RECORDS.record(self.config.to_dict(), [f"P{seat + 1} {action}" for seat, action in self._actions],
                              self._start)

    @classmethod
    def replay(cls, record: object) -> Game:
        """Rebuild a game from `record()` output (a dict or its JSON text), checking every action."""
        return RECORDS.replay(record, cls, Game._apply_recorded)

    def _apply_recorded(self, recorded: object) -> None:
        match = _RECORDED.match(recorded.strip()) if isinstance(recorded, str) else None
        if match is None:
            raise CorruptSaveError("is not 'P<seat> <action>'")
        self.apply(match.group(2), seat=int(match.group(1)) - 1)

    def to_json(self) -> str:
        """The whole game as JSON: the record plus the full current state (hidden cards included: a save is
        not for players' eyes). Checked again on loading."""
        return RECORDS.save(self.record(), self._state)

    @classmethod
    def from_json(cls, text: object) -> Game:
        """Restore a game saved by `to_json`. A corrupted save raises CorruptSaveError naming the problem."""
        return RECORDS.load(text, cls.replay)


def new_game(players: object = 2, seed: object = None, **flags: object) -> Game:
    """Start a game for 2-4 players. Without a seed one is drawn at random (and kept in the record). `flags`
    are the assumption flags of `GameConfig` (fixed_rooms, must_follow, suit_order, allow_refuse_referral,
    voluntary_referral, bonus_suit). Bad settings raise ConfigError."""
    return Game(GameConfig.from_dict({"players": players, "seed": secrets.randbits(63) if seed is None else seed,
                                      **flags}))


if TYPE_CHECKING:  # mypy checks that Game is what the platform, its faces and the table server ask of a game
    from tabletop.protocol import GameProtocol

    _game: type[GameProtocol[Action]] = Game
