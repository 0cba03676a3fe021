"""Helpers for the server tests: free ports, a real `tableserver serve` process, a quick HTTP player."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import httpx

from tableserver.app import create_app
from tableserver.protocol import server_messages
from tableserver.settings import ServerSettings

if TYPE_CHECKING:
    from starlette.testclient import TestClient

TABLESERVER = Path(sys.executable).parent / "tableserver"


def in_process_client(settings: ServerSettings, raise_server_exceptions: bool = True) -> TestClient:
    """The app in this process (Starlette's TestClient), without its warning about preferring httpx2; with
    `raise_server_exceptions=False`, a failing handler's answer reaches the test instead of its exception."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*starlette.testclient.*")
        from starlette.testclient import TestClient as Client

    return Client(create_app(settings), raise_server_exceptions=raise_server_exceptions)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """`tableserver serve` on 127.0.0.1 with its own SQLite file (its log beside it), as a person would start it;
    or, given `database_url`, a replica on that database (e.g. PostgreSQL)."""

    def __init__(self, database: Path, port: int | None = None, bot_delay: float = 0.0,
                 options: tuple[str, ...] = (), database_url: str | None = None) -> None:
        self.database = database
        self.database_url = database_url or f"sqlite:///{database}"
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.options = options
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.database.with_suffix(f".{self.port}.log")

    def start(self) -> ServerProcess:
        """Start the server in a process group of its own (its replicas and bot workers with it); return once it
        answers. A server that does not answer in 30 s is stopped and the start fails."""
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [str(TABLESERVER), "serve", "--port", str(self.port), "--database-url", self.database_url,
             "--bot-delay", str(self.bot_delay), "--log-level", "warning", *self.options],
            stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.process.returncode}")
                try:
                    if httpx.get(self.url + "/api/options", timeout=1).status_code == 200:
                        return self
                except httpx.HTTPError:
                    time.sleep(0.1)
            raise RuntimeError("the server did not start in 30 s")
        except BaseException:
            self.stop()
            raise

    def kill9(self) -> None:
        """SIGKILL the server's own process, as a crash would (its bot workers notice and end by themselves)."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 10 s), then kill whatever of its process group is left:
        a test never leaves a process behind."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(10)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        if self._log is not None:
            self._log.close()
            self._log = None


def create_table(client: httpx.Client | Any, seats: list[dict[str, Any]], seed: int | None = 7, **settings: Any) -> str:
    """A table; with a seed (the default, so tests know the deal) it is a practice table."""
    body = {"players": len(seats), "seats": seats, "seed": seed, "practice": seed is not None, **settings}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["table"]["id"])


def join(client: httpx.Client | Any, table_id: str, seat: int, name: str | None = None) -> str:
    response = client.post(f"/api/tables/{table_id}/seats/{seat}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def state(client: httpx.Client | Any, table_id: str, seat: int | None = None, token: str | None = None) -> Any:
    params = {"seat": seat} if seat is not None else {}
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/tables/{table_id}/state", params=params, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def act(client: httpx.Client | Any, table_id: str, seat: int, token: str, seq: int, action: str) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json={"seat": seat, "seq": seq, "action": action},
                       headers={"X-Seat-Token": token})


def play_until(client: httpx.Client | Any, table_id: str, seat: int, token: str,
               done: Callable[[Any], bool], seed: int = 0, limit: float = 120.0) -> Any:
    """Play `seat` with random legal moves (the other seats being bots) until `done(state)`; that state."""
    choose = random.Random(seed)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        current = state(client, table_id, seat, token)
        if done(current):
            return current
        if current["choices"]:
            act(client, table_id, seat, token, current["seq"], choose.choice(current["choices"])["text"])
        else:
            time.sleep(0.01)
    raise AssertionError(f"table {table_id} did not get there in {limit} s")


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type `kind`, skipping presence updates and other traffic."""
    for _ in range(50):
        message: dict[str, Any] = ws.receive_json()
        server_messages.validate_python(message)  # every message matches the published schema
        if message["type"] == kind:
            return message
        assert message["type"] in ("presence", "state", "ack", "preview"), message
    raise AssertionError(f"no {kind} message")


def note_policy_refusals(page: Any, refused: list[str]) -> None:
    """Note in `refused` what the page's Content-Security-Policy blocks from now on (Chromium says so on the
    console)."""
    page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text
            else None)
