"""What every face, bot harness and the table server ask of a game: `GameProtocol`.

A game is one object holding a position and its history, exact and deterministic from its seed. Seats are
numbered from 0. One seat decides at a time in most games; where several choose at once (Innkeepers' secret
card for a trick), every seat in `pending_seats()` owes a decision and each `apply`s its own, in any order. The
game alone decides what is legal: faces list `legal_actions(seat)`, show `view(seat)` and `apply` what a seat
chose; they never work out a rule themselves.

Actions are the game's own objects (`A`), each with a text notation (`str(action)`) that `validate` and `apply`
read back. Bad input (an illegal action, an action of a seat that owes none, a corrupted save, bad settings)
raises a ValueError of the game's own naming what is wrong, and changes nothing.

A game registers itself under the entry-point group "tabletop.games" (see `tabletop.registry`), and
`tabletop.testing.check_game` checks that it keeps this protocol's promises. Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, Self, TypeVar

A = TypeVar("A")  # the game's action type


class GameEvent(Protocol):
    """Something an action or the setup caused, for faces to show."""

    def to_dict(self) -> dict[str, Any]: ...


class GameSettings(Protocol):
    """What fixes a game before its first decision: the seat count, the seed and the game's own options."""

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON: `from_settings` of the same game takes them back."""
        ...


class GameProtocol(Protocol[A]):
    """One game: who must decide, what is legal, applying, undoing, per-seat views, records and saves."""

    PLAYER_COUNTS: ClassVar[range]  # the seat counts the game is played with

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> Self:
        """A new game from settings as `config.to_dict()` writes them; a missing one takes its default."""
        ...

    @property
    def config(self) -> GameSettings: ...

    @property
    def setup_events(self) -> Sequence[GameEvent]:
        """What the setup did, before the first decision."""
        ...

    # ---------------------------------------------------------------------------------------- who decides

    @property
    def is_over(self) -> bool: ...

    def pending_seats(self) -> list[int]:
        """The seats that owe a decision now, lowest first: several when they choose at once; none at the end."""
        ...

    @property
    def current_player(self) -> int | None:
        """The lowest seat of `pending_seats()`, or None when the game is over."""
        ...

    @property
    def decision(self) -> str | None:
        """The kind of decision waiting (the game's own words), or None when the game is over."""
        ...

    # ---------------------------------------------------------------------------------------- actions

    def legal_actions(self, seat: int | None = None) -> list[A]:
        """Every legal action of `seat` (default: `current_player`) now; empty when it owes no decision."""
        ...

    def validate(self, action: A | str, seat: int | None = None) -> A:
        """The canonical form of `action` (an object or its notation) if `seat` (default: `current_player`)
        may take it now; otherwise the game's IllegalActionError."""
        ...

    def apply(self, action: A | str, seat: int | None = None) -> Sequence[GameEvent]:
        """Apply `action` for `seat` (default: `current_player`) and return the events it caused; an illegal one
        raises like `validate` and changes nothing."""
        ...

    def describe(self, action: A | str) -> str:
        """A plain-language sentence for an action."""
        ...

    def undo(self) -> object:
        """Take back the last applied action, whoever took it; returns what was taken back (the game's own
        form). With nothing to undo, raises the game's IllegalActionError."""
        ...

    def copy(self) -> Self:
        """An independent copy (for search): applying to one never changes the other."""
        ...

    # ---------------------------------------------------------------------------------------- views, results

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, as JSON; `None` is a spectator. It changes with nothing `seat` cannot see."""
        ...

    @classmethod
    def from_view(cls, view: dict[str, Any], seed: int) -> Self:
        """A game that `view`'s seat cannot tell from the real one: what it sees is kept, every card hidden from
        it dealt at random from `seed` (determinization, for search bots)."""
        ...

    def scores(self) -> list[int]:
        """Points per seat now."""
        ...

    def winners(self) -> list[int]:
        """The winning seats once over (several if tied after the tie-breaks); empty before the end."""
        ...

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Per seat, where its score comes from (the game's own parts) and its `total`."""
        ...

    # ---------------------------------------------------------------------------------------- records, saves

    def record(self) -> dict[str, Any]:
        """Settings, seed and actions, as JSON (`tabletop.records`): `replay` rebuilds the identical game."""
        ...

    @classmethod
    def replay(cls, record: dict[str, Any] | str) -> Self:
        """The game a `record()` (a dict or its JSON text) fixes; a bad one raises the game's CorruptSaveError."""
        ...

    def to_json(self) -> str:
        """The whole game as JSON text: the record with the full state (hidden cards included)."""
        ...

    @classmethod
    def from_json(cls, text: str) -> Self:
        """The game `to_json` saved; a corrupted save raises the game's CorruptSaveError naming the problem."""
        ...
