"""A replica's tables kept in step with the database, which other replicas write to as well.

The database is the authority on a table: its moves are ordered there (repository.TableBehind), and a replica's
live table is a cache of it. When another replica announces a change (fanout.py), when this one finds the
database ahead while storing a move, when a token it does not know yet is shown, and now and then for every
table it holds, the replica reads what is new (moves, seats, options, clock, chat) and tells its own clients.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from .errors import ServiceError, expired
from .fanout import TAKEN_BACK, Change
from .hub import Hub
from .live import LiveTable
from .options import TableOptions
from .registry import TableRegistry
from .repository import EXPIRED, Repository
from .seats import authenticate

log = logging.getLogger(__name__)

CHECK_BATCH = 500  # tables whose move counts are read in one query


class TableSync:
    def __init__(self, repository: Repository, tables: TableRegistry, hub: Hub,
                 reseat: Callable[[LiveTable], None]) -> None:
        """`reseat` readies a table that changed elsewhere: its bots, clock and bots' turn (play.Play.reseat)."""
        self._repository = repository
        self._tables = tables
        self._hub = hub
        self._reseat = reseat
        self._due: dict[str, bool] = {}  # tables waiting to be read again: whether to rebuild from scratch
        self._tasks: set[asyncio.Task[None]] = set()

    def receive(self, change: Change) -> None:
        """Another replica changed a table: read it again if it is held here (the reads of one table coalesce)."""
        table = self._tables.loaded(change.table_id)
        if table is not None:
            self._schedule(table, rebuild=change.kind == TAKEN_BACK)

    async def check(self) -> None:
        """Read again every table held here whose count of moves or of chat messages differs from the
        database's (a missed change)."""
        held = {table.id: table for table in self._tables.live()}
        ids = list(held)
        for start in range(0, len(ids), CHECK_BATCH):
            stored = await asyncio.to_thread(self._repository.progress_of, ids[start:start + CHECK_BATCH])
            for table_id, progress in stored.items():
                table = held[table_id]
                if progress != (table.seq, len(table.chat)):
                    self._schedule(table, rebuild=False)

    async def watch(self, every: float) -> None:
        """Check every `every` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.check()
            except Exception as exc:  # the database is away: try again at the next check
                log.warning("checking the tables against the database failed: %s", exc)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def authenticated(self, table: LiveTable, seat: int, token: str) -> None:
        """`authenticate`, reading the table again before refusing a token: it may have been given out by
        another replica a moment ago."""
        try:
            authenticate(table, seat, token)
        except ServiceError as refused:
            if refused.code != "forbidden":
                raise
            async with table.lock:
                await self.catch_up(table)
            authenticate(table, seat, token)

    def _schedule(self, table: LiveTable, rebuild: bool) -> None:
        if table.id in self._due:
            self._due[table.id] |= rebuild
            return
        self._due[table.id] = rebuild
        task = asyncio.create_task(self._refresh(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, table: LiveTable) -> None:
        try:
            async with table.lock:
                rebuild = self._due.pop(table.id, False)
                await self.catch_up(table, rebuild)
        except Exception:
            log.exception("table %s could not be read again from the database", table.id)

    async def catch_up(self, table: LiveTable, rebuild: bool = False) -> None:
        """Bring `table` to what the database holds and tell its clients what changed. The table's lock is held.
        Its new moves are applied after checking that the last move known here is still the database's; moves
        taken back (an undo) rebuild the game from its stored moves."""
        seen = table.seq
        record = await asyncio.to_thread(self._repository.load_table, table.id, max(seen - 1, 0), len(table.chat))
        if record is None:
            return
        if record.status == EXPIRED:
            self._expired(table)
            return
        actors, texts = record.actors, record.actions
        if seen:
            rebuild = rebuild or not texts or texts[0] != table.rules.history(table.game)[seen - 1]
            actors, texts = actors[1:], texts[1:]
        events = []
        if not rebuild:
            try:
                for seat, text in zip(actors, texts, strict=True):
                    events += table.apply(seat, text)
            except Exception:  # not the game known here after all: start again from the stored moves
                rebuild = True
        if rebuild:
            whole = await asyncio.to_thread(self._repository.load_table, table.id)
            if whole is None:
                return
            table.adopt(LiveTable.rebuild(whole))
            self._hub.publish(table, [], full_log=True)
            self._reseat(table)
            return
        waiting, options = table.waiting, TableOptions.from_dict(record.options)
        seats_changed = record.seats != table.seats
        changed = bool(events) or seats_changed or options != table.options or (
            (record.deadline, record.deadline_seq) != (table.deadline, table.deadline_seq))
        table.seats, table.options = record.seats, options
        table.deadline, table.deadline_seq = record.deadline, record.deadline_seq
        if record.updated_at is not None:
            table.last_active = max(table.last_active, record.updated_at)
        begins = waiting and not table.waiting
        if begins:
            table.seated()
        for message in record.chat:
            table.chat.append(message)
            self._hub.send_chat(table, message)
        if changed:
            self._hub.publish(table, events, full_log=seats_changed)
            self._reseat(table)

    def _expired(self, table: LiveTable) -> None:
        """Another replica expired the table (expiry.py): stop serving it here too."""
        table.expired = True
        self._tables.drop(table.id)
        self._hub.evict(table, 4410, expired(table.id))
