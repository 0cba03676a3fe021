"""The single database writer, with group commit.

Every write (a new table, a claimed seat, an accepted action) is queued here and the caller awaits its
commit. One thread takes everything waiting and commits it in one transaction, so a busy server pays one
disk flush for many actions, while each caller still hears back only after its own write is durable.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from sqlalchemy.engine import Connection, Engine

log = logging.getLogger(__name__)

Write = Callable[[Connection], Any]
_STOP = object()


class Writer:
    def __init__(self, engine: Engine, max_batch: int = 256) -> None:
        self._engine = engine
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="bloodyinn-db-writer", daemon=True)
        self._thread.start()

    async def write(self, work: Write) -> Any:
        """Run `work(connection)` in a transaction; return its result once committed (or raise its error)."""
        future: Future[Any] = Future()
        self._queue.put((work, future))
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        self._queue.put(_STOP)
        self._thread.join()

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            batch = [item]
            while len(batch) < self._max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    self._commit(batch)
                    return
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Write, Future[Any]]]) -> None:
        try:
            with self._engine.begin() as connection:
                results = [work(connection) for work, _ in batch]
        except Exception as exc:
            if len(batch) == 1:
                log.warning("database write failed: %s", exc)
                batch[0][1].set_exception(exc)
            else:  # one bad write must not sink the others: retry them in a transaction each
                for one in batch:
                    self._commit([one])
            return
        for (_, future), result in zip(batch, results, strict=True):
            future.set_result(result)
