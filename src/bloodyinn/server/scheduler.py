"""Where bots think: a thread pool, off the event loop, shared fairly.

At most `workers` bots think at once. When more are waiting, a bot at a table with people goes first (first
come, first served among them), then the bot-only tables in their turn: however many bot-only games run, a
person's opponent is never queued behind them.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

PEOPLE_FIRST, BOTS_ONLY = 0, 1


class BotScheduler:
    def __init__(self, workers: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bloodyinn-bot")
        self._free = workers
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # a heap: (priority, arrival, waiter)
        self._arrivals = itertools.count()

    async def run(self, people: bool, think: Callable[..., T], *args: object) -> T:
        """`think(*args)` in a worker thread once a worker is free; `people`: the table has people at it."""
        await self._acquire(PEOPLE_FIRST if people else BOTS_ONLY)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, think, *args)
        finally:
            self._release()

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _acquire(self, priority: int) -> None:
        if self._free and not self._waiting:
            self._free -= 1
            return
        waiter = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrivals), waiter))
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed a worker just as it was cancelled: pass it on
                self._release()
            raise

    def _release(self) -> None:
        """Hand the worker to the first waiter still waiting, else put it back."""
        while self._waiting:
            _, _, waiter = heapq.heappop(self._waiting)
            if not waiter.done():
                waiter.set_result(None)
                return
        self._free += 1
