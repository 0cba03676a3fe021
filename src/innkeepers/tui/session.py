"""A game at a table: the engine's `Game`, who sits in each seat, the log, undo and saves.

Plain Python (no Textual), so the app stays a thin face. In the simultaneous stages (choosing a card, refilling)
people decide first, then the bots: a bot's choice never waits on the screen while a person chooses, and taking a
person's decision back also takes back the bots' choices that followed it. A save is the engine's own save
(`Game.to_json`) with the seats; `--load` also accepts a bare engine save (a human at P1, bots elsewhere).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop import session as table_session
from tabletop.session import HEADLINE, HintLine, TableSession, read_save
from tabletop.table import HUMAN

from .. import bots
from ..actions import Action
from ..bots import Bot, SearchBot
from ..errors import CorruptSaveError
from ..events import Event
from ..game import Game
from ..texts import render_action, render_event
from ..texts.catalog import _

SAVE_FORMAT = "innkeepers/tui-save"


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
    return table_session.default_save_path("innkeepers")


# What brings hidden cards to light: a trick's cards turned over, a customer turned up or drawn, cards drawn.
# A decision followed by one of these stands, so that undo never lets a person choose again knowing them.
REVEALING = ("reveal", "trick", "choose", "deal", "refill", "reshuffle")


def log_line(event: Event, fixed_rooms: bool = False) -> str:
    """A log line in the language in use; each trick's start and the end stand out, with or without colour."""
    text = render_event(event, fixed_rooms=fixed_rooms)
    return f"{HEADLINE} {text}" if event.kind in ("trick", "end_of_game", "reshuffle") else text


class Session(TableSession):
    """One game being played: apply decisions, let bots think, take back, save."""

    SAVE_FORMAT = SAVE_FORMAT
    GAME_NAME = "innkeepers"
    game: Game

    def __init__(self, game: Game, seats: tuple[str, ...], save_path: Path | None, autosave: bool = True) -> None:
        super().__init__(game, seats, save_path, autosave)
        self.bots: dict[int, Bot] = {seat: bots.make_bot(kind, game.config.seed + seat, timed=True)
                                     for seat, kind in enumerate(seats) if kind != HUMAN}
        self.log.append(_("Innkeepers for {n}: {players}.").format(n=len(seats), players=", ".join(self.labels)))
        self.log.extend(log_line(event, game.config.fixed_rooms) for event in game.setup_events)

    # ------------------------------------------------------------------------------------------ loading

    @classmethod
    def load(cls, path: Path, save_path: Path | None = None, autosave: bool = True) -> Session:
        """Resume a saved game; its log is rebuilt by replaying the record, so nothing is missing."""
        engine_save, seats = read_save(path, SAVE_FORMAT, CorruptSaveError)
        saved = Game.from_json(engine_save)
        unknown = [kind for kind in seats or () if kind not in seat_kinds()]
        if unknown:
            raise CorruptSaveError(f"unknown seat {unknown[0]!r} in {path}")
        record = saved.record()
        session = cls(Game.replay({**record, "actions": []}), seats or default_seats(saved.config.players),
                      save_path or path, autosave)
        for text in record["actions"]:
            seat, _sep, action = text.partition(" ")
            session._apply(session.game.validate(action, seat=int(seat[1:]) - 1), int(seat[1:]) - 1)
        session.log.append(_("(Resumed from {file}.)").format(file=path.name))
        session.mark_saved()
        return session

    # ------------------------------------------------------------------------------------------ turns

    @property
    def seat(self) -> int | None:
        """The seat to decide next: a person before the bots when several seats owe a decision at once."""
        pending = self.game.pending_seats()
        people = [seat for seat in pending if self.is_human(seat)]
        return people[0] if people else pending[0] if pending else None

    def apply(self, action: Action | str, seat: int) -> list[str]:
        """Apply `seat`'s decision; returns the new log lines. Illegal input raises the engine's
        IllegalActionError (its message says why) and changes nothing."""
        lines = self._apply(self.game.validate(action, seat=seat), seat)
        self.checkpoint()
        return lines

    def _apply(self, action: Action, seat: int) -> list[str]:
        events = self.game.apply(action, seat=seat)
        self.deciders.append(seat)
        if any(event.kind in REVEALING for event in events):
            self.settled = len(self.deciders)
        # Every event is public: a commitment says who has chosen, never what.
        lines = [log_line(event, self.game.config.fixed_rooms) for event in events]
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
        """Against bots only, and only until something hidden comes to light: at a hot-seat table, taking a
        decision back would let one person change theirs after seeing another's; after a reveal, it would let
        a person replay the trick knowing the bots' cards (or the customer that comes up)."""
        return self.humans == 1 and super().can_undo

    @property
    def undo_refusal(self) -> str:
        if self.humans != 1:
            return _("Undo is for games against bots only.")
        if any(self.is_human(seat) for seat in self.deciders[:self.settled]):
            return _("Your last decision stands: cards have been shown since (undo stops at the last reveal).")
        return super().undo_refusal

    def _take_back(self, seat: int) -> str:
        _seat, action = self.game.undo()
        # A bot's secret choice stays secret; a person's own decision may be named.
        secret = action.kind in ("play", "refill") and not self.is_human(seat)
        return _("its choice") if secret else render_action(action, self.game.config.fixed_rooms)
