"""The limits hold across replicas: two `tableserver serve` processes on one PostgreSQL database, sent requests
from one address at the same moment, let through exactly as many as one server would (docs/server.md, Limits)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.tableserver.server_helpers import ServerProcess, create_table

T = TypeVar("T")
REQUESTS = 12


@pytest.fixture
def two_replicas(tmp_path: Path, postgres_url: str) -> Iterator[Callable[..., list[ServerProcess]]]:
    """Start two replicas on the throw-away PostgreSQL, both with `options`."""
    started: list[ServerProcess] = []

    def start(*options: str, bot_delay: float = 0.0) -> list[ServerProcess]:
        for name in ("a", "b"):  # one after the other: each migrates the database at start-up
            started.append(ServerProcess(tmp_path / f"replica-{name}", bot_delay=bot_delay, options=options,
                                         database_url=postgres_url).start())
        return started

    yield start
    for server in started:
        server.stop()


def at_once(replicas: list[ServerProcess], request: Callable[[str], T]) -> list[T]:
    """`REQUESTS` calls of `request(url)`, alternately on each replica, released at the same moment."""
    start = threading.Barrier(REQUESTS)

    def one(number: int) -> T:
        url = replicas[number % len(replicas)].url
        start.wait(30)
        return request(url)

    with ThreadPoolExecutor(REQUESTS) as pool:
        return list(pool.map(one, range(REQUESTS)))


def test_table_creation_rate_limit_holds_across_replicas(two_replicas: Any) -> None:
    replicas = two_replicas("--tables-per-minute", "4")  # a token back every 15 s: none comes back meanwhile

    def create(url: str) -> int:
        with httpx.Client(base_url=url, timeout=30) as client:
            return client.post("/api/tables", json={"players": 2}).status_code

    codes = at_once(replicas, create)
    assert sorted(codes) == [201] * 4 + [429] * 8, codes
    with httpx.Client(base_url=replicas[0].url, timeout=30) as client:
        assert len(client.get("/api/tables").json()) == 4


def test_bot_only_cap_holds_across_replicas(two_replicas: Any) -> None:
    replicas = two_replicas("--max-bot-tables", "3", "--tables-per-minute", "0", bot_delay=60)  # games stay on
    body = {"players": 2, "seats": [{"kind": "bot", "bot": "random"}] * 2}

    def create(url: str) -> int:
        with httpx.Client(base_url=url, timeout=30) as client:
            return client.post("/api/tables", json=body).status_code

    codes = at_once(replicas, create)
    assert sorted(codes) == [201] * 3 + [429] * 9, codes
    for replica in replicas:
        with httpx.Client(base_url=replica.url, timeout=30) as client:
            running = [t for t in client.get("/api/tables").json()
                       if not t["over"] and all(s["kind"] == "bot" for s in t["seats"])]
            assert len(running) == 3
            # People can still play, on either replica.
            create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])


def test_connections_per_address_hold_across_replicas(two_replicas: Any) -> None:
    replicas = two_replicas("--max-connections-per-address", "5")
    with httpx.Client(base_url=replicas[0].url, timeout=30) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}])
    held = ExitStack()
    lock = threading.Lock()

    def watch(url: str) -> str:
        """"state" for a connection let in (it stays open until every answer is in), else why it was not."""
        with lock:
            socket = held.enter_context(connect(f"ws://{url.removeprefix('http://')}/ws/tables/{table_id}",
                                                open_timeout=30))
        try:
            socket.send(orjson.dumps({"type": "hello"}).decode())
            first = orjson.loads(socket.recv(timeout=30))  # a refusal comes at once, before any hello
        except ConnectionClosed as closed:
            return f"closed {closed.rcvd.code if closed.rcvd else None}"
        return str(first["type"] if first["type"] == "state" else first["error"])

    with held:
        answers = at_once(replicas, watch)
    assert answers.count("state") == 5, answers
    assert set(answers) <= {"state", "too_many_connections", "closed 4429"}, answers
    # Closed connections give their places back, on whichever replica they were held. A replica hears of a close
    # a moment after the client sends it, so a refusal in that moment is retried, up to a limit.
    deadline = time.monotonic() + 30
    while True:
        answer = watch_once(replicas[1].url, table_id)
        if answer == "state" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert answer == "state"


def watch_once(url: str, table_id: str) -> str:
    """"state" if a new connection to the table is let in, else why it was not."""
    with connect(f"ws://{url.removeprefix('http://')}/ws/tables/{table_id}", open_timeout=30) as socket:
        try:
            socket.send(orjson.dumps({"type": "hello"}).decode())
            first = orjson.loads(socket.recv(timeout=30))
        except ConnectionClosed as closed:
            return f"closed {closed.rcvd.code if closed.rcvd else None}"
    return str(first["type"] if first["type"] == "state" else first["error"])
