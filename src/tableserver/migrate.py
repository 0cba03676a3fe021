"""Schema migrations: the server brings its database to the newest Alembic revision at start-up."""

from __future__ import annotations

from importlib.resources import as_file, files

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine


def alembic_config() -> Config:
    """The packaged `alembic.ini`, whose `script_location` is the packaged `migrations/` folder."""
    with as_file(files("tableserver") / "alembic.ini") as ini:
        return Config(str(ini))


def upgrade(engine: Engine) -> None:
    """Migrate `engine`'s database to the newest revision (a no-op when it is already there)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
