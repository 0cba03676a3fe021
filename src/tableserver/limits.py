"""Abuse limits: oversize HTTP bodies are refused before any handler reads them (the API's requests are a few
hundred bytes), each client address may create tables and send moves only so fast, and hold only so many
WebSocket connections open. The counts are kept in the database (counts.py), so they hold across every server
process on it, not per process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from sqlalchemy.engine import Engine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.i18n import N_

from . import counts
from .errors import ServiceError
from .language import in_words
from .settings import ServerSettings

log = logging.getLogger(__name__)

# Seconds a replica holds its connections' places without renewing them: the places of one that died come back
# after this long.
CONNECTION_LEASE = 30.0


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        # Read the body here (counting, whatever the client declared), then hand it on unchanged.
        chunks: list[Message] = []
        size = 0
        while True:
            message = await receive()
            chunks.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.max_bytes:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return chunks.pop(0) if chunks else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": "too_large",
                           "message": f"request body larger than {self.max_bytes} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class RateLimiter:
    """A token bucket per key (a client's address): `rate` requests per `per` seconds on average, in bursts of up
    to `rate`, counted in the database for every replica at once. A rate of 0 means no limit. `clock` is the
    time in seconds since the epoch: the replicas' clocks are compared."""

    def __init__(self, engine: Engine, name: str, rate: float, per: float, what: str,
                 clock: Callable[[], float] = time.time) -> None:
        self._engine = engine
        self._name = name
        self._capacity = rate
        self._refill = rate / per  # tokens per second
        self._per = per
        self._what = what
        self._clock = clock

    async def take(self, key: str) -> None:
        """Count one request from `key`, or refuse it with 429 saying how long to wait."""
        if not self._capacity:
            return
        wait = await asyncio.to_thread(counts.take_token, self._engine, self._name, key, self._capacity,
                                       self._refill, self._clock())
        if wait:
            seconds = math.ceil(wait)
            raise ServiceError("rate_limited", "too many {what} from your address; try again in {seconds} s", 429,
                               retry_after=seconds, what=in_words(self._what), seconds=seconds)

    async def forget_full(self) -> None:
        """Drop the buckets that have refilled completely: they are the same as new ones."""
        if self._capacity:
            await asyncio.to_thread(counts.forget_full_buckets, self._engine, self._name, self._per, self._clock())


class ConnectionLimit:
    """WebSocket connections open at once, per client address and in all (0: no limit), over every replica.
    Each connection holds a place (`hold`) for as long as it is open: one address cannot take every place, and
    the site stops accepting before it runs out of file descriptors and memory. A replica renews its places
    (`renew`) while it runs; those of a replica that died lapse after `CONNECTION_LEASE` seconds."""

    def __init__(self, engine: Engine, per_address: int, total: int, clock: Callable[[], float] = time.time) -> None:
        self._engine = engine
        self.per_address = per_address
        self.total = total
        self._clock = clock
        self.replica = secrets.token_hex(8)
        self._held: set[str] = set()

    async def open_from(self, key: str) -> int:
        return await asyncio.to_thread(counts.open_from, self._engine, key)

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        """A place for one connection from `key`, or `ServiceError` `too_many_connections` saying which limit."""
        if not self.total and not self.per_address:
            yield
            return
        place, now = secrets.token_hex(8), self._clock()
        refused = await asyncio.to_thread(counts.open_connection, self._engine, place, self.replica, key,
                                          self.per_address, self.total, now + CONNECTION_LEASE, now)
        if refused == "total":
            raise ServiceError("too_many_connections",
                               "the server has {total} connections open, its most; try again later", 503,
                               total=self.total)
        if refused == "address":
            raise ServiceError("too_many_connections",
                               "your address has the most connections open it may have ({most}):"
                               " close another tab or window of this server first", 429, most=self.per_address)
        self._held.add(place)
        try:
            yield
        finally:
            self._held.discard(place)
            # Under way before any await, and shielded: a connection cancelled as it closes gives its place back.
            await asyncio.shield(asyncio.get_running_loop().run_in_executor(None, counts.close_connection,
                                                                            self._engine, place))

    async def renew(self) -> None:
        """Keep the places of the connections open here (any other place of this replica lapses)."""
        await asyncio.to_thread(counts.renew_connections, self._engine, list(self._held),
                                self._clock() + CONNECTION_LEASE)

    async def close(self) -> None:
        await asyncio.to_thread(counts.close_replica, self._engine, self.replica)


class ClientLimits:
    """The limits of `ServerSettings`: table creation per minute, moves per second and chat messages per minute,
    per address, and WebSocket connections open at once; `start` keeps them tidy while the server runs."""

    def __init__(self, settings: ServerSettings, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.tables = RateLimiter(engine, "tables", settings.tables_per_minute, 60.0, N_("new tables"), clock)
        self.moves = RateLimiter(engine, "moves", settings.moves_per_second, 1.0, N_("moves"), clock)
        self.chat = RateLimiter(engine, "chat", settings.chat_per_minute, 60.0, N_("chat messages"), clock)
        self.connections = ConnectionLimit(engine, settings.max_connections_per_address, settings.max_connections,
                                           clock)
        self._tidying: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._tidying = asyncio.create_task(self._tidy())

    async def stop(self) -> None:
        if self._tidying is not None:
            self._tidying.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._tidying
        with contextlib.suppress(Exception):  # else its places lapse by themselves
            await self.connections.close()

    async def _tidy(self) -> None:
        """Renew this replica's connection places, and forget full buckets, a few times per lease."""
        while True:
            await asyncio.sleep(CONNECTION_LEASE / 3)
            try:
                await self.connections.renew()
                for limiter in (self.tables, self.moves, self.chat):
                    await limiter.forget_full()
            except Exception:  # the database is down: try again next time
                log.exception("the shared limits could not be renewed")
