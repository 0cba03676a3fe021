"""Abuse limits: oversize HTTP bodies are refused before any handler reads them (the API's requests are a few
hundred bytes), each client address may create tables and send moves only so fast, and hold only so many
WebSocket connections open."""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import ServiceError
from .settings import ServerSettings


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
    to `rate`. A rate of 0 means no limit."""

    def __init__(self, rate: float, per: float, what: str, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 100_000) -> None:
        self._capacity = rate
        self._refill = rate / per  # tokens per second
        self._what = what
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when counted)

    def take(self, key: str) -> None:
        """Count one request from `key`, or refuse it with 429 saying how long to wait."""
        if not self._capacity:
            return
        now = self._clock()
        tokens, then = self._buckets.get(key, (self._capacity, now))
        tokens = min(self._capacity, tokens + (now - then) * self._refill)
        if tokens < 1:
            wait = math.ceil((1 - tokens) / self._refill)
            raise ServiceError("rate_limited", f"too many {self._what} from your address; try again in {wait} s", 429,
                               retry_after=wait)
        if len(self._buckets) >= self._max_keys:
            self._forget_full(now)
        self._buckets[key] = (tokens - 1, now)

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled completely: they are the same as new ones."""
        for key, (tokens, then) in list(self._buckets.items()):
            if tokens + (now - then) * self._refill >= self._capacity:
                del self._buckets[key]


class ConnectionLimit:
    """WebSocket connections open at once, per client address and in all (0: no limit). Each connection holds a
    place (`hold`) for as long as it is open: one address cannot take every place, and the server stops
    accepting before it runs out of file descriptors and memory. The event loop serves every connection, so the
    counts need no lock."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._open: Counter[str] = Counter()

    def open_from(self, key: str) -> int:
        return self._open[key]

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """A place for one connection from `key`, or `ServiceError` `too_many_connections` saying which limit."""
        if self.total and self._open.total() >= self.total:
            raise ServiceError("too_many_connections",
                               f"the server has {self.total} connections open, its most; try again later", 503)
        if self.per_address and self._open[key] >= self.per_address:
            raise ServiceError("too_many_connections",
                               f"your address has the most connections open it may have ({self.per_address}):"
                               " close another tab or window of this server first", 429)
        self._open[key] += 1
        try:
            yield
        finally:
            self._open[key] -= 1
            if not self._open[key]:
                del self._open[key]


class ClientLimits:
    """The limits of `ServerSettings`: table creation per minute, moves per second and chat messages per minute,
    per address, and WebSocket connections open at once."""

    def __init__(self, settings: ServerSettings, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = RateLimiter(settings.tables_per_minute, 60.0, "new tables", clock)
        self.moves = RateLimiter(settings.moves_per_second, 1.0, "moves", clock)
        self.chat = RateLimiter(settings.chat_per_minute, 60.0, "chat messages", clock)
        self.connections = ConnectionLimit(settings.max_connections_per_address, settings.max_connections)
