"""Alembic environment: migrates the database whose URL (or open connection) the server passes in."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy.engine import Connection

from tableserver.db import make_engine, metadata, normalize_url

config = context.config


def _url() -> str:
    """The database to migrate when Alembic is run by hand: `-x url=...` or $BLOODYINN_DATABASE_URL."""
    url = context.get_x_argument(as_dictionary=True).get("url") or os.environ.get("BLOODYINN_DATABASE_URL")
    if not url:
        raise SystemExit("give the database: alembic -x url=postgresql://... or set BLOODYINN_DATABASE_URL")
    return normalize_url(url)


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(_url())
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
