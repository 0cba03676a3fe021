from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import ServerProcess

from bloodyinn.server.app import create_app
from bloodyinn.server.settings import ServerSettings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app in-process, on its own SQLite file, with bots that move at once."""
    app = create_app(ServerSettings(database_url=f"sqlite:///{tmp_path / 'test.sqlite3'}", bot_delay=0))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real `bloodyinn serve` process on a free 127.0.0.1 port."""
    process = ServerProcess(tmp_path / "server.sqlite3").start()
    yield process
    process.stop()
