"""Idle tables expire: an unfinished table nobody has moved at (or joined) for `ServerSettings.idle_expiry`
seconds stops being served, its bots' and clock's jobs are dropped, and everyone connected to it is told why."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy.engine import Connection

from . import jobs
from .errors import expired
from .hub import Hub
from .live import LiveTable
from .registry import TableRegistry
from .repository import Repository, now
from .writer import Writer

log = logging.getLogger(__name__)


def _expire(connection: Connection, table_id: str) -> None:
    """The table is no longer served: neither its bots nor its clock are to be taken any more (jobs.py)."""
    Repository.mark_expired(connection, table_id=table_id)
    jobs.remove(connection, table_id)


class IdleExpiry:
    def __init__(self, tables: TableRegistry, writer: Writer, hub: Hub, idle: float) -> None:
        self._tables = tables
        self._writer = writer
        self._hub = hub
        self._idle = idle  # seconds; 0: never
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._idle:
            self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep(self) -> None:
        """Now and then, expire the unfinished tables that have been idle too long."""
        while True:
            await asyncio.sleep(min(max(self._idle / 4, 0.05), 600))
            cutoff = now() - timedelta(seconds=self._idle)
            for table in [t for t in self._tables.live() if not t.is_over and t.last_active < cutoff]:
                try:
                    await self._expire(table, cutoff)
                except Exception:  # the database is down: try again at the next sweep
                    log.exception("table %s could not be expired", table.id)

    async def _expire(self, table: LiveTable, cutoff: datetime) -> None:
        async with table.lock:
            if table.expired or table.last_active >= cutoff:  # someone moved meanwhile
                return
            await self._writer.write(partial(_expire, table_id=table.id))
            table.expired = True
            self._tables.drop(table.id)
        log.info("table %s expired after %s s without a move", table.id, self._idle)
        self._hub.evict(table, 4410, expired(table.id))
