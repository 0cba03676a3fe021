"""A table as the server holds it in memory: the engine's game, its seats and its event log."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..bots import Bot
from ..config import GameConfig
from ..events import Event
from ..game import Game
from .options import TableOptions
from .repository import SeatRecord, TableRecord, now


def tagged(events: list[Event], seq: int) -> list[dict[str, Any]]:
    """Events as dicts, each tagged with the number of actions applied when it happened."""
    return [{**e.to_dict(), "seq": seq} for e in events]


@dataclass
class LiveTable:
    id: str
    created_at: datetime
    game: Game
    seats: list[SeatRecord]
    log: list[dict[str, Any]]
    # The seat that made each accepted action, to recognize a repeated submission of one of them.
    actors: list[int]
    # The fair shuffle (fairness.py): the published commitment and the secret behind the seed (shown when over).
    commitment: str | None = None
    secret: str | None = None
    practice: bool = False
    # When someone last moved or joined; an unfinished table idle for too long expires.
    last_active: datetime = field(default_factory=now)
    expired: bool = False
    # Serializes decisions at this table: validate, commit, then publish, one action at a time.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    options: TableOptions = field(default_factory=TableOptions)
    # The turn clock (clocks.TurnClocks): the decision at move `deadline_seq` must be taken by `deadline`.
    deadline: datetime | None = None
    deadline_seq: int | None = None
    clock_task: asyncio.Task[None] | None = None
    # When the decision now due began (time.monotonic; at start-up for a loaded game).
    waiting_since: float = field(default_factory=time.monotonic)

    @property
    def has_people(self) -> bool:
        return any(s.kind == "human" for s in self.seats)

    @property
    def seq(self) -> int:
        """How many actions have been accepted: the sequence number the next action must carry."""
        return len(self.game.actions)

    def record(self, seat: int, events: list[Event]) -> list[dict[str, Any]]:
        """Note who made the action just applied to `game` and what it caused; returns the tagged events."""
        self.actors.append(seat)
        self.waiting_since = time.monotonic()
        new = tagged(events, self.seq)
        self.log.extend(new)
        return new

    def undo_point(self, seat: int) -> int | None:
        """Where an undo by `seat` goes back to: the position of its last decision. Only when every other seat
        is a bot (nobody else's move is taken back) and the game is still on; None otherwise."""
        if self.game.is_over or any(s.kind != "bot" for s in self.seats if s.seat != seat):
            return None
        if self.seats[seat].kind != "human" or seat not in self.actors:
            return None
        return len(self.actors) - 1 - self.actors[::-1].index(seat)

    def take_back(self, seq: int) -> None:
        """Undo the actions from move `seq` on with the engine's own `Game.undo`, and forget their events."""
        while self.seq > seq:
            self.game.undo()
        del self.actors[seq:]
        self.waiting_since = time.monotonic()
        self.log[:] = [e for e in self.log if e["seq"] <= seq]

    @classmethod
    def rebuild(cls, record: TableRecord) -> LiveTable:
        """Replay the stored actions through the engine (R-SETUP-7: settings + seed + moves fix the game)."""
        game = Game(GameConfig.from_dict(record.settings))
        log = tagged(game.setup_events, 0)
        actors: list[int] = []
        for number, text in enumerate(record.actions, 1):
            seat = game.current_player
            if seat is None:
                raise RuntimeError(f"table {record.id}: an action is stored after the end of the game")
            actors.append(seat)
            log.extend(tagged(game.apply(text), number))
        return cls(id=record.id, created_at=record.created_at, game=game, seats=record.seats, log=log,
                   actors=actors, options=TableOptions.from_dict(record.options), deadline=record.deadline,
                   deadline_seq=record.deadline_seq, commitment=record.commitment, secret=record.secret,
                   practice=record.practice,
                   last_active=record.updated_at or record.created_at)
