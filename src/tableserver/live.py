"""A table as the server holds it in memory: the engine's game, its seats and its event log.

Who owes a decision comes from the game (`GameRules.pending`): one seat at a time in The Bloody Inn, several
at once when every Innkeepers seat chooses its card in secret. For each pending seat the table remembers the
move at which its decision began (`since`): an action chosen at any move since then is still good, however
many other seats committed meanwhile, and a turn clock belongs to that decision, not to the latest move.
"""

from __future__ import annotations

import asyncio
import copy
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from tabletop.protocol import GameEvent, GameProtocol

from .errors import expired
from .games import GameRules, rules_for
from .options import TableOptions
from .repository import SeatRecord, TableRecord, now

# What a process runs for a table, rather than what the table is (LiveTable.adopt keeps them).
_RUNNING = frozenset({"lock", "bots"})


def tagged(events: Sequence[GameEvent], seq: int) -> list[dict[str, Any]]:
    """Events as dicts, each tagged with the number of actions applied when it happened and holding the event
    itself (under "event", never sent), which each reader gets in words in their own language
    (localize.localized)."""
    return [{**{k: v for k, v in e.to_dict().items() if k != "text"}, "seq": seq, "event": e} for e in events]


@dataclass
class LiveTable:
    id: str
    created_at: datetime
    rules: GameRules[Any, Any]  # the table's game's own (which game is known when the table is read)
    game: GameProtocol[Any]  # the engine's game, spoken to through `rules`
    seats: list[SeatRecord]
    log: list[dict[str, Any]]
    # The seat that made each accepted action, and the move at which that decision began, to recognize a
    # repeated submission of one of them.
    actors: list[int] = field(default_factory=list)
    answered_from: list[int] = field(default_factory=list)
    # Per seat that owes a decision: the move at which that decision began, and when (time.monotonic).
    since: dict[int, int] = field(default_factory=dict)
    since_time: dict[int, float] = field(default_factory=dict)
    # `since` after each move (index: the move count), so an undo restores it.
    since_history: list[dict[int, int]] = field(default_factory=list)
    # The fair shuffle (fairness.py): the published commitment and the secret behind the seed (shown when over).
    commitment: str | None = None
    secret: str | None = None
    practice: bool = False
    # Moves before this one stand: something hidden came to light after them (GameRules.revealing), and an undo
    # never goes back past it.
    revealed: int = 0
    # The table's chat (chat.py), both sides, in the order said.
    chat: list[dict[str, Any]] = field(default_factory=list)
    # When someone last moved or joined; an unfinished table idle for too long expires.
    last_active: datetime = field(default_factory=now)
    expired: bool = False
    # Serializes decisions at this table: validate, commit, then publish, one batch of actions at a time.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Any] = field(default_factory=dict)  # each with choose(view, legal)
    options: TableOptions = field(default_factory=TableOptions)
    # The turn clock (clocks.TurnClocks): the decision at move `deadline_seq` must be taken by `deadline`.
    deadline: datetime | None = None
    deadline_seq: int | None = None
    # Per seat and reader's language, the seat's choices as last sent (messages.choices): its legal actions, the
    # seats' names and the forms, sent again while they stay the same.
    choices: dict[tuple[int, str], tuple[list[Any], list[str], list[dict[str, Any]]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.since_history:
            self._track(None)

    def raise_if_expired(self) -> None:
        if self.expired:
            raise expired(self.id)

    @property
    def has_people(self) -> bool:
        return any(s.kind == "human" for s in self.seats)

    @property
    def seq(self) -> int:
        """How many actions have been accepted: the sequence number the next action must carry."""
        return len(self.actors)

    @property
    def waiting(self) -> bool:
        """A person's seat is still open: the game has not begun. Until every human seat is taken nobody decides
        and nothing of the deal is shown to anyone (messages.state_message), so a creator cannot look at the
        cards and make the table again until they suit them."""
        return any(s.open for s in self.seats)

    def seated(self) -> None:
        """The last open seat was just taken: the decisions owed now begin."""
        self._track(None)

    @property
    def pending(self) -> list[int]:
        """The seats that owe a decision now (several when they choose at once); none while the table waits for
        its players."""
        return [] if self.waiting else self.rules.pending(self.game)

    @property
    def current_player(self) -> int | None:
        pending = self.pending
        return pending[0] if pending else None

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over)

    @property
    def people_pending(self) -> list[int]:
        return [seat for seat in self.pending if self.seats[seat].kind == "human"]

    @property
    def clock_seq(self) -> int | None:
        """The move at which the people's decision now due began (the turn clock's), or None."""
        people = self.people_pending
        return min(self.since[seat] for seat in people) if people else None

    def apply(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply a legal action of `seat` to the game, note who made it and what it caused; the tagged events."""
        answered = self.since.get(seat, self.seq)
        events = self.rules.apply(self.game, seat, action)
        self.actors.append(seat)
        self.answered_from.append(answered)
        self._track(seat)
        new = tagged(events, self.seq)
        self.log.extend(new)
        if any(event["kind"] in self.rules.revealing for event in new):
            self.revealed = self.seq
        return new

    def _track(self, actor: int | None) -> None:
        """After a move by `actor`: a seat that still owes the decision it owed before keeps its `since` (another
        seat moved meanwhile); any other pending seat starts a new decision now."""
        stamp = time.monotonic()
        since, times = {}, {}
        for seat in self.pending:
            if seat in self.since and seat != actor:
                since[seat], times[seat] = self.since[seat], self.since_time[seat]
            else:
                since[seat], times[seat] = self.seq, stamp
        self.since, self.since_time = since, times
        del self.since_history[self.seq:]
        self.since_history.append(dict(since))

    def answered(self, seat: int, seq: int, action: str) -> str | None:
        """If `seat` already made `action` for the decision it owed at move `seq`, that action (canonical)."""
        for index in range(max(seq, 0), self.seq):
            if self.actors[index] == seat and self.answered_from[index] <= seq:
                made = self.rules.history(self.game)[index]
                return made if self.rules.canonical(action) == made else None
        return None

    def undo_point(self, seat: int) -> int | None:
        """Where an undo by `seat` goes back to: the position where its last decision began (for a choice made
        at once with bots, before the bots chose too, so they choose again). Only when every other seat is a bot
        (nobody else's move is taken back), the game is still on, and nothing hidden came to light since that
        decision began (`revealed`: undo must not let a person choose again knowing what the bots chose); None
        otherwise."""
        if self.is_over or any(s.kind != "bot" for s in self.seats if s.seat != seat):
            return None
        if self.seats[seat].kind != "human" or seat not in self.actors:
            return None
        point = self.answered_from[len(self.actors) - 1 - self.actors[::-1].index(seat)]
        return point if point >= self.revealed else None

    def fork(self) -> LiveTable:
        """A copy to check moves on before they are stored: its own game (`Game.copy`) and move bookkeeping, the
        rest shared; its log holds only the events of the moves tried (the game's log is long). Nobody else
        reads it."""
        trial = copy.copy(self)
        trial.game, trial.log = self.game.copy(), []
        trial.actors, trial.answered_from = list(self.actors), list(self.answered_from)
        trial.since, trial.since_time = dict(self.since), dict(self.since_time)
        trial.since_history = list(self.since_history)
        return trial

    def adopt(self, other: LiveTable) -> None:
        """Become `other` (the same table rebuilt from the database), keeping what this process runs for it: its
        lock, bots and their task, and its clock's task."""
        for spec in fields(self):
            if spec.name not in _RUNNING:
                setattr(self, spec.name, getattr(other, spec.name))

    def take_back(self, seq: int) -> None:
        """Undo the actions from move `seq` on with the engine's own `Game.undo`, and forget their events."""
        for _ in range(self.seq - seq):
            self.game.undo()
        del self.actors[seq:]
        del self.answered_from[seq:]
        del self.since_history[seq + 1:]
        self.since = dict(self.since_history[seq])
        stamp = time.monotonic()
        self.since_time = {seat: stamp for seat in self.since}
        self.log[:] = [e for e in self.log if e["seq"] <= seq]

    @classmethod
    def rebuild(cls, record: TableRecord) -> LiveTable:
        """Replay the stored actions through the engine (settings + seed + moves fix a game, R-SETUP-7)."""
        rules = rules_for(record.game)
        game = rules.start(record.settings)
        table = cls(id=record.id, created_at=record.created_at, rules=rules, game=game, seats=record.seats,
                    log=tagged(game.setup_events, 0), options=TableOptions.from_dict(record.options),
                    deadline=record.deadline, deadline_seq=record.deadline_seq, commitment=record.commitment,
                    secret=record.secret, practice=record.practice,
                    last_active=record.updated_at or record.created_at, chat=record.chat)
        for seat, text in zip(record.actors, record.actions, strict=True):
            if seat not in rules.pending(game):  # the game's own turn (a table from before `waiting` may have moves)
                raise RuntimeError(f"table {record.id}: stored move {table.seq} of seat {seat} is not its turn")
            table.apply(seat, text)
        return table
