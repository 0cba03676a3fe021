"""A replica stops even when a job's end wakes its job loop at the moment it is cancelled (on Python 3.11,
asyncio.wait_for swallowed that cancellation and the server's shutdown waited forever)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tableserver.db import make_engine
from tableserver.jobs import JobRunner
from tableserver.migrate import upgrade


@pytest.mark.asyncio
@pytest.mark.parametrize("steps", range(4))  # every ordering of the wake-up and the cancellation
async def test_the_job_runner_stops_when_woken_as_it_is_stopped(tmp_path: Path, steps: int) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'jobs.sqlite3'}")
    upgrade(engine)

    async def attend(job: object) -> None:
        raise AssertionError("no job was posted")

    runner = JobRunner(engine, attend, lease=30, poll=10)
    runner.start()
    loop = asyncio.get_running_loop()
    limit = loop.time() + 10
    while not runner._wake._waiters:  # the loop waits for a wake-up or its poll
        assert loop.time() < limit, "the job loop never came to wait"
        await asyncio.sleep(0.01)
    runner.wake()  # what a job's end does as stop() cancels it
    for _ in range(steps):
        await asyncio.sleep(0)
    await asyncio.wait_for(runner.stop(), 10)
    engine.dispose()
