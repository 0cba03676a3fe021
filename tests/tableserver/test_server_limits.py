"""Abuse limits: per-address rate limits, caps on WebSocket connections, a cap on bot-only games, people's games
first for the bots' threads, idle tables expiring, and a lobby served a page at a time."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from sqlalchemy.engine import Engine
from starlette.websockets import WebSocketDisconnect

import bloodyinn.bots
import tableserver.app
from bloodyinn.config import GameConfig
from tableserver.db import make_engine
from tableserver.errors import ServiceError
from tableserver.limits import ClientLimits, ConnectionLimit, RateLimiter
from tableserver.migrate import upgrade
from tableserver.repository import Repository, SeatRecord, TableRecord, now
from tableserver.scheduler import BotScheduler
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import ServerProcess, act, create_table, in_process_client, join, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    """An in-process server with the given settings (bots move at once)."""
    clients: list[TestClient] = []

    def make(**settings: Any) -> TestClient:
        defaults: dict[str, Any] = {"database_url": f"sqlite:///{tmp_path / 'limits.sqlite3'}", "bot_delay": 0,
                                    "min_clock_seconds": 0}
        client = in_process_client(ServerSettings(**{**defaults, **settings}))
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Engine]:
    """A migrated SQLite database, where the limits keep their counts."""
    engine = make_engine(f"sqlite:///{tmp_path / 'counts.sqlite3'}")
    upgrade(engine)
    yield engine
    engine.dispose()


def test_a_rate_limit_refills_over_time(database: Engine) -> None:
    clock = [0.0]
    limiter = RateLimiter(database, "tables", 3, 60.0, "new tables", clock=lambda: clock[0])

    async def scenario() -> None:
        for _ in range(3):
            await limiter.take("10.0.0.1")
        with pytest.raises(ServiceError) as refused:
            await limiter.take("10.0.0.1")
        assert refused.value.status == 429 and "try again in 20 s" in refused.value.message
        await limiter.take("10.0.0.2")  # another address has its own allowance
        clock[0] = 20.0
        await limiter.take("10.0.0.1")
        with pytest.raises(ServiceError):
            await limiter.take("10.0.0.1")
        await RateLimiter(database, "moves", 0, 1.0, "moves").take("anyone")  # 0: no limit

    asyncio.run(scenario())


def test_creating_tables_is_limited_per_address(make_client: Any) -> None:
    client = make_client(tables_per_minute=3)
    for _ in range(3):
        create_table(client, HUMANS)
    refused = client.post("/api/tables", json={"players": 2})
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"] == "rate_limited" and "new tables" in refused.json()["message"]
    wait = int(refused.headers["retry-after"])  # 3 a minute: one comes back every 20 s
    assert 1 <= wait <= 20 and f"try again in {wait} s" in refused.json()["message"]
    assert len(client.get("/api/tables").json()) == 3


def test_moves_are_limited_per_address_over_http_and_websocket(make_client: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The allowance refills 4 times a second: with time stopped, a slow machine cannot refill it between requests.
    monkeypatch.setattr(tableserver.app, "ClientLimits", partial(ClientLimits, clock=lambda: 0.0))
    client = make_client(moves_per_second=4)
    table_id = create_table(client, HUMANS, seed=3)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]  # 2 of the 4: joining changes a table too
    seat = state(client, table_id)["view"]["current_player"]
    codes = [act(client, table_id, seat, tokens[seat], 5, "pass").status_code for _ in range(3)]
    assert codes == [409, 409, 429]  # stale attempts count too: a flood is a flood
    assert act(client, table_id, seat, tokens[seat], 5, "pass").headers["retry-after"] == "1"
    assert client.post(f"/api/tables/{table_id}/undo", json={"seat": seat},
                       headers={"X-Seat-Token": tokens[seat]}).status_code == 429  # so do other table requests
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": seat, "token": tokens[seat]})
        choices = next(m for m in iter(ws.receive_json, None) if m["type"] == "state")["choices"]
        ws.send_json({"type": "action", "seq": 0, "action": choices[0]["text"], "id": 1})
        error = next(m for m in iter(ws.receive_json, None) if m["type"] == "error")
        assert error["error"] == "rate_limited" and error["id"] == 1
    assert state(client, table_id)["seq"] == 0  # refused, so nothing applied


def test_websocket_connections_are_capped_per_address(make_client: Any) -> None:
    client = make_client(max_connections_per_address=2)
    table_id = create_table(client, HUMANS, seed=3)
    with client.websocket_connect(f"/ws/tables/{table_id}") as first, \
            client.websocket_connect(f"/ws/tables/{table_id}") as second:
        for ws in (first, second):
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(f"/ws/tables/{table_id}") as third:
            refused = third.receive_json()
            assert refused["type"] == "error" and refused["error"] == "too_many_connections"
            assert "your address has the most connections open it may have (2)" in refused["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 4429
        second.send_json({"type": "ping", "id": 7})  # the open ones are untouched
        assert next(m for m in iter(second.receive_json, None) if m["type"] == "pong")["id"] == 7
    deadline = time.monotonic() + 10
    while True:  # closing gives the places back (in the database, a moment after the socket closes)
        with client.websocket_connect(f"/ws/tables/{table_id}") as again:
            again.send_json({"type": "hello"})
            answer = again.receive_json()
        if answer["type"] == "state" or time.monotonic() > deadline:
            break
    assert answer["type"] == "state", answer


def test_websocket_connections_are_capped_in_all(make_client: Any) -> None:
    client = make_client(max_connections=1)
    table_id = create_table(client, HUMANS, seed=3)
    with client.websocket_connect(f"/ws/tables/{table_id}") as first:
        first.send_json({"type": "hello"})
        assert first.receive_json()["type"] == "state"
        with client.websocket_connect(f"/ws/tables/{table_id}") as second:
            refused = second.receive_json()
            assert refused["error"] == "too_many_connections" and "try again later" in refused["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                second.receive_json()
            assert closed.value.code == 1013


def test_a_connection_that_fails_gives_its_place_back(database: Engine) -> None:
    limit = ConnectionLimit(database, per_address=1, total=0)

    async def scenario() -> None:
        with pytest.raises(RuntimeError):
            async with limit.hold("10.0.0.1"):
                raise RuntimeError("the connection failed")
        async with limit.hold("10.0.0.1"):  # the place came back
            assert await limit.open_from("10.0.0.1") == 1
            with pytest.raises(ServiceError):
                await limit.hold("10.0.0.1").__aenter__()
        assert await limit.open_from("10.0.0.1") == 0

    asyncio.run(scenario())


def test_bot_only_tables_are_capped(make_client: Any) -> None:
    client = make_client(max_bot_tables=2, bot_delay=60)  # bots that take their time: the games stay running
    bots = [{"kind": "bot", "bot": "random"}] * 2
    for _ in range(2):
        create_table(client, bots)
    refused = client.post("/api/tables", json={"players": 2, "seats": bots})
    assert refused.status_code == 429 and "bot-only games" in refused.json()["message"]
    assert int(refused.headers["retry-after"]) > 0
    create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])  # people can still play


def test_the_bot_only_cap_holds_under_simultaneous_requests(tmp_path: Path) -> None:
    """Counting the running bot-only games and registering a new one are one step: requests that arrive
    together cannot all pass the count before any of them is registered."""
    server = ServerProcess(tmp_path / "cap.sqlite3", bot_delay=60,  # the games stay running
                           options=("--max-bot-tables", "3", "--tables-per-minute", "0")).start()
    body = {"players": 2, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    start = threading.Barrier(12)

    def create(_: int) -> int:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            start.wait(30)
            return client.post("/api/tables", json=body).status_code

    try:
        with ThreadPoolExecutor(12) as pool:
            codes = list(pool.map(create, range(12)))
        with httpx.Client(base_url=server.url, timeout=30) as client:
            running = [t for t in client.get("/api/tables").json() if not t["over"]]
    finally:
        server.stop()
    assert sorted(codes) == [201] * 3 + [429] * 9, codes
    assert len(running) == 3


def test_people_first_when_bots_wait_for_a_thread() -> None:
    async def scenario() -> list[str]:
        scheduler = BotScheduler(1, ThreadPoolExecutor(1))  # the order of turns, whatever the workers are
        started: list[str] = []
        release = threading.Event()
        busy = asyncio.create_task(scheduler.run(False, release.wait))
        await asyncio.sleep(0.05)  # the only thread is taken
        waiting = [asyncio.create_task(scheduler.run(False, started.append, f"bots {n}")) for n in range(5)]
        await asyncio.sleep(0.01)
        waiting.append(asyncio.create_task(scheduler.run(True, started.append, "people")))
        await asyncio.sleep(0.01)
        release.set()
        await asyncio.gather(busy, *waiting)
        scheduler.shutdown()
        return started

    assert asyncio.run(scenario()) == ["people", "bots 0", "bots 1", "bots 2", "bots 3", "bots 4"]


def test_with_two_threads_one_is_kept_for_people() -> None:
    async def scenario() -> tuple[list[str], list[str]]:
        scheduler = BotScheduler(2, ThreadPoolExecutor(2))
        started: list[str] = []
        release = threading.Event()

        def think(label: str) -> None:
            started.append(label)
            release.wait()

        async def until(condition: Callable[[], bool]) -> None:
            """Wait for a worker thread to get there, up to a limit (a loaded machine starts threads late)."""
            limit = asyncio.get_running_loop().time() + 30
            while not condition():
                assert asyncio.get_running_loop().time() < limit, started
                await asyncio.sleep(0.01)

        games = [asyncio.create_task(scheduler.run(False, think, f"bots {n}")) for n in range(3)]
        await until(lambda: bool(started))
        before_person = list(started)  # only one bot-only thought runs: the other thread waits for people
        person = asyncio.create_task(scheduler.run(True, think, "people"))
        await until(lambda: "people" in started)
        release.set()
        await asyncio.gather(person, *games)
        scheduler.shutdown()
        return before_person, started

    before_person, started = asyncio.run(scenario())
    assert before_person == ["bots 0"]
    assert started[:2] == ["bots 0", "people"]  # the person's bot did not wait for bot-only games


class _SlowBot:
    """Thinks for a moment and notes, in order, which kind of table it thought for, in the file `log` (bots think
    in worker processes)."""

    def __init__(self, label: str, log: Path, seed: int | None) -> None:
        self.label = label
        self.log = log
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        with self.log.open("a") as log:
            log.write(self.label + "\n")
        time.sleep(0.2)  # longer than a person's move takes to reach the bots' queue (a job, jobs.py)
        return self.rng.choice(legal)


def test_a_persons_bot_does_not_queue_behind_bot_only_games(make_client: Any, monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    log = tmp_path / "thoughts.txt"
    log.touch()

    def thoughts() -> list[str]:
        return log.read_text().split()

    monkeypatch.setitem(bloodyinn.bots.BOTS, "slow_bots", lambda seed: _SlowBot("bots", log, seed))
    monkeypatch.setitem(bloodyinn.bots.BOTS, "slow_person", lambda seed: _SlowBot("person", log, seed))
    client = make_client(bot_workers=1)
    for _ in range(6):  # six bot-only games keep the one bot worker busy
        create_table(client, [{"kind": "bot", "bot": "slow_bots"}] * 2, seed=None)
    table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "slow_person"}], seed=None)
    token = join(client, table_id, 0)
    waits: list[int] = []
    for _ in range(60):  # the person moves; count the bot-only thoughts started before their opponent's
        if len(waits) == 4:
            break
        for _ in range(500):
            mine = state(client, table_id, 0, token)
            if mine["choices"]:
                break
            time.sleep(0.01)
        mark = len(thoughts())
        assert act(client, table_id, 0, token, mine["seq"], mine["choices"][0]["text"]).status_code == 200
        for _ in range(500):
            if "person" in thoughts()[mark:] or state(client, table_id)["view"]["current_player"] == 0:
                break
            time.sleep(0.01)
        if "person" in thoughts()[mark:]:
            waits.append(thoughts()[mark:].index("person"))
    assert waits and max(waits) <= 1, waits  # at most the thought already under way when the person moved


def test_idle_tables_expire(make_client: Any) -> None:
    client = make_client(idle_expiry=2)  # long enough for the join to come first on a loaded machine
    table_id = create_table(client, HUMANS)
    token = join(client, table_id, 0)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        messages = iter(ws.receive_json, None)
        error = next(m for m in messages if m["type"] == "error")  # after 2 s without a move
        assert error["error"] == "expired"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4410
    gone = client.get(f"/api/tables/{table_id}")
    assert gone.status_code == 410 and gone.json()["error"] == "expired"
    assert act(client, table_id, 0, token, 0, "pass").status_code == 410
    assert client.post(f"/api/tables/{table_id}/seats/1/join", json={}).status_code == 410
    assert table_id not in [t["id"] for t in client.get("/api/tables").json()]


def test_an_expired_tables_clock_and_bots_stop_with_it(make_client: Any, tmp_path: Path) -> None:
    client = make_client(idle_expiry=2)  # long enough for the join to come first on a loaded machine
    created = client.post("/api/tables", json={"players": 2, "seats": [{"kind": "human"}, {"kind": "bot",
                                                                                       "bot": "random"}],
                                               "clock": {"mode": "realtime", "seconds": 5.0}})
    table_id = created.json()["table"]["id"]
    join(client, table_id, 0)
    limit = time.monotonic() + 30
    while client.get(f"/api/tables/{table_id}").status_code != 410:  # expired after 2 s, before the 5 s clock
        assert time.monotonic() < limit, "the table did not expire"
        time.sleep(0.02)
    with sqlite3.connect(tmp_path / "limits.sqlite3") as connection:
        def stored() -> tuple[Any, ...]:
            return tuple(connection.execute(
                "select (select status from seats where table_id = ? and seat = 0),"
                " (select count(*) from actions where table_id = ?)", (table_id, table_id)).fetchone())
        at_expiry = stored()
        time.sleep(3.5)  # past the clock: nobody hands the seat to a bot, no bot moves
        assert stored() == at_expiry and at_expiry[0] is None


def test_the_lobby_comes_a_page_at_a_time(client: TestClient) -> None:
    created = [create_table(client, HUMANS, seed=n) for n in range(5)]
    seen: list[str] = []
    url: str | None = "/api/tables?limit=2"
    pages = 0
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.text
        page = [t["id"] for t in response.json()]
        assert len(page) <= 2
        seen += page
        pages += 1
        link = response.headers.get("link")
        url = link[1:link.index(">")] if link else None
    assert pages == 3 and seen == created[::-1]  # newest first, each once
    assert client.get("/api/tables?limit=0").status_code == 400
    assert client.get("/api/tables?limit=101").status_code == 400


def test_joining_counts_as_activity_across_restarts(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'join.sqlite3'}")
    upgrade(engine)
    repository = Repository(engine)
    long_ago = now() - timedelta(days=30)
    record = TableRecord(id="t1", settings=GameConfig(players=2, seed=1).to_dict(),
                         seats=[SeatRecord(0, "human"), SeatRecord(1, "human")], created_at=long_ago)
    with engine.begin() as connection:
        Repository.insert_table(connection, record)
        assert Repository.claim_seat(connection, "t1", 0, "hash", "Ann")
    loaded = repository.load_table("t1")
    assert loaded is not None and loaded.updated_at is not None
    assert loaded.updated_at > now() - timedelta(minutes=1)  # what a restarted server counts idleness from
    engine.dispose()
