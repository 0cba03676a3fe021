"""Who is connected to a table, over every replica (PostgreSQL): the seats shown online, the spectators counted,
and the check that a player is really away before the others hand their seat to a bot.

A replica tells the others, through the same LISTEN/NOTIFY channel as the tables' changes (fanout.py), whenever
the connections to one of its tables change: which seats are connected there and how many spectators. Nothing
of it is stored. A replica also says now and then that it is alive; one not heard from for a while (killed,
cut off) no longer counts, so its players are shown away once they are. A replica that starts asks the others
to say who is connected to them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from .fanout import Change, announce

if TYPE_CHECKING:  # they use the presence kept here
    from .hub import Hub
    from .registry import TableRegistry
    from .writer import Work, Writer

log = logging.getLogger(__name__)

PRESENT = "present"  # detail: the seats connected, then the spectators ("0,2;3")
ALIVE = "alive"
ASK = "ask"  # a replica just started listening: the others say who is connected to them
KINDS = frozenset({PRESENT, ALIVE, ASK})
HEARTBEAT = 5.0  # seconds between a replica's "alive"; one silent for three of them no longer counts


@dataclass(frozen=True)
class Presence:
    seats: frozenset[int] = frozenset()
    spectators: int = 0

    def detail(self) -> str:
        return ",".join(str(seat) for seat in sorted(self.seats)) + f";{self.spectators}"

    @classmethod
    def parse(cls, detail: str) -> Presence:
        seats, spectators = detail.split(";")
        return cls(frozenset(int(seat) for seat in seats.split(",") if seat), int(spectators))


class RemotePresence:
    """What the other replicas said of their connections, per table (read by hub.Hub)."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[str, Presence]] = {}
        self._heard: dict[str, float] = {}  # replica -> when it was last heard (time.monotonic)

    def seats(self, table_id: str) -> set[int]:
        return {seat for presence in self._tables.get(table_id, {}).values() for seat in presence.seats}

    def spectators(self, table_id: str) -> int:
        return sum(presence.spectators for presence in self._tables.get(table_id, {}).values())

    def heard(self, replica: str) -> None:
        self._heard[replica] = time.monotonic()

    def update(self, replica: str, table_id: str, presence: Presence) -> None:
        replicas = self._tables.setdefault(table_id, {})
        if presence.seats or presence.spectators:
            replicas[replica] = presence
        else:
            replicas.pop(replica, None)
            if not replicas:
                del self._tables[table_id]

    def forget_silent(self, silent_for: float) -> set[str]:
        """Drop what replicas silent for `silent_for` seconds said; the tables concerned."""
        cutoff = time.monotonic() - silent_for
        gone = {replica for replica, heard in self._heard.items() if heard < cutoff}
        tables = set()
        for table_id, replicas in list(self._tables.items()):
            if gone & replicas.keys():
                tables.add(table_id)
                for replica in gone:
                    self.update(replica, table_id, Presence())
        for replica in gone:
            del self._heard[replica]
        return tables


class PresenceRelay:
    """Tells the other replicas of this one's connections, and this one's clients of theirs."""

    def __init__(self, hub: Hub, tables: TableRegistry, writer: Writer) -> None:
        self._hub = hub
        self._tables = tables
        self._writer = writer
        self._sending: set[asyncio.Task[None]] = set()
        hub.presence_changed = self.changed

    def changed(self, table_id: str) -> None:
        """The connections to `table_id` here changed: say so."""
        self._send(table_id, PRESENT, self._hub.local_presence(table_id).detail())

    def receive(self, change: Change) -> None:
        remote = self._hub.remote
        remote.heard(change.origin)
        if change.kind == ASK:
            for table_id in self._hub.tables_with_clients():
                self.changed(table_id)
        elif change.kind == PRESENT:
            remote.update(change.origin, change.table_id, Presence.parse(change.detail))
            self._announce(change.table_id)

    def ask(self) -> None:
        """Ask the other replicas who is connected to them (on listening, and again after a reconnection: what
        they said meanwhile was not heard)."""
        self._send("-", ASK)

    async def run(self) -> None:
        """Say this replica is alive and forget silent ones, for as long as the server runs."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            self._send("-", ALIVE)
            for table_id in self._hub.remote.forget_silent(3 * HEARTBEAT):
                self._announce(table_id)

    async def stop(self) -> None:
        """Let the last news go out (the sockets closed at shutdown), while the writer still runs."""
        await asyncio.gather(*self._sending, return_exceptions=True)

    def _announce(self, table_id: str) -> None:
        table = self._tables.loaded(table_id)
        if table is not None:
            self._hub.announce(table)

    def _send(self, table_id: str, kind: str, detail: str = "") -> None:
        task = asyncio.create_task(self._write(partial(announce, table_id=table_id, kind=kind, detail=detail)))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _write(self, work: Work) -> None:
        try:
            await self._writer.write(work)
        except Exception as exc:  # the database is away: the next change or heartbeat says it again
            log.warning("could not tell the other replicas who is connected here: %s", exc)
