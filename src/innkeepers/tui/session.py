"""A game at a table: the engine's `Game`, who sits in each seat, the log, undo and saves.

Plain Python (no Textual), so the app stays a thin face. In the simultaneous stages (choosing a card, refilling)
people decide first, then the bots: a bot's choice never waits on the screen while a person chooses, and taking a
person's decision back also takes back the bots' choices that followed it. A save is the engine's own save
(`Game.to_json`) with the seats; `--load` also accepts a bare engine save (a human at P1, bots elsewhere).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tabletop.saving import write_atomically
from tabletop.table import HUMAN, seat_label

from .. import bots
from ..actions import Action
from ..bots import Bot, SearchBot
from ..errors import CorruptSaveError
from ..events import Event
from ..game import Game

SAVE_FORMAT = "innkeepers/tui-save"
HEADLINE = "=="


def default_opponent() -> str:
    """The middle level the bots module offers, else its first bot."""
    levels: tuple[str, ...] = getattr(bots, "LEVELS", ())
    return levels[len(levels) // 2] if levels else next(iter(bots.BOTS))


def seat_kinds() -> tuple[str, ...]:
    """What a seat can be: human, then the bot levels and bots the bots module offers."""
    levels: tuple[str, ...] = getattr(bots, "LEVELS", ())
    return (HUMAN, *levels, *(name for name in bots.BOTS if name not in levels))


def default_seats(players: int) -> tuple[str, ...]:
    return (HUMAN, *([default_opponent()] * (players - 1)))


def default_save_path() -> Path:
    """A fresh file in the current directory, so a new game never overwrites an earlier save."""
    return Path.cwd() / f"innkeepers-{datetime.now():%Y%m%d-%H%M%S}.json"


@dataclass(frozen=True)
class HintLine:
    action: Action
    text: str


def log_line(event: Event) -> str:
    """A log line; each trick's start and the end stand out, with or without colour."""
    return f"{HEADLINE} {event.text}" if event.kind in ("trick", "end_of_game", "reshuffle") else event.text


class Session:
    """One game being played: apply decisions, let bots think, take back, save."""

    def __init__(self, game: Game, seats: tuple[str, ...], save_path: Path | None, autosave: bool = True) -> None:
        if len(seats) != game.config.players:
            raise ValueError(f"the game has {game.config.players} seats but {len(seats)} were given")
        self.game = game
        self.seats = seats
        self.save_path = save_path
        self.autosave = autosave and save_path is not None
        self.labels = [seat_label(seat, kind, self.humans) for seat, kind in enumerate(seats)]
        self.bots: dict[int, Bot] = {seat: bots.make_bot(kind, game.config.seed + seat)
                                     for seat, kind in enumerate(seats) if kind != HUMAN}
        # Why the last autosave failed (None once a save works): the screen shows it, the game goes on.
        self.save_error: str | None = None
        # The seat that made each applied decision, so undo knows where the last human decision is.
        self.deciders: list[int] = []
        self.log: list[str] = [f"Innkeepers for {len(seats)}: " + ", ".join(self.labels) + "."]
        self.log.extend(log_line(event) for event in game.setup_events)

    @property
    def humans(self) -> int:
        return sum(kind == HUMAN for kind in self.seats)

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
            unknown = [kind for kind in seats if kind not in seat_kinds()]
            if unknown:
                raise CorruptSaveError(f"unknown seat {unknown[0]!r} in {path}")
        else:
            saved = Game.from_json(json.dumps(data))
            seats = default_seats(saved.config.players)
        record = saved.record()
        session = cls(Game.replay({**record, "actions": []}), seats, save_path or path, autosave)
        for text in record["actions"]:
            seat, _, action = text.partition(" ")
            session._apply(session.game.validate(action, seat=int(seat[1:]) - 1), int(seat[1:]) - 1)
        session.log.append(f"(Resumed from {path.name}.)")
        return session

    def to_json(self) -> str:
        return json.dumps({"format": SAVE_FORMAT, "seats": list(self.seats),
                           "game": json.loads(self.game.to_json())})

    def save(self, path: Path | None = None) -> Path:
        """Write the save atomically (a failure never leaves a half-written save). Raises OSError; the game is
        untouched."""
        target = path or self.save_path or default_save_path()
        write_atomically(target, self.to_json())
        return target

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

    # ------------------------------------------------------------------------------------------ turns

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def seat(self) -> int | None:
        """The seat to decide next: a person before the bots when several seats owe a decision at once."""
        pending = self.game.pending_seats()
        people = [seat for seat in pending if self.is_human(seat)]
        return people[0] if people else pending[0] if pending else None

    @property
    def human_to_play(self) -> bool:
        return self.is_human(self.seat)

    def apply(self, action: Action | str, seat: int) -> list[str]:
        """Apply `seat`'s decision; returns the new log lines. Illegal input raises the engine's
        IllegalActionError (its message says why) and changes nothing."""
        lines = self._apply(self.game.validate(action, seat=seat), seat)
        self.checkpoint()
        return lines

    def _apply(self, action: Action, seat: int) -> list[str]:
        events = self.game.apply(action, seat=seat)
        self.deciders.append(seat)
        # Every event is public: a commitment says who has chosen, never what.
        lines = [log_line(event) for event in events]
        self.log.extend(lines)
        return lines

    def bot_request(self) -> tuple[int, Bot, dict[str, Any], list[Action]]:
        """What a bot needs to decide for the next seat, taken on the UI thread so that the bot can think on
        another thread without touching the game."""
        seat = self.seat
        assert seat is not None and seat in self.bots
        return seat, self.bots[seat], self.game.view(seat), self.game.legal_actions(seat)

    # ------------------------------------------------------------------------------------------ hints

    def hint_request(self) -> tuple[dict[str, Any], list[Action]]:
        """What the hint needs for the seat to decide next: its own view only."""
        seat = self.seat
        assert seat is not None
        return self.game.view(seat), self.game.legal_actions(seat)

    def hints(self, view: dict[str, Any], legal: list[Action]) -> list[HintLine]:
        """The hard bot's top three decisions, in notation, with their value: the points it expects to be ahead of
        the best rival (it searches: call this off the UI thread)."""
        ranked = SearchBot(0, bots.HARD).analyse(view, legal)[:3]
        return [HintLine(action, f"{action} ({value:+.1f})") for action, value in ranked]

    # ------------------------------------------------------------------------------------------ undo

    @property
    def can_undo(self) -> bool:
        """Against bots only: at a hot-seat table, taking a decision back would let one person change theirs
        after seeing another's."""
        return self.humans == 1 and any(self.is_human(seat) for seat in self.deciders)

    def undo(self) -> list[str]:
        """Take back the last human decision and every bot decision made after it."""
        if not self.can_undo:
            return ["There is no decision of yours to take back."]
        lines = []
        while True:
            seat = self.deciders.pop()
            _, action = self.game.undo()
            # A bot's secret choice stays secret; a person's own decision may be named.
            secret = action.kind in ("play", "refill") and not self.is_human(seat)
            lines.append(f"{self.labels[seat]} takes back: {'its choice' if secret else self.game.describe(action)}.")
            if self.is_human(seat):
                break
        self.log.extend(lines)
        self.checkpoint()
        return lines
