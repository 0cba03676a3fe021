"""The group-commit writer: many concurrent writes, each answered only after its commit; one failing write
does not sink the others waiting with it; actions stored together are stored all or none."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from tableserver.db import actions, make_engine
from tableserver.migrate import upgrade
from tableserver.repository import ActionRecord, Repository, SeatRecord, TableBehind, TableRecord, now
from tableserver.writer import Writer


def test_group_commit_and_failure_isolation(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    upgrade(engine)
    writer = Writer(engine)

    def broken(connection: Connection) -> None:
        raise RuntimeError("this write fails")

    async def scenario() -> None:
        tables = [TableRecord(id=f"t{i}", settings={"players": 1}, seats=[SeatRecord(0, "human")], created_at=now())
                  for i in range(20)]
        await asyncio.gather(*(writer.write(lambda c, t=t: Repository.insert_table(c, t)) for t in tables))
        appends = [writer.append(ActionRecord(f"t{i % 20}", i // 20, 0, "pass")) for i in range(400)]
        results = await asyncio.gather(*appends, writer.write(broken), return_exceptions=True)
        assert results[:-1] == [None] * 400
        assert isinstance(results[-1], RuntimeError)
        with pytest.raises(TableBehind, match="t0 is at move 20"):  # no second action at a seq: the table is ahead
            await writer.append(ActionRecord("t0", 0, 0, "pass"))
        with pytest.raises(Exception, match="UNIQUE"):  # moves stored together: all of them or none
            await writer.append(ActionRecord("t1", 20, 0, "pass"), ActionRecord("t1", 0, 0, "pass"))

    asyncio.run(scenario())
    writer.close()
    with engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(actions)) == 400
    engine.dispose()
