"""Counts every server process on one database shares: the rate limits' token buckets, the open WebSocket
connections and the running bot-only games. Checking a count and changing it is one transaction that first takes
a lock the other replicas wait for (a row lock on PostgreSQL, the write lock on SQLite), so requests arriving at
several replicas at once cannot all pass a count before any of them is counted. Plain synchronous SQLAlchemy
Core, called from worker threads (asyncio.to_thread), never from the event loop."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table, delete, exists, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine

from .db import limit_locks, open_connections, rate_buckets, seats, tables
from .repository import PLAYING, Repository, TableRecord

BOT_TABLES, CONNECTIONS = "bot_tables", "connections"


def _lock(connection: Connection, name: str) -> None:
    """Wait for, and hold until the transaction ends, the lock of the count `name`."""
    connection.execute(update(limit_locks).where(limit_locks.c.name == name).values(taken=limit_locks.c.taken))


def _insert_new(connection: Connection, table: Table, **values: Any) -> None:
    """Insert a row unless one with its key exists (on SQLite this also takes the write lock)."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(dialect.insert(table).values(**values).on_conflict_do_nothing())


def take_token(engine: Engine, name: str, address: str, capacity: float, refill: float, now: float) -> float:
    """Count one request of `address` against the bucket `name` (`capacity` tokens, `refill` a second): 0 when
    it is allowed, else the seconds until a token is back (and nothing is counted)."""
    with engine.begin() as connection:
        _insert_new(connection, rate_buckets, name=name, address=address, tokens=capacity, counted=now)
        key = (rate_buckets.c.name == name) & (rate_buckets.c.address == address)
        row = connection.execute(select(rate_buckets.c.tokens, rate_buckets.c.counted).where(key)
                                 .with_for_update()).one()
        tokens = min(capacity, row.tokens + max(0.0, now - row.counted) * refill)
        if tokens < 1:
            return (1 - tokens) / refill
        connection.execute(update(rate_buckets).where(key).values(tokens=tokens - 1, counted=now))
    return 0.0


def forget_full_buckets(engine: Engine, name: str, full_after: float, now: float) -> None:
    """Drop the buckets of `name` that have refilled completely (a full refill takes `full_after` seconds):
    they are the same as new ones."""
    with engine.begin() as connection:
        connection.execute(delete(rate_buckets).where(rate_buckets.c.name == name,
                                                      rate_buckets.c.counted < now - full_after))


def open_connection(engine: Engine, place: str, replica: str, address: str, per_address: int, total: int,
                    until: float, now: float) -> str | None:
    """Hold a place for one connection of `address` until `until` (renewed while it stays open), or say which
    limit refuses it: "total" or "address"."""
    with engine.begin() as connection:
        _lock(connection, CONNECTIONS)
        connection.execute(delete(open_connections).where(open_connections.c.until < now))  # a dead replica's
        count = select(func.count()).select_from(open_connections)
        if total and (connection.scalar(count) or 0) >= total:
            return "total"
        if per_address and (connection.scalar(count.where(open_connections.c.address == address)) or 0) >= per_address:
            return "address"
        connection.execute(insert(open_connections).values(id=place, replica=replica, address=address, until=until))
    return None


def close_connection(engine: Engine, place: str) -> None:
    with engine.begin() as connection:
        connection.execute(delete(open_connections).where(open_connections.c.id == place))


def open_from(engine: Engine, address: str) -> int:
    with engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(open_connections)
                                     .where(open_connections.c.address == address)) or 0)


def renew_connections(engine: Engine, places: list[str], until: float) -> None:
    """`places` are held until `until`."""
    with engine.begin() as connection:
        for start in range(0, len(places), 1000):
            connection.execute(update(open_connections).where(open_connections.c.id.in_(places[start:start + 1000]))
                               .values(until=until))


def close_replica(engine: Engine, replica: str) -> None:
    """A replica stopping gives back every place it held."""
    with engine.begin() as connection:
        connection.execute(delete(open_connections).where(open_connections.c.replica == replica))


def running_bot_only(connection: Connection) -> int:
    """Unfinished tables with no person's seat."""
    people = exists().where(seats.c.table_id == tables.c.id, seats.c.kind == "human")
    return int(connection.scalar(select(func.count()).select_from(tables)
                                 .where(tables.c.status == PLAYING, ~people)) or 0)


def insert_bot_table(engine: Engine, record: TableRecord, cap: int) -> bool:
    """Store a new bot-only table unless `cap` of them are running (0: no cap); whether it was stored."""
    with engine.begin() as connection:
        _lock(connection, BOT_TABLES)
        if cap and running_bot_only(connection) >= cap:
            return False
        Repository.insert_table(connection, record)
    return True
