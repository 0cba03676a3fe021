"""Live connections per table, and fan-out of state messages to them.

Each client has its own outbox drained by its own task, so publishing never waits for a slow network:
the table's lock is held only while messages are queued, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

import orjson
from starlette.websockets import WebSocket

from .errors import ServiceError
from .live import LiveTable
from .messages import state_message, table_summary
from .presence import Presence, RemotePresence

log = logging.getLogger(__name__)

# A client this many messages behind is not reading; it is disconnected (it can reconnect and catch up).
MAX_BACKLOG = 256


def encode(message: dict[str, Any]) -> str:
    """JSON text; orjson because encoding state messages is the largest cost of a move."""
    return orjson.dumps(message).decode()


class Client:
    def __init__(self, websocket: WebSocket, table_id: str, seat: int | None, lang: str = "en") -> None:
        self.websocket = websocket
        self.table_id = table_id
        self.seat = seat
        self.lang = lang  # the reader's language: every state, log line and error it is sent is in it
        # Who says what in the chat, for muting: the seat, or this spectator's connection.
        self.author = f"seat:{seat}" if seat is not None else f"watcher:{secrets.token_hex(4)}"
        # Text to send, or a close code: the last thing this client is sent.
        self._outbox: asyncio.Queue[str | int] = asyncio.Queue()
        self._pump = asyncio.create_task(self._drain())

    def send(self, text: str) -> None:
        if self._outbox.qsize() >= MAX_BACKLOG:
            log.warning("client of table %s is not reading; disconnecting it", self.table_id)
            self._outbox.put_nowait(1008)
            return
        self._outbox.put_nowait(text)

    def send_and_close(self, message: dict[str, Any], code: int) -> None:
        self._outbox.put_nowait(encode(message))
        self._outbox.put_nowait(code)

    def send_message(self, message: dict[str, Any]) -> None:
        self.send(encode(message))

    async def _drain(self) -> None:
        while True:
            text = await self._outbox.get()
            if isinstance(text, int):
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=text)
                return
            try:
                await self.websocket.send_text(text)
            except Exception:  # the peer is gone; the receive loop will notice and detach it
                return

    async def close(self) -> None:
        self._pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._pump


class Hub:
    def __init__(self) -> None:
        self._clients: dict[str, set[Client]] = {}
        # The connections of the other replicas (presence.py), and how to tell them of this one's.
        self.remote = RemotePresence()
        self.presence_changed: Callable[[str], None] | None = None

    def clients(self, table_id: str) -> set[Client]:
        return self._clients.get(table_id, set())

    def tables_with_clients(self) -> list[str]:
        return list(self._clients)

    def local_presence(self, table_id: str) -> Presence:
        """Who is connected to the table here: seats, and how many spectators."""
        clients = self.clients(table_id)
        return Presence(frozenset(c.seat for c in clients if c.seat is not None),
                        sum(1 for c in clients if c.seat is None))

    def online(self, table_id: str) -> set[int]:
        """The seats connected to the table, here or at another replica."""
        return set(self.local_presence(table_id).seats) | self.remote.seats(table_id)

    def summary(self, table: LiveTable) -> dict[str, Any]:
        spectators = self.local_presence(table.id).spectators + self.remote.spectators(table.id)
        return table_summary(table, self.online(table.id), spectators)

    def attach(self, table: LiveTable, client: Client) -> None:
        self._clients.setdefault(table.id, set()).add(client)
        client.send_message(state_message(table, client.seat, self.summary(table), [], full_log=True,
                                          lang=client.lang))
        self.announce(table)
        if self.presence_changed is not None:
            self.presence_changed(table.id)

    def detach(self, table: LiveTable, client: Client) -> None:
        clients = self._clients.get(table.id)
        if clients is not None:
            clients.discard(client)
            if not clients:
                del self._clients[table.id]
        self.announce(table)
        if self.presence_changed is not None:
            self.presence_changed(table.id)

    def evict(self, table: LiveTable, code: int, error: ServiceError, seat: int | None = None) -> None:
        """Disconnect, telling them why, everyone connected as `seat` (its token was revoked) or, without a seat,
        everyone at the table (it expired)."""
        for client in self.clients(table.id):
            if seat is None or client.seat == seat:
                client.send_and_close({"type": "error", "id": None, **error.to_dict(client.lang)}, code)

    def announce(self, table: LiveTable) -> None:
        """Tell everyone at the table who is there (seats taken, players online, spectators)."""
        text = encode({"type": "presence", "table": self.summary(table)})
        for client in self.clients(table.id):
            client.send(text)

    def send_chat(self, table: LiveTable, message: dict[str, Any]) -> None:
        """A chat message to the clients of its side of the table (chat.py)."""
        text = encode({"type": "chat", "message": message})
        for client in self.clients(table.id):
            if (client.seat is None) == (message["channel"] == "spectators"):
                client.send(text)

    def publish(self, table: LiveTable, events: list[dict[str, Any]], full_log: bool = False) -> None:
        """Send every client its seat's new state (with the whole log after an undo) in its language; one
        encoding per seat and language, shared by its clients."""
        clients = self.clients(table.id)
        if not clients:
            return
        summary = self.summary(table)
        texts: dict[tuple[int | None, str], str] = {}
        for client in clients:
            reader = client.seat, client.lang
            if reader not in texts:
                texts[reader] = encode(state_message(table, client.seat, summary, events, full_log, client.lang))
            client.send(texts[reader])
