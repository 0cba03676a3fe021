"""The game service: what the routes and the table sockets ask, made of parts with one job each: the live
tables (registry.py), moves, bots and turn clocks (play.py), the bots' turns and clocks any replica may take
(jobs.py), seats and their tokens (seats.py), the table chat (chat.py), idle tables expiring (expiry.py), and,
when the database is PostgreSQL, the tables kept in step with other replicas (sync.py) and who is connected to
them there (presence.py), both over fanout.py's notifications."""

from __future__ import annotations

import asyncio

from .chat import TableChat
from .errors import ServiceError
from .expiry import IdleExpiry
from .fanout import Change, Listener, listens
from .hub import Hub
from .jobs import CLOCK, Job, JobRunner
from .live import LiveTable
from .play import Play
from .presence import KINDS, PresenceRelay
from .registry import TableRegistry
from .repository import Repository
from .seats import Seats
from .settings import ServerSettings
from .sync import TableSync
from .writer import Writer


class GameService:
    def __init__(self, repository: Repository, writer: Writer, hub: Hub, settings: ServerSettings,
                 origin: str = "") -> None:
        """`origin` names this replica in the changes it announces (fanout.py)."""
        self.hub = hub
        self.jobs = JobRunner(repository.engine, self._attend, settings.job_lease, settings.job_poll)
        self.play = Play(writer, hub, settings, self._catch_up, self.jobs)
        self.tables = TableRegistry(repository, writer, hub, settings, self.play.install)
        self.sync = TableSync(repository, self.tables, hub, self.play.reseat)
        self.seats = Seats(self.tables, self.play, writer, hub, settings)
        self.chat = TableChat(writer, hub)
        self._expiry = IdleExpiry(self.tables, writer, hub, settings.idle_expiry)
        url = settings.resolved_database_url()
        shared = listens(url)
        self.listener = Listener(url, origin, self._receive, self._reconnected) if shared else None
        self.presence = PresenceRelay(hub, self.tables, writer) if shared else None
        self._catch_up_every = settings.catch_up_every
        self._tasks: list[asyncio.Task[None]] = []

    async def _catch_up(self, table: LiveTable) -> None:
        await self.sync.catch_up(table)

    async def _reconnected(self) -> None:
        """Listening (again): catch up on what the other replicas said while nobody listened."""
        assert self.presence is not None
        self.presence.ask()
        await self.sync.check()

    def _receive(self, change: Change) -> None:
        if change.kind in KINDS:
            assert self.presence is not None
            self.presence.receive(change)
        else:
            self.sync.receive(change)

    async def start(self) -> None:
        """Let every unfinished game carry on where it stopped, and hear of other replicas' changes."""
        await self.tables.load_unfinished()
        self._expiry.start()
        self.jobs.start()
        if self.listener is not None and self.presence is not None:
            await self.listener.start()
            self._tasks = [asyncio.create_task(self.sync.watch(self._catch_up_every)),
                           asyncio.create_task(self.presence.run())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.listener is not None and self.presence is not None:
            await self.listener.stop()
            await self.presence.stop()
        await self.sync.stop()
        await self._expiry.stop()
        await self.jobs.stop()
        await self.play.stop()

    async def _attend(self, job: Job) -> None:
        """Take a bot's turn or run out a clock (jobs.py) at the table, read again from the database first: the
        replica that posted the job may have been another."""
        try:
            table = await self.tables.get(job.table_id)
        except ServiceError:  # gone, or expired: there is nothing to do
            return
        async with table.lock:
            await self.sync.catch_up(table)
        if job.kind == CLOCK:
            await self.play.expire(table, job.seq)
        else:
            await self.play.bot_turn(table)
