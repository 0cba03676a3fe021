"""What a game at a terminal table does the same way in both games: seats and their labels, reading and writing
the save (the engine's own save wrapped with the seats), saving after each move, and taking a person's decision
back together with the bots' decisions that followed it. Plain Python (no Textual); each game's `Session`
subclasses `TableSession` with its engine, its bots and how a decision is applied and described."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from .catalog import N_, _
from .saving import write_atomically
from .table import HUMAN, seat_label

# Starts the log lines that mark a turning point of the game, which the screen makes stand out.
HEADLINE = "=="


@dataclass(frozen=True)
class HintLine:
    action: Any
    text: str


def default_save_path(game_name: str) -> Path:
    """A fresh file in the current directory, so a new game never overwrites an earlier save."""
    return Path.cwd() / f"{game_name}-{datetime.now():%Y%m%d-%H%M%S}.json"


def read_save(path: Path, save_format: str, corrupt: type[Exception]) -> tuple[str, tuple[str, ...] | None]:
    """The engine save in `path` (as JSON text) and the seats saved with it; None for a bare engine save. An
    unreadable file raises `corrupt` naming it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        error: Callable[..., Exception] = corrupt  # a game's error: a template and its values (docs/languages.md)
        raise error(N_("cannot read {path}: {reason}"), path=path, reason=exc) from None
    if isinstance(data, dict) and data.get("format") == save_format:
        return json.dumps(data.get("game")), tuple(data.get("seats") or ())
    return json.dumps(data), None


class TableSession:
    """One game being played at a table of people and bots. Subclasses set `SAVE_FORMAT` and `GAME_NAME` (the
    default save file's prefix), make the bots, and implement `seat` and `_take_back`."""

    SAVE_FORMAT: ClassVar[str]
    GAME_NAME: ClassVar[str]
    # How the seat count mismatch names the seats ("seat(s)" or "seats").
    SEATS_WORD: ClassVar[str] = "seats"

    game: Any
    # The seats played by bots, and their bots.
    bots: dict[int, Any]

    def __init__(self, game: Any, seats: tuple[str, ...], save_path: Path | None, autosave: bool = True) -> None:
        if len(seats) != game.config.players:
            raise ValueError(f"the game has {game.config.players} {self.SEATS_WORD} but {len(seats)} were given")
        self.game = game
        self.seats = seats
        self.save_path = save_path
        self.autosave = autosave and save_path is not None
        self.labels = [seat_label(seat, kind, self.humans) for seat, kind in enumerate(seats)]
        # Why the last autosave failed (None once a save works): the screen shows it, the game goes on.
        self.save_error: str | None = None
        # The save last written or loaded, so that quitting can tell whether the game in play is in a file.
        self._saved: str | None = None
        # The seat that made each applied decision, so undo knows where the last human decision is.
        self.deciders: list[int] = []
        # Decisions before this index stand: something hidden came to light after them (a game says what).
        self.settled = 0
        self.log: list[str] = []

    @property
    def humans(self) -> int:
        return sum(kind == HUMAN for kind in self.seats)

    # ------------------------------------------------------------------------------------------ saving

    def to_json(self) -> str:
        return json.dumps({"format": self.SAVE_FORMAT, "seats": list(self.seats),
                           "game": json.loads(self.game.to_json())})

    def save(self, path: Path | None = None) -> Path:
        """Write the save atomically: a temporary file next to the target, then a rename, so a failure (a full
        disk, a read-only folder) never leaves a half-written save. Raises OSError; the game is untouched."""
        target = path or self.save_path or default_save_path(self.GAME_NAME)
        text = self.to_json()
        write_atomically(target, text)
        self._saved = text
        return target

    def mark_saved(self) -> None:
        """The game as it is now is in a file (the one it was loaded from)."""
        self._saved = self.to_json()

    @property
    def unsaved(self) -> bool:
        """A game in progress that no save file holds as it is now."""
        return not self.game.is_over and self.to_json() != self._saved

    def checkpoint(self) -> None:
        """Save after a move; a failure is kept in `save_error` for the screen to show, and the game goes on."""
        if not self.autosave:
            return
        try:
            self.save()
        except OSError as exc:
            self.save_error = _("could not save to {path}: {reason}").format(path=self.save_path,
                                                                             reason=exc.strerror or exc)
        else:
            self.save_error = None

    # ------------------------------------------------------------------------------------------ turns

    @property
    def seat(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        raise NotImplementedError

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def human_to_play(self) -> bool:
        return self.is_human(self.seat)

    # ------------------------------------------------------------------------------------------ hints

    def hint_request(self) -> tuple[dict[str, Any], list[Any]]:
        """The view and legal actions of the seat to decide, taken on the UI thread for `hints`."""
        raise NotImplementedError

    def hints(self, view: dict[str, Any], legal: list[Any]) -> list[HintLine]:
        """The hard bot's top suggestions (it searches: call this off the UI thread)."""
        raise NotImplementedError

    # ------------------------------------------------------------------------------------------ undo

    @property
    def can_undo(self) -> bool:
        return any(self.is_human(seat) for seat in self.deciders[self.settled:])

    @property
    def undo_refusal(self) -> str:
        """Why nothing can be taken back, when `can_undo` is false."""
        return _("There is no decision of yours to take back.")

    def _take_back(self, seat: int) -> str:
        """Undo the engine's last decision (made by `seat`) and say what was taken back."""
        raise NotImplementedError

    def undo(self) -> list[str]:
        """Take back the last human decision and every bot decision made after it."""
        if not self.can_undo:
            return [self.undo_refusal]
        lines = []
        while True:
            seat = self.deciders.pop()
            lines.append(_("{player} takes back: {action}.").format(player=self.labels[seat],
                                                                    action=self._take_back(seat)))
            if self.is_human(seat):
                break
        self.log.extend(lines)
        self.checkpoint()
        return lines
