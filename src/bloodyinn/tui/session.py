"""A game at a table: the engine's `Game`, who sits in each seat, the log, undo and saves.

Everything here is plain Python (no Textual), so the app stays a thin face and this logic is easy to test.
A save is the engine's own save (`Game.to_json`) wrapped with the seats; `--load` also accepts a bare engine
save, seating a human at P1 and medium bots elsewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop import session as table_session
from tabletop.session import HEADLINE, HintLine, TableSession, read_save

from .. import bots
from ..actions import Action
from ..bots import Bot
from ..errors import CorruptSaveError
from ..events import Event
from ..game import Game
from ..texts import render_action_in, render_event
from ..texts.catalog import _
from .table import HUMAN, default_seats

SAVE_FORMAT = "bloodyinn/tui-save"
HINT_LEVEL = "hard"
HEADLINES = ("round", "reshuffle", "final_round", "skip_final_round", "police", "end_of_game", "solo_lost")


def _line(event: Event) -> str:
    """A log line; the turning points of the game stand out, with or without colour."""
    return f"{HEADLINE} {render_event(event)}" if event.kind in HEADLINES else render_event(event)


def default_save_path() -> Path:
    return table_session.default_save_path("bloodyinn")


class Session(TableSession):
    """One game being played: apply decisions, let bots think, take back, save."""

    SAVE_FORMAT = SAVE_FORMAT
    GAME_NAME = "bloodyinn"
    SEATS_WORD = "seat(s)"
    game: Game

    def __init__(self, game: Game, seats: tuple[str, ...], save_path: Path | None, autosave: bool = True) -> None:
        super().__init__(game, seats, save_path, autosave)
        self.bots: dict[int, Bot] = {
            seat: bots.make_bot(kind, game.config.seed + seat, timed=True) for seat, kind in enumerate(seats)
            if kind != HUMAN}
        if game.config.solo:
            table = _("A short solitaire: {players}.") if game.config.length == "short" else \
                _("A long solitaire: {players}.")
        else:
            table = _("A short game for {n}: {players}.") if game.config.length == "short" else \
                _("A long game for {n}: {players}.")
        self.log.append(table.format(n=len(seats), players=", ".join(self.labels)))
        self.log.extend(_line(event) for event in game.setup_events)

    # ------------------------------------------------------------------------------------------ loading

    @classmethod
    def load(cls, path: Path, save_path: Path | None = None, autosave: bool = True) -> Session:
        """Resume a saved game; its log is rebuilt by replaying the record, so nothing is missing."""
        engine_save, seats = read_save(path, SAVE_FORMAT, CorruptSaveError)
        saved = Game.from_json(engine_save)
        record = saved.record()
        session = cls(Game.replay({**record, "actions": []}), seats or default_seats(saved.config.players),
                      save_path or path, autosave)
        for action in record["actions"]:
            session._apply(session.game.validate(action))
        session.log.append(_("(Resumed from {file}.)").format(file=path.name))
        session.mark_saved()
        return session

    # ------------------------------------------------------------------------------------------ turns

    @property
    def seat(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        return self.game.current_player

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
        lines = [f"  {render_event(event)}" if 0 < i < own else _line(event) for i, event in enumerate(events)]
        self.log.extend(lines)
        return lines

    def bot_request(self) -> tuple[Bot, dict[str, Any], list[Action]]:
        """What a bot needs to decide for the current seat, taken on the UI thread so that the bot can think
        on another thread without touching the game."""
        seat = self.seat
        assert seat is not None and seat in self.bots
        return self.bots[seat], self.game.view(seat), self.game.legal_actions()

    # ------------------------------------------------------------------------------------------ undo

    def _take_back(self, seat: int) -> str:
        action = self.game.undo()
        return render_action_in(self.game.state, action)

    # ------------------------------------------------------------------------------------------ hints

    def hint_request(self) -> tuple[dict[str, Any], list[Action]]:
        seat = self.seat
        assert seat is not None
        return self.game.view(seat), self.game.legal_actions()

    @staticmethod
    def hints(view: dict[str, Any], legal: list[Action]) -> list[HintLine]:
        """The hard bot's top three suggestions (it searches: call this off the UI thread)."""
        return [HintLine(h.action, h.reason) for h in bots.hint(view, legal, level=HINT_LEVEL, top=3, seed=0)]
