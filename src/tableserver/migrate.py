"""Schema migrations: the server brings its database to the newest Alembic revision at start-up."""

from __future__ import annotations

from functools import cache
from importlib.resources import as_file, files

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Engine

# Held (per transaction) while a replica migrates, so replicas starting together migrate one after the other.
MIGRATION_LOCK = 0x1DB100D1


def alembic_config() -> Config:
    """The packaged `alembic.ini`, whose `script_location` is the packaged `migrations/` folder."""
    with as_file(files("tableserver") / "alembic.ini") as ini:
        return Config(str(ini))


def upgrade(engine: Engine) -> None:
    """Migrate `engine`'s database to the newest revision (a no-op when it is already there). On PostgreSQL
    an advisory lock makes replicas that start together (`serve --workers N`, or several machines) take turns:
    the first migrates, the others then find nothing to do."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@cache
def _heads() -> frozenset[str]:
    return frozenset(ScriptDirectory.from_config(alembic_config()).get_heads())


def schema_problem(engine: Engine) -> str | None:
    """What keeps the database's schema from being this server's (None when it is at the newest migration)."""
    with engine.connect() as connection:
        current = frozenset(MigrationContext.configure(connection).get_current_heads())
    if current != _heads():
        return (f"the database schema is at {', '.join(sorted(current)) or 'no revision'}, this server needs"
                f" {', '.join(sorted(_heads()))} (run the migrations)")
    return None
