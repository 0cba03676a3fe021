"""Where bots think: worker processes (a process pool, off the event loop and its interpreter lock), shared fairly.

At most `workers` bots think at once. When more are waiting, a bot at a table with people goes first (first
come, first served among them), then the bot-only tables in their turn; and with two workers or more, one is
kept for tables with people. However many bot-only games run, a person's opponent starts thinking at once (if
several people's bots think at the same moment, they take turns among themselves).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

PEOPLE_FIRST, BOTS_ONLY = 0, 1


def _end_with(server: int) -> None:
    """In a worker, at its start: end it once the server that started it is gone. A server killed outright
    cannot tell its workers, and they would wait for work forever."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="bloodyinn-bot-watch", daemon=True).start()


def think(bot: Any, view: dict[str, Any], legal: list[Any]) -> Any:
    """A bot's choice, in a worker process: `bot` comes pickled as the table holds it, so whichever replica asks,
    the same bot in the same position chooses the same move."""
    return bot.choose(view, legal)


class BotScheduler:
    def __init__(self, workers: int, pool: Executor | None = None) -> None:
        """`workers` worker processes (started when first needed), or `pool` with as many workers. Spawned, not
        forked: a forked worker would keep the server's listening socket after the server is killed."""
        self._pool = pool or ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_end_with, initargs=(os.getpid(),))
        self._free = workers
        self._kept_for_people = 1 if workers > 1 else 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []  # a heap: (priority, arrival, waiter)
        self._arrivals = itertools.count()

    async def run(self, people: bool, think: Callable[..., T], *args: object) -> T:
        """`think(*args)` in a worker once one is free; `people`: the table has people at it."""
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
