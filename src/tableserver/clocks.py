"""Turn clocks: each table with a clock gives the person who must decide `seconds` to do it.

The deadline is stored with the move it belongs to, so a restarted server keeps every clock (one that ran out
while the server was down runs out at start-up). What happens then is the service's business (`expire`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from functools import partial

from .live import LiveTable
from .repository import Repository, now
from .writer import Writer

log = logging.getLogger(__name__)


def clock_runs(table: LiveTable) -> bool:
    """A clock runs while a person must decide, once every human seat is taken (a table still waiting for
    its players has no clock). When several people decide at once, they share one clock, started when their
    decision began (`LiveTable.clock_seq`)."""
    return table.options.clocked and bool(table.people_pending) and not any(s.open for s in table.seats)


class TurnClocks:
    def __init__(self, writer: Writer, expire: Callable[[LiveTable, int], Awaitable[None]]) -> None:
        self._writer = writer
        self._expire = expire

    async def arm(self, table: LiveTable) -> None:
        """After anything that may change who must decide: start, keep or stop the table's clock."""
        if not clock_runs(table):
            if table.deadline is not None:
                self._cancel(table)
                table.deadline = table.deadline_seq = None
                await self._writer.write(partial(Repository.set_deadline, table_id=table.id, deadline=None, seq=None))
            return
        if table.deadline is not None and table.deadline_seq == table.clock_seq:
            self.resume(table)
            return
        self._cancel(table)
        table.deadline, table.deadline_seq = now() + timedelta(seconds=table.options.seconds), table.clock_seq
        await self._writer.write(partial(Repository.set_deadline, table_id=table.id, deadline=table.deadline,
                                         seq=table.deadline_seq))
        self.resume(table)

    def resume(self, table: LiveTable) -> None:
        """Run down the stored deadline, if any (at start-up, or after `arm`)."""
        if table.deadline is None or table.deadline_seq is None:
            return
        if table.clock_task is None or table.clock_task.done():
            table.clock_task = asyncio.create_task(self._run(table, table.deadline_seq))

    def rerun(self, table: LiveTable) -> None:
        """Run down the deadline stored now, which another replica may have set or cleared."""
        self._cancel(table)
        self.resume(table)

    async def _run(self, table: LiveTable, seq: int) -> None:
        if table.deadline is not None:
            await asyncio.sleep(max(0.0, (table.deadline - now()).total_seconds()))
        try:
            await self._expire(table, seq)
        except Exception:  # a clock must never take the server down; the table goes on without it
            log.exception("table %s: the turn clock of move %d failed", table.id, seq)

    @staticmethod
    def _cancel(table: LiveTable) -> None:
        task = table.clock_task
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        table.clock_task = None

    @staticmethod
    async def stop(tables: list[LiveTable]) -> None:
        tasks = [t.clock_task for t in tables if t.clock_task is not None and not t.clock_task.done()]
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*tasks, return_exceptions=True)
