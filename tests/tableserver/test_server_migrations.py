"""The schema comes from the packaged Alembic migrations, on SQLite and on a real PostgreSQL."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from tableserver.db import make_engine, metadata
from tableserver.migrate import alembic_config, upgrade
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import act, create_table, in_process_client, join, state


def test_migrations_are_packaged() -> None:
    package = files("tableserver")
    assert (package / "alembic.ini").is_file()
    assert (package / "migrations" / "env.py").is_file()
    assert any(p.name.endswith(".py") for p in (package / "migrations" / "versions").iterdir())


def test_sqlite_upgrade_matches_the_models(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine)
    upgrade(engine)  # a second start finds nothing to do
    assert {"tables", "seats", "actions", "alembic_version"} <= set(inspect(engine).get_table_names())
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    engine.dispose()


def test_postgres_migration_and_play(postgres_url: str) -> None:
    engine = make_engine(postgres_url)
    upgrade(engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    engine.dispose()
    with in_process_client(ServerSettings(database_url=postgres_url, bot_delay=0)) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=3)
        tokens = [join(client, table_id, 0), join(client, table_id, 1)]
        for _ in range(10):
            public = state(client, table_id)
            seat = public["view"]["current_player"]
            mine = state(client, table_id, seat, tokens[seat])
            response = act(client, table_id, seat, tokens[seat], mine["seq"], mine["choices"][-1]["text"])
            assert response.status_code == 200
    # A new server on the same database rebuilds the game from the stored actions.
    with in_process_client(ServerSettings(database_url=postgres_url, bot_delay=0)) as client:
        assert state(client, table_id)["seq"] == 10


def test_a_database_from_before_table_options_is_upgraded_and_its_games_go_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    settings = ServerSettings(database_url=url, bot_delay=0)
    with in_process_client(settings) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=3)
        tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1)]
        seat = state(client, table_id)["view"]["current_player"]
        mine = state(client, table_id, seat, tokens[seat])
        assert act(client, table_id, seat, tokens[seat], 0, mine["choices"][0]["text"]).status_code == 200
    engine = make_engine(url)
    config = alembic_config()
    with engine.begin() as connection:  # back to the first schema, as an older server left it
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    assert "options" not in {c["name"] for c in inspect(engine).get_columns("tables")}
    engine.dispose()
    with in_process_client(settings) as client:  # the new server migrates it and carries on
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["moves"] == 1 and table["clock"]["mode"] == "none" and table["private"] is False
        assert table["game"] == "bloodyinn"  # every table from before the choice of game
        assert table["seats"][0]["name"] == "Ann" and table["seats"][0]["status"] is None
        assert table_id in [t["id"] for t in client.get("/api/tables").json()]
