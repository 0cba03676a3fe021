"""A game at a table: the engine's `Game`, who sits in each seat, the log, undo and saves.

Everything here is plain Python (no Textual), so the app stays a thin face and this logic is easy to test.
A save is the engine's own save (`Game.to_json`) wrapped with the seats; `--load` also accepts a bare engine
save, seating a human at P1 and medium bots elsewhere.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tabletop.saving import write_atomically

from .. import bots
from ..actions import Action
from ..bots import Bot
from ..errors import CorruptSaveError
from ..events import Event
from ..game import Game
from .table import HUMAN, default_seats, seat_label

SAVE_FORMAT = "bloodyinn/tui-save"
HINT_LEVEL = "hard"
HEADLINE = "=="
HEADLINES = ("round", "reshuffle", "final_round", "skip_final_round", "police", "end_of_game", "solo_lost")


def _line(event: Event) -> str:
    """A log line; the turning points of the game stand out, with or without colour."""
    return f"{HEADLINE} {event.text}" if event.kind in HEADLINES else event.text


def default_save_path() -> Path:
    """A fresh file in the current directory, so a new game never overwrites an earlier save."""
    return Path.cwd() / f"bloodyinn-{datetime.now():%Y%m%d-%H%M%S}.json"


@dataclass(frozen=True)
class HintLine:
    action: Action
    text: str


class Session:
    """One game being played: apply decisions, let bots think, take back, save."""

    def __init__(self, game: Game, seats: tuple[str, ...], save_path: Path | None, autosave: bool = True) -> None:
        if len(seats) != game.config.players:
            raise ValueError(f"the game has {game.config.players} seat(s) but {len(seats)} were given")
        self.game = game
        self.seats = seats
        self.save_path = save_path
        self.autosave = autosave and save_path is not None
        humans = sum(kind == HUMAN for kind in seats)
        self.labels = [seat_label(seat, kind, humans) for seat, kind in enumerate(seats)]
        self.bots: dict[int, Bot] = {
            seat: bots.make_bot(kind, game.config.seed + seat) for seat, kind in enumerate(seats) if kind != HUMAN}
        # Why the last autosave failed (None once a save works): the screen shows it, the game goes on.
        self.save_error: str | None = None
        # The seat that made each applied decision, so undo knows where the last human decision is.
        self.deciders: list[int] = []
        table = "solitaire" if game.config.solo else f"game for {len(seats)}"
        self.log: list[str] = [f"A {game.config.length} {table}: " + ", ".join(self.labels) + "."]
        self.log.extend(_line(event) for event in game.setup_events)

    # ------------------------------------------------------------------------------------------ loading

    @classmethod
    def load(cls, path: Path, save_path: Path | None = None, autosave: bool = True) -> Session:
        """Resume a saved game; its log is rebuilt by replaying the record, so nothing is missing."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CorruptSaveError(f"cannot read {path}: {exc}") from None
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            saved = Game.from_json(json.dumps(data.get("game")))
            seats = tuple(data.get("seats") or ())
        else:
            saved = Game.from_json(json.dumps(data))
            seats = default_seats(saved.config.players)
        record = saved.record()
        session = cls(Game.replay({**record, "actions": []}), seats, save_path or path, autosave)
        for text in record["actions"]:
            session._apply(session.game.validate(text))
        session.log.append(f"(Resumed from {path.name}.)")
        return session

    def to_json(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "seats": list(self.seats),
                           "game": json.loads(self.game.to_json())})

    def save(self, path: Path | None = None) -> Path:
        """Write the save atomically: a temporary file next to the target, then a rename, so a failure (a full
        disk, a read-only folder) never leaves a half-written save. Raises OSError; the game is untouched."""
        target = path or self.save_path or default_save_path()
        write_atomically(target, self.to_json())
        return target

    # ------------------------------------------------------------------------------------------ turns

    @property
    def seat(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        return self.game.current_player

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def human_to_play(self) -> bool:
        return self.is_human(self.seat)

    def apply(self, action: Action | str) -> list[str]:
        """Apply the current seat's decision; returns the new log lines. Illegal input raises the engine's
        IllegalActionError (its message says why) and changes nothing."""
        lines = self._apply(self.game.validate(action))
        self.checkpoint()
        return lines

    def _apply(self, action: Action) -> list[str]:
        seat = self.seat
        assert seat is not None
        # The events the action itself causes (its preview) are indented under it; what follows (the police,
        # the morning, the next round) is not.
        own = len(self.game.preview(action))
        events: list[Event] = self.game.apply(action, seat=seat)
        self.deciders.append(seat)
        lines = [f"  {event.text}" if 0 < i < own else _line(event) for i, event in enumerate(events)]
        self.log.extend(lines)
        return lines

    def bot_request(self) -> tuple[Bot, dict[str, Any], list[Action]]:
        """What a bot needs to decide for the current seat, taken on the UI thread so that the bot can think
        on another thread without touching the game."""
        seat = self.seat
        assert seat is not None and seat in self.bots
        return self.bots[seat], self.game.view(seat), self.game.legal_actions()

    # ------------------------------------------------------------------------------------------ undo

    @property
    def can_undo(self) -> bool:
        return any(self.is_human(seat) for seat in self.deciders)

    def undo(self) -> list[str]:
        """Take back the last human decision and every bot decision made after it."""
        if not self.can_undo:
            return ["There is no decision of yours to take back."]
        lines = []
        while True:
            seat = self.deciders.pop()
            action = self.game.undo()
            lines.append(f"{self.labels[seat]} takes back: {self.game.describe(action)}.")
            if self.is_human(seat):
                break
        self.log.extend(lines)
        self.checkpoint()
        return lines

    # ------------------------------------------------------------------------------------------ hints

    def hint_request(self) -> tuple[dict[str, Any], list[Action]]:
        seat = self.seat
        assert seat is not None
        return self.game.view(seat), self.game.legal_actions()

    @staticmethod
    def hints(view: dict[str, Any], legal: list[Action]) -> list[HintLine]:
        """The hard bot's top three suggestions (it searches: call this off the UI thread)."""
        return [HintLine(h.action, h.reason) for h in bots.hint(view, legal, level=HINT_LEVEL, top=3, seed=0)]

    # ------------------------------------------------------------------------------------------ saving

    def checkpoint(self) -> None:
        """Save after a move; a failure is kept in `save_error` for the screen to show, and the game goes on."""
        if not self.autosave:
            return
        try:
            self.save()
        except OSError as exc:
            self.save_error = f"could not save to {self.save_path}: {exc.strerror or exc}"
        else:
            self.save_error = None
