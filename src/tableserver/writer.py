"""The single database writer, with group commit.

Every write (a new table, a claimed seat, an accepted action) is queued here and the caller awaits its
commit. One thread takes everything waiting and commits it in one transaction, so a busy server pays one
disk flush for many actions (and stores all their rows with one statement), while each caller still hears
back only after its own write is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection, Engine

from .fanout import ORIGIN
from .repository import ActionRecord, Repository, TableBehind

log = logging.getLogger(__name__)

Work = Callable[[Connection], Any]


@dataclass
class _Item:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    work: Work | None = None
    actions: tuple[ActionRecord, ...] = ()  # stored together or not at all

    def resolve(self, result: Any = None, error: BaseException | None = None) -> None:
        """Hand the outcome back to the event loop that is waiting for it (called by the writer thread)."""
        def settle() -> None:
            if self.future.done():  # the waiter was cancelled
                return
            if error is not None:
                self.future.set_exception(error)
            else:
                self.future.set_result(result)

        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is waiting any more
            self.loop.call_soon_threadsafe(settle)


class Writer:
    def __init__(self, engine: Engine, max_batch: int = 512, origin: str = "") -> None:
        """`origin` names this replica in the changes it announces (fanout.py), so it ignores its own."""
        self._engine = engine
        self._origin = origin
        self._max_batch = max_batch
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="bloodyinn-db-writer", daemon=True)
        self._thread.start()

    async def write(self, work: Work) -> Any:
        """Run `work(connection)` in a transaction; return its result once committed (or raise its error)."""
        return await self._submit(work=work)

    async def append(self, *records: ActionRecord, work: Work | None = None) -> Any:
        """Store accepted actions, all of them or none, with what `work(connection)` (if given) writes in the
        same transaction (what the moves call for next: it commits with them or not at all); returns `work`'s
        result once committed."""
        return await self._submit(work=work, actions=records)

    async def _submit(self, work: Work | None = None, actions: tuple[ActionRecord, ...] = ()) -> Any:
        loop = asyncio.get_running_loop()
        item = _Item(loop, loop.create_future(), work, actions)
        self._queue.put(item)
        return await item.future

    def close(self, wait: float = 30.0) -> None:
        """Commit what is queued, then stop; give up after `wait` seconds (a database that no longer answers),
        rather than keep the process from ending (the thread is a daemon and ends with it)."""
        self._queue.put(None)
        self._thread.join(wait)
        if self._thread.is_alive():
            log.error("the database writer did not finish within %s s: the writes still queued are lost", wait)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < self._max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._commit(batch)
                    return
                batch.append(item)
            self._commit(batch)

    def _commit(self, batch: list[_Item]) -> None:
        try:
            with self._engine.begin() as connection:
                connection.info[ORIGIN] = self._origin
                results = [item.work(connection) if item.work is not None else None for item in batch]
                records = [record for item in batch for record in item.actions]
                if records:
                    Repository.append_actions(connection, records)
        except Exception as exc:
            if len(batch) == 1:
                if not isinstance(exc, TableBehind):  # that one is expected: another replica moved first
                    log.warning("database write failed: %s", exc)
                batch[0].resolve(error=exc)
            else:  # one bad write must not sink the others: retry them in a transaction each
                for item in batch:
                    self._commit([item])
            return
        for item, result in zip(batch, results, strict=True):
            item.resolve(result)
