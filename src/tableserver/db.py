"""The database schema, as SQLAlchemy Core tables (the Alembic migrations create and evolve it).

A game is stored as its settings (seed included) plus one row per accepted action: replaying them rebuilds
the game exactly (`Game.replay`). The action's sequence number is part of the primary key, so two writers
can never store two different actions at the same point of a game.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # Which game the table plays (server.games.GAMES); tables from before the choice are Bloody Inn tables.
    Column("game", String(16), nullable=False, server_default="bloodyinn"),
    # The engine's GameConfig.to_dict() (seed included), e.g. players, length, variants, seed, first player.
    Column("settings", JSON, nullable=False),
    # Denormalized for the lobby: the number of accepted actions and whether the game is over.
    Column("moves", Integer, nullable=False, default=0),
    Column("status", String(16), nullable=False, index=True),
    # options.TableOptions.to_dict(): turn clock, invite code, stand-in bot, rematch table.
    Column("options", JSON, nullable=True),
    # Private tables are left out of the lobby.
    Column("private", Boolean, nullable=False, server_default=false()),
    # The turn clock of the decision at move `deadline_seq` runs out at `deadline`.
    Column("deadline", DateTime(timezone=True), nullable=True),
    Column("deadline_seq", Integer, nullable=True),
    # The fair shuffle (fairness.py): sha256 of the secret, published at creation; the secret fixes the seed and
    # is revealed when the game is over. Both null when the creator chose the seed (`practice`).
    Column("seed_commitment", String(64), nullable=True),
    Column("seed_secret", String(64), nullable=True),
    Column("practice", Boolean, nullable=False, default=False, server_default=false()),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(32), nullable=True),
    Column("name", String(40), nullable=True),
    # SHA-256 of the seat token: the token itself is only ever known to the player who joined.
    Column("token_hash", String(64), nullable=True),
    Column("joined_at", DateTime(timezone=True), nullable=True),
    # "resigned" or "timed_out": the seat is played by a stand-in bot (kind "bot").
    Column("status", String(16), nullable=True),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
)

# Table chat (chat.py): per table, numbered in the order said; `channel` is "players" (seated players) or
# "spectators"; `author` names the person for muting ("seat:1", or a spectator's connection); `seq` is the
# table's move count when it was said, so a replay shows it in its place.
chat = Table(
    "chat", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("channel", String(16), nullable=False),
    Column("author", String(40), nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
)

# Limits shared by every server process on one database (counts.py). A token bucket per limit and client address:
# `tokens` left when last counted at `counted` (seconds since the epoch, the replicas' clocks).
rate_buckets = Table(
    "rate_buckets", metadata,
    Column("name", String(16), primary_key=True),
    Column("address", String(64), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("counted", Float, nullable=False),
)

# One row per open WebSocket connection, held by the replica serving it until `until`: a replica renews its rows
# while it runs, so the places of one that died come back once they lapse.
open_connections = Table(
    "open_connections", metadata,
    Column("id", String(32), primary_key=True),
    Column("replica", String(32), nullable=False, index=True),
    Column("address", String(64), nullable=False, index=True),
    Column("until", Float, nullable=False),
)

# A row per count that must be checked and changed as one step across replicas ("bot_tables", "connections"):
# updating it first takes a lock (a row lock on PostgreSQL, the write lock on SQLite) that the others wait for.
limit_locks = Table(
    "limit_locks", metadata,
    Column("name", String(16), primary_key=True),
    Column("taken", Integer, nullable=False, server_default="0"),
)

# Bots' turns and turn clocks to take (jobs.py): one row per table and kind ("bot", "clock"), due at `due`, leased
# by the replica `owner` until `until` while it takes it; `stamp` names each posting. Times in seconds since the
# epoch (the replicas' clocks).
jobs = Table(
    "jobs", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("kind", String(8), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("due", Float, nullable=False, index=True),
    Column("people", Boolean, nullable=False),
    Column("stamp", String(16), nullable=False),
    Column("owner", String(32), nullable=True),
    Column("until", Float, nullable=True),
    ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
)


def normalize_url(url: str) -> str:
    """Accept the usual `postgres://` and `postgresql://` spellings; the driver we ship is psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


SQLITE_SYNC = ("full", "normal")


def make_engine(url: str, sqlite_sync: str = "normal") -> Engine:
    """An engine for `url`. SQLite gets WAL, so readers never block the writer. With synchronous=NORMAL (the
    default) a committed action survives the server's death (kill -9) but may be lost if the machine itself
    crashes; "full" also flushes every commit to disk, at about twice the p95 move latency under load."""
    if sqlite_sync not in SQLITE_SYNC:
        raise ValueError(f"sqlite_sync must be one of {SQLITE_SYNC}, got {sqlite_sync!r}")
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={sqlite_sync.upper()}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)
