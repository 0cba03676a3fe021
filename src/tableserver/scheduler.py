"""Where bots think: a thread pool, off the event loop, shared fairly.

At most `workers` bots think at once. When more are waiting, a bot at a table with people goes first (first
come, first served among them), then the bot-only tables in their turn; and with two workers or more, one is
kept for tables with people. However many bot-only games run, a person's opponent starts thinking at once (if
several people's bots think at the same moment, they take turns among themselves).
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
        self._kept_for_people = 1 if workers > 1 else 0
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
        waiter = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrivals), waiter))
        self._dispatch()
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed a worker just as it was cancelled: pass it on
                self._release()
            raise

    def _release(self) -> None:
        self._free += 1
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand the free workers to the waiters, people's first; a bot-only game never takes the last one kept
        for people."""
        while self._waiting and self._free:
            priority, _, waiter = self._waiting[0]
            if waiter.done():  # cancelled while waiting
                heapq.heappop(self._waiting)
                continue
            if priority == BOTS_ONLY and self._free <= self._kept_for_people:
                return
            heapq.heappop(self._waiting)
            self._free -= 1
            waiter.set_result(None)
