"""The schema comes from the packaged Alembic migrations, on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from tableserver.db import make_engine, metadata
from tableserver.migrate import alembic_config, upgrade
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import act, create_table, free_port, in_process_client, join, state

PG_BIN = Path("/usr/lib/postgresql")


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


def _pg_tool(name: str) -> Path | None:
    found = sorted(PG_BIN.glob(f"*/bin/{name}"))
    return found[-1] if found else None


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL cluster on a free 127.0.0.1 port (skipped when PostgreSQL is not installed)."""
    initdb, pg_ctl = _pg_tool("initdb"), _pg_tool("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL server binaries not installed (apt-get install postgresql)")
    as_user: list[str] = []
    # pytest's own temporary folders are private to this user; the cluster may run as another one.
    folder = Path(tempfile.mkdtemp(prefix="bloodyinn-pg-"))
    data = folder / "pgdata"
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own account
        runuser = shutil.which("runuser")
        try:
            account = pwd.getpwnam("postgres")
        except KeyError:
            account = None
        if runuser is None or account is None:
            pytest.skip("running as root without runuser or a postgres account: cannot start PostgreSQL")
        as_user = [runuser, "-u", "postgres", "--"]
        os.chown(folder, account.pw_uid, account.pw_gid)
    port = free_port()
    subprocess.run([*as_user, str(initdb), "-D", str(data), "-U", "bloodyinn", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, str(pg_ctl), "-D", str(data), "-w", "-l", str(folder / "pg.log"), "-o",
                    f"-h 127.0.0.1 -p {port} -k {folder}", "start"], check=True, capture_output=True)
    try:
        url = f"postgresql://bloodyinn@127.0.0.1:{port}/postgres"
        deadline = time.monotonic() + 20
        while True:
            try:
                make_engine(url).connect().close()
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        subprocess.run([*as_user, str(pg_ctl), "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


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
