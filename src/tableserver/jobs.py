"""Bots' turns and turn clocks, each taken exactly once whichever replica takes it.

A table that owes a bot's move, or whose turn clock runs, has a row in `jobs` (one per table and kind, `due` when
it may be taken). Every replica runs a `JobRunner`: it claims the rows that are due with `SELECT … FOR UPDATE SKIP
LOCKED` and leases them (`owner`, `until`), renewing the lease while it works on them. So two replicas never take
the same turn at once, and one that dies mid-turn loses nothing: its lease runs out and another replica takes the
turn. Whatever changes a table posts its job again (a new `stamp`); a job is deleted when it is done only if nobody
posted it again meanwhile. Taking a turn twice does no harm either: a move is stored only at the table's current
sequence number (the `actions` key), and a clock runs out only for the decision it was set for. SQLite (one
process) runs the same statements; it has no SKIP LOCKED, and needs none: the lease keeps a job to one taker.
Plain synchronous SQLAlchemy Core for the statements, called from worker threads or in the writer's transactions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from .db import jobs

log = logging.getLogger(__name__)

BOT, CLOCK = "bot", "clock"  # a bot owes a move; a turn clock runs out at `due`


@dataclass(frozen=True)
class Job:
    table_id: str
    kind: str
    seq: int  # BOT: the table's move count when posted; CLOCK: the move at which the timed decision began
    stamp: str  # which posting of the job this is

    @property
    def key(self) -> tuple[str, str]:
        return self.table_id, self.kind


def post(connection: Connection, table_id: str, kind: str, seq: int, due: float, people: bool) -> None:
    """Post (or post again) the table's job of `kind`: due at `due` (seconds since the epoch); `people`: the
    table has people at it, whose bots go first. A lease held on it stays with its holder."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    values = {"seq": seq, "due": due, "people": people, "stamp": secrets.token_hex(8)}
    statement = dialect.insert(jobs).values(table_id=table_id, kind=kind, **values)
    connection.execute(statement.on_conflict_do_update(index_elements=[jobs.c.table_id, jobs.c.kind], set_=values))


def remove(connection: Connection, table_id: str, kind: str | None = None) -> None:
    """The table needs nothing of that kind (of any kind, without one) any more."""
    condition = [jobs.c.table_id == table_id] + ([jobs.c.kind == kind] if kind is not None else [])
    connection.execute(delete(jobs).where(*condition))


def claim(engine: Engine, owner: str, now: float, lease: float, limit: int) -> list[Job]:
    """Lease up to `limit` due jobs nobody holds (or whose holder's lease ran out), people's tables first."""
    free = or_(jobs.c.until.is_(None), jobs.c.until < now)
    with engine.begin() as connection:
        rows = connection.execute(
            select(jobs.c.table_id, jobs.c.kind, jobs.c.seq, jobs.c.stamp).where(jobs.c.due <= now, free)
            .order_by(jobs.c.people.desc(), jobs.c.due).limit(limit).with_for_update(skip_locked=True)).all()
        claimed = []
        for row in rows:
            taken = connection.execute(
                update(jobs).where(jobs.c.table_id == row.table_id, jobs.c.kind == row.kind, free)
                .values(owner=owner, until=now + lease))
            if taken.rowcount == 1:
                claimed.append(Job(row.table_id, row.kind, row.seq, row.stamp))
    return claimed


def next_due(engine: Engine, now: float) -> float | None:
    """When the next job nobody holds comes due (None: there is none)."""
    with engine.connect() as connection:
        due = connection.scalar(select(func.min(jobs.c.due)).where(or_(jobs.c.until.is_(None), jobs.c.until < now)))
    return float(due) if due is not None else None


def renew(engine: Engine, owner: str, keys: list[tuple[str, str]], until: float) -> None:
    with engine.begin() as connection:
        for table_id, kind in keys:
            connection.execute(update(jobs).where(jobs.c.table_id == table_id, jobs.c.kind == kind,
                                                  jobs.c.owner == owner).values(until=until))


def finish(engine: Engine, job: Job, owner: str) -> None:
    """The job was done: delete it, unless it was posted again meanwhile; then give it up for anyone to take."""
    key = (jobs.c.table_id == job.table_id) & (jobs.c.kind == job.kind)
    with engine.begin() as connection:
        if connection.execute(delete(jobs).where(key, jobs.c.stamp == job.stamp)).rowcount == 0:
            connection.execute(update(jobs).where(key, jobs.c.owner == owner).values(owner=None, until=None))


def release(engine: Engine, owner: str) -> None:
    """Give up every lease of `owner` (a replica stopping): the others take its jobs at once."""
    with engine.begin() as connection:
        connection.execute(update(jobs).where(jobs.c.owner == owner).values(owner=None, until=None))


class JobRunner:
    """A replica's taker of jobs: claims what is due (at once when this replica posted it: `wake`, else every
    `poll` seconds), runs `attend(job)` for each, renews their leases while they run, and finishes them."""

    def __init__(self, engine: Engine, attend: Callable[[Job], Awaitable[None]], lease: float, poll: float,
                 capacity: int = 256) -> None:
        self._engine = engine
        self._attend = attend
        self._lease = lease
        self._poll = min(poll, lease / 3)  # a lease is renewed at least twice before it runs out
        self._capacity = capacity  # jobs held at once (most wait out the bots' delay)
        self.owner = secrets.token_hex(8)
        self._held: dict[tuple[str, str], asyncio.Task[None]] = {}
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._wake = asyncio.Event()
        self._loop = asyncio.create_task(self._run())

    def wake(self) -> None:
        """A job was just posted here: look for due jobs now."""
        if self._wake is not None:
            self._wake.set()

    async def stop(self) -> None:
        tasks = [task for task in (self._loop, *self._held.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        with contextlib.suppress(Exception):  # else the leases run out by themselves
            await asyncio.to_thread(release, self._engine, self.owner)

    async def _run(self) -> None:
        assert self._wake is not None
        renewed = time.monotonic()
        while True:
            self._wake.clear()
            wait = self._poll
            try:
                if len(self._held) < self._capacity:
                    for job in await asyncio.to_thread(claim, self._engine, self.owner, time.time(), self._lease,
                                                       self._capacity - len(self._held)):
                        if job.key not in self._held:
                            self._held[job.key] = asyncio.create_task(self._work(job))
                if self._held and time.monotonic() - renewed >= self._poll:
                    await asyncio.to_thread(renew, self._engine, self.owner, list(self._held),
                                            time.time() + self._lease)
                    renewed = time.monotonic()
                due = await asyncio.to_thread(next_due, self._engine, time.time())
                if due is not None:
                    wait = min(wait, max(0.0, due - time.time()))
            except Exception as exc:  # the database is away: try again at the next poll
                log.warning("bots' turns and clocks could not be claimed: %s", exc)
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that comes as the
            # wake-up does (stop() cancels the jobs, whose ends wake this loop), and stop() then waits forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self._wake.wait()

    async def _work(self, job: Job) -> None:
        try:
            await self._attend(job)
        except Exception:  # a turn must never stop the runner; the job is finished and posted again if need be
            log.exception("table %s: the %s job failed", job.table_id, job.kind)
        finally:
            del self._held[job.key]
            # Under way before any await, and shielded: a job cancelled as the server stops is still finished.
            with contextlib.suppress(Exception):
                await asyncio.shield(asyncio.get_running_loop().run_in_executor(
                    None, finish, self._engine, job, self.owner))
            self.wake()
