from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tableserver.settings import ServerSettings
from tests.tableserver.postgres import Cluster, Unavailable
from tests.tableserver.server_helpers import ServerProcess, in_process_client

if TYPE_CHECKING:
    from starlette.testclient import TestClient


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app in-process, on its own SQLite file, with bots that move at once, turn clocks as short as a test
    needs, and no limit on how fast the test plays (test_server_limits.py tests the limits)."""
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'test.sqlite3'}", bot_delay=0, moves_per_second=0,
                              min_clock_seconds=0)
    with in_process_client(settings) as test_client:
        yield test_client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real `tableserver serve` process on a free 127.0.0.1 port."""
    process = ServerProcess(tmp_path / "server.sqlite3").start()
    yield process
    process.stop()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster | Unavailable]:
    """One throw-away PostgreSQL cluster for the session (tests/tableserver/postgres.py), or why there is none."""
    try:
        cluster = Cluster().start()
    except Unavailable as reason:
        yield reason
        return
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster | Unavailable) -> str:
    """A fresh database on the session's PostgreSQL (skipped when PostgreSQL cannot run here)."""
    if isinstance(postgres_cluster, Unavailable):
        pytest.skip(str(postgres_cluster))
    return postgres_cluster.new_database()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (scripts/ensure-chromium installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
