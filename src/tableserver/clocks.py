"""Turn clocks: each table with a clock gives the person who must decide `seconds` to do it.

The deadline is stored with the move it belongs to, and with it a job (jobs.py) that one replica takes when it is
due, so a clock runs out once however many replicas run, and even if the one that set it is gone (one that ran
out while no server was running runs out at the next start). What happens then is `play.Play.expire`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy.engine import Connection

from . import jobs
from .jobs import CLOCK
from .live import LiveTable
from .repository import Repository, now
from .writer import Writer


def clock_runs(table: LiveTable) -> bool:
    """A clock runs while a person must decide, once every human seat is taken (a table still waiting for
    its players has no clock). When several people decide at once, they share one clock, started when their
    decision began (`LiveTable.clock_seq`)."""
    return table.options.clocked and bool(table.people_pending) and not any(s.open for s in table.seats)


class TurnClocks:
    def __init__(self, writer: Writer, posted: Callable[[], None]) -> None:
        """`posted`: a clock's job was just posted (the job runner looks for due jobs)."""
        self._writer = writer
        self._posted = posted

    async def arm(self, table: LiveTable) -> None:
        """After anything that may change who must decide: start, keep or stop the table's clock. The deadline
        and the clock's job (jobs.py, taken by one replica when it is due) are stored together."""
        if not clock_runs(table):
            if table.deadline is not None:
                table.deadline = table.deadline_seq = None
                await self._writer.write(partial(_store_clock, table_id=table.id, deadline=None, seq=None))
            return
        if table.deadline is not None and table.deadline_seq == table.clock_seq:
            return
        table.deadline, table.deadline_seq = now() + timedelta(seconds=table.options.seconds), table.clock_seq
        await self._writer.write(partial(_store_clock, table_id=table.id, deadline=table.deadline,
                                         seq=table.deadline_seq))
        self._posted()


def _store_clock(connection: Connection, table_id: str, deadline: datetime | None, seq: int | None) -> None:
    Repository.set_deadline(connection, table_id=table_id, deadline=deadline, seq=seq)
    if deadline is None or seq is None:
        jobs.remove(connection, table_id, CLOCK)
    else:  # the stand-in bots the clock calls in play for people: their turns go first
        jobs.post(connection, table_id, CLOCK, seq, deadline.timestamp(), people=True)
