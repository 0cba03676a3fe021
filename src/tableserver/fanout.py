"""Changes to a table reach every replica through PostgreSQL's LISTEN/NOTIFY.

A write that changes a table announces it in its own transaction (`announce`), so the notification goes out
exactly when the change is committed, never for a change rolled back. The payload names only the writing
replica, the table and the kind of change; a receiver reads the change itself from the database
(sync.TableSync). A notification can still be missed (the listening connection dropped, a replica restarted):
the receivers also compare their tables' move counts with the database's now and then, and after every
reconnection. On SQLite (one process) there is nobody to tell.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

from .db import normalize_url

log = logging.getLogger(__name__)

CHANNEL = "inn_tables"
ORIGIN = "tableserver_origin"  # key of Connection.info: the replica whose writer holds the connection
CHANGED = "changed"  # moves, seats, options, clock, chat, over or expired: read what is new
TAKEN_BACK = "undo"  # moves were taken back: rebuild the game from its stored moves
LISTENER_NAME = "tableserver-listen"  # application_name of the listening connections (seen in pg_stat_activity)


@dataclass(frozen=True)
class Change:
    origin: str
    table_id: str
    kind: str
    detail: str = ""  # presence.py's kinds carry their news here

    def payload(self) -> str:
        return f"{self.origin} {self.table_id} {self.kind} {self.detail}"

    @classmethod
    def parse(cls, payload: str) -> Change | None:
        parts = payload.split(" ")
        return cls(*parts) if len(parts) == 4 else None


def announce(connection: Connection, table_id: str, kind: str = CHANGED, detail: str = "") -> None:
    """Tell the other replicas, once this transaction commits, that `table_id` changed."""
    if connection.dialect.name == "postgresql":
        change = Change(connection.info.get(ORIGIN, ""), table_id, kind, detail)
        connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": CHANNEL, "payload": change.payload()})


def listens(url: str) -> bool:
    """Whether the database at `url` carries notifications (PostgreSQL does, SQLite does not)."""
    return make_url(normalize_url(url)).get_backend_name() == "postgresql"


class Listener:
    """One connection LISTENing on the channel, reconnecting when it drops. Each change made by another replica
    is handed to `receive`; after every (re)connection `reconnected` runs, to catch up on what was said while
    nobody listened."""

    def __init__(self, url: str, origin: str, receive: Callable[[Change], None],
                 reconnected: Callable[[], Awaitable[None]]) -> None:
        self._conninfo = make_url(normalize_url(url)).set(drivername="postgresql").render_as_string(
            hide_password=False)
        self._origin = origin
        self._receive = receive
        self._reconnected = reconnected
        self.listening = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self, wait: float = 10.0) -> None:
        """Start listening; return once the first LISTEN is in place (or after `wait` s: it keeps trying)."""
        self._task = asyncio.create_task(self._run())
        try:
            await asyncio.wait_for(self.listening.wait(), wait)
        except TimeoutError:
            log.warning("not listening for other replicas' changes yet; still trying")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        import psycopg  # only a PostgreSQL deployment needs the driver

        pause = 0.2
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self._conninfo, autocommit=True, application_name=LISTENER_NAME) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    pause = 0.2
                    await self._reconnected()
                    async for note in connection.notifies():
                        change = Change.parse(note.payload)
                        if change is not None and change.origin != self._origin:
                            self._receive(change)
            except Exception as exc:  # the database restarted, the connection was cut: listen again
                log.warning("listening for other replicas' changes failed (%s); reconnecting", exc)
            finally:
                self.listening.clear()
            await asyncio.sleep(pause)
            pause = min(pause * 2, 5.0)
