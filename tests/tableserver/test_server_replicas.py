"""Several server processes (replicas) on one PostgreSQL database, no sticky sessions: a table's moves are
ordered by the database, every committed move reaches the clients of every replica (LISTEN/NOTIFY, with catch-up
after a missed notification), a replica killed mid-game loses nothing it accepted, and `serve --workers N` starts
replicas sharing one port that drain their sockets when stopped. Each replica here is a real `tableserver serve`
process on its own port, as a proxy in front of them would see them."""

from __future__ import annotations

import json
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tableserver.db import make_engine
from tableserver.migrate import alembic_config
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import (
    TABLESERVER,
    ServerProcess,
    act,
    create_table,
    in_process_client,
    join,
    state,
)
from tests.tableserver.test_server_restart import logged_actions

LIMIT = 30.0  # seconds any awaited condition may take before the test fails


@pytest.fixture
def replicas(tmp_path: Path, postgres_url: str) -> Iterator[Callable[..., list[ServerProcess]]]:
    """Start `count` replicas on one fresh PostgreSQL database (stopped after the test)."""
    started: list[ServerProcess] = []

    def start(count: int = 2, options: tuple[str, ...] = ("--moves-per-second", "0")) -> list[ServerProcess]:
        for number in range(count):
            started.append(ServerProcess(tmp_path / f"replica{len(started) + number}", options=options,
                                         database_url=postgres_url).start())
        return started[-count:]

    yield start
    for server in started:
        server.stop()


class Socket:
    """A table's WebSocket on one replica: a seat's (with its token) or a spectator's."""

    def __init__(self, server: ServerProcess, table_id: str, seat: int | None = None, token: str | None = None):
        self._held = ExitStack()
        self.connection: ClientConnection = self._held.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}", open_timeout=LIMIT))
        self.connection.send(json.dumps({"type": "hello", "seat": seat, "token": token} if seat is not None
                                        else {"type": "hello"}))
        self.state = self.wait(lambda message: message["type"] == "state")

    def wait(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The next message `wanted` (remembering the latest state on the way), within LIMIT seconds."""
        deadline = time.monotonic() + LIMIT
        while True:
            message: dict[str, Any] = json.loads(self.connection.recv(timeout=max(deadline - time.monotonic(), 0)))
            if message["type"] == "state":
                self.state = message
            if wanted(message):
                return message

    def seq_reached(self, seq: int) -> dict[str, Any]:
        """The first state at move `seq` or later (the current one if it is there already)."""
        if self.state["seq"] >= seq:
            return self.state
        return self.wait(lambda message: message["type"] == "state" and message["seq"] >= seq)

    def move(self, number: int) -> dict[str, Any]:
        """Play this seat's first legal action now; the ack (or the error) answering it."""
        self.connection.send(json.dumps({"type": "action", "seq": self.state["seq"], "id": number,
                                         "action": self.state["choices"][0]["text"]}))
        return self.wait(lambda message: message.get("id") == number and message["type"] in ("ack", "error"))

    def close(self) -> None:
        self._held.close()


def seated_table(first: ServerProcess, second: ServerProcess) -> tuple[str, list[str]]:
    """A two-person table created on `first`, seat 0 taken there and seat 1 on `second`."""
    with httpx.Client(base_url=first.url, timeout=LIMIT) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=11)
        tokens = [join(client, table_id, 0, "Ann")]
    with httpx.Client(base_url=second.url, timeout=LIMIT) as client:
        tokens.append(join(client, table_id, 1, "Bob"))
    return table_id, tokens


def first_action(message: dict[str, Any]) -> str:
    """The move a state message brings (its first action event: the engine logs its forced follow-ups too)."""
    return next(event["notation"] for event in message["events"] if event["kind"] == "action")


def begun(socket: Socket) -> None:
    """Wait until the socket has been shown the game (every seat taken)."""
    if socket.state["view"] is None:
        socket.wait(lambda message: message["type"] == "state" and message["view"] is not None)


def deciding(sockets: list[Socket]) -> Socket:
    """The seat's socket whose decision it is, once its state says so."""
    for socket in sockets:
        begun(socket)
    seat = sockets[0].state["table"]["current_player"]
    mover = sockets[seat]
    if not mover.state["choices"]:
        mover.wait(lambda message: message["type"] == "state" and bool(message["choices"]))
    return mover


def test_players_on_different_replicas_see_each_others_moves(replicas: Callable[..., list[ServerProcess]]) -> None:
    a, b = replicas(2)
    table_id, tokens = seated_table(a, b)
    players = [Socket(a, table_id, 0, tokens[0]), Socket(b, table_id, 1, tokens[1])]
    watchers = [Socket(a, table_id), Socket(b, table_id)]
    everyone = players + watchers
    try:
        for number in range(12):
            for socket in everyone:  # everyone has seen the game begin and every move so far
                socket.seq_reached(number)
                begun(socket)
            mover = deciding(players)
            ack = mover.move(number)
            assert ack["type"] == "ack" and ack["seq"] == number + 1, ack
            for socket in everyone:  # the other replica's clients see the move as well
                seen = socket.seq_reached(number + 1)
                assert seen["table"]["moves"] == number + 1
                assert first_action(seen) == ack["action"]
    finally:
        for socket in everyone:
            socket.close()


def test_forty_concurrent_submissions_for_one_seat_across_replicas_apply_exactly_one(
        replicas: Callable[..., list[ServerProcess]]) -> None:
    servers = replicas(2)
    table_id, tokens = seated_table(*servers)
    for round_ in range(3):
        with httpx.Client(base_url=servers[0].url, timeout=LIMIT) as client:
            seat = state(client, table_id)["view"]["current_player"]
            mine = state(client, table_id, seat, tokens[seat])
        seq, choices = mine["seq"], [choice["text"] for choice in mine["choices"]]
        assert seq == round_ and choices
        start = threading.Barrier(40)
        answers: list[httpx.Response] = [httpx.Response(599)] * 40
        bodies = [{"seat": seat, "seq": seq, "action": choices[number % len(choices)]} for number in range(40)]

        def submit(number: int, body: dict[str, Any], start: threading.Barrier = start,
                   answers: list[httpx.Response] = answers, token: str = tokens[seat]) -> None:
            with httpx.Client(base_url=servers[number % 2].url, timeout=LIMIT) as client:
                start.wait(LIMIT)
                answers[number] = client.post(f"/api/tables/{table_id}/actions", json=body,
                                              headers={"X-Seat-Token": token})

        threads = [threading.Thread(target=submit, args=(number, bodies[number]), daemon=True) for number in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(2 * LIMIT)
            assert not thread.is_alive(), "a submission got no answer"
        applied = [a.json() for a in answers if a.status_code == 200 and not a.json()["duplicate"]]
        assert len(applied) == 1, [a.text for a in answers]
        for answer in answers:  # the others: too late, or the very same move repeated
            if answer.status_code == 200:
                assert answer.json() in (applied[0], {**applied[0], "duplicate": True})
            else:
                assert answer.status_code == 409 and answer.json()["error"] == "stale", answer.text
        for server in servers:  # both replicas agree: one move more, the one applied
            with httpx.Client(base_url=server.url, timeout=LIMIT) as client:
                deadline = time.monotonic() + LIMIT
                while (public := state(client, table_id))["seq"] != seq + 1:
                    assert public["seq"] == seq and time.monotonic() < deadline, public["seq"]
                assert logged_actions(public)[-1] == applied[0]["action"]


def test_a_replica_killed_mid_game_loses_no_accepted_move(replicas: Callable[..., list[ServerProcess]]) -> None:
    a, b = replicas(2)
    table_id, tokens = seated_table(a, b)
    players = [Socket(a, table_id, 0, tokens[0]), Socket(b, table_id, 1, tokens[1])]
    accepted: list[str] = []
    try:
        for number in range(10):
            for socket in players:
                socket.seq_reached(number)
            ack = deciding(players).move(number)
            assert ack["type"] == "ack"
            accepted.append(ack["action"])
        for socket in players:
            socket.seq_reached(len(accepted))
        mover = deciding(players)
        in_flight = mover.state["choices"][0]["text"]
        mover.connection.send(json.dumps({"type": "action", "seq": mover.state["seq"], "id": "last",
                                          "action": in_flight}))
        a.kill9()  # mid-game, perhaps mid-move
        with pytest.raises(ConnectionClosed):
            players[0].wait(lambda message: False)
        players[0].close()
        players[0] = Socket(b, table_id, 0, tokens[0])  # the client reconnects: the proxy sends it to b
        stored = logged_actions(players[0].state)
        assert stored[:len(accepted)] == accepted  # every accepted move is there, in order
        assert stored[len(accepted):] in ([], [in_flight])  # and the one in flight at most once
        for number in range(len(stored), len(stored) + 6):  # the game goes on, both players on b
            for socket in players:
                socket.seq_reached(number)
            ack = deciding(players).move(number)
            assert ack["type"] == "ack" and ack["seq"] == number + 1, ack
    finally:
        for socket in players:
            socket.close()


def first_move(client: httpx.Client | Any, seed: int) -> tuple[int, str]:
    """Who moves first at a two-person table of `seed`'s deal, once both seats are taken, and a move they may
    make (seen on a table of the same deal)."""
    table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=seed)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    seat = state(client, table_id)["view"]["current_player"]
    return seat, state(client, table_id, seat, tokens[seat])["choices"][0]["text"]


def test_a_move_just_after_the_last_seat_is_taken_on_another_replica_is_not_refused(
        replicas: Callable[..., list[ServerProcess]]) -> None:
    a, b = replicas(2)
    with httpx.Client(base_url=a.url, timeout=LIMIT) as on_a, httpx.Client(base_url=b.url, timeout=LIMIT) as on_b:
        seat, action = first_move(on_b, seed=11)
        for _ in range(5):
            table_id = create_table(on_b, [{"kind": "human"}, {"kind": "human"}], seed=11)
            token = join(on_b, table_id, seat)
            join(on_a, table_id, 1 - seat)  # the last seat, taken on the other replica
            moved = act(on_b, table_id, seat, token, 0, action)  # at once, before b may have heard of it
            assert moved.status_code == 200, moved.text


def test_a_replica_that_has_not_heard_the_last_seat_was_taken_reads_the_table_before_refusing_a_move(
        postgres_url: str) -> None:
    # Far from its next look at the database by itself: only the move can make the replica read the table.
    settings = ServerSettings(database_url=postgres_url, bot_delay=0, moves_per_second=0, catch_up_every=3600)
    database = create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with in_process_client(settings) as client:
            seat, action = first_move(client, seed=11)
            table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=11)
            token = join(client, table_id, seat)
            with database.begin() as connection:  # another replica seats the last player; its word is not here yet
                connection.execute(text("UPDATE seats SET token_hash = 'elsewhere', name = 'Bob', joined_at = now()"
                                        " WHERE table_id = :t AND seat = :s"), {"t": table_id, "s": 1 - seat})
            moved = act(client, table_id, seat, token, 0, action)
            assert moved.status_code == 200, moved.text
            assert state(client, table_id)["seq"] == 1
            # A move the table's state in the database refuses as well is refused, and says why.
            other = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=11)
            waiting = act(client, other, seat, join(client, other, seat), 0, action)
            assert waiting.status_code == 422 and "every seat is taken" in waiting.json()["message"], waiting.text
    finally:
        database.dispose()


def test_who_is_connected_is_seen_across_replicas(replicas: Callable[..., list[ServerProcess]]) -> None:
    a, b = replicas(2)
    table_id, tokens = seated_table(a, b)
    ann, watcher = Socket(a, table_id, 0, tokens[0]), Socket(a, table_id)
    bob, far_watcher = Socket(b, table_id, 1, tokens[1]), Socket(b, table_id)

    def shown(online: bool, spectators: int) -> Callable[[dict[str, Any]], bool]:
        return lambda message: message["type"] in ("state", "presence") and \
            message["table"]["seats"][1]["online"] is online and message["table"]["spectators"] == spectators

    try:
        ann.wait(shown(True, 2))  # Bob and a spectator, connected to the other replica
        bob.close()
        ann.wait(shown(False, 2))
        bob = Socket(b, table_id, 1, tokens[1])
        ann.wait(shown(True, 2))
        b.kill9()  # a replica gone without a word: its connections stop counting after a while
        ann.wait(shown(False, 1))
    finally:
        for socket in (ann, watcher, bob, far_watcher):
            socket.close()


def test_a_dropped_notification_is_recovered(replicas: Callable[..., list[ServerProcess]], postgres_url: str) -> None:
    a, b = replicas(2)
    table_id, tokens = seated_table(a, b)
    players = [Socket(a, table_id, 0, tokens[0]), Socket(b, table_id, 1, tokens[1])]
    watcher = Socket(b, table_id)
    database = create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        mover = deciding(players)
        seat, action = mover.state["you"], mover.state["choices"][0]["text"]
        with database.begin() as connection:  # a move committed whose notification never went out
            connection.execute(text("INSERT INTO actions (table_id, seq, seat, action, created_at)"
                                    " VALUES (:t, 0, :s, :a, now())"), {"t": table_id, "s": seat, "a": action})
            connection.execute(text("UPDATE tables SET moves = 1 WHERE id = :t"), {"t": table_id})
        for socket in [*players, watcher]:  # both replicas find it by themselves
            assert first_action(socket.seq_reached(1)) == action
        with database.begin() as connection:  # the same for something said at the table
            connection.execute(text("INSERT INTO chat (table_id, number, channel, author, name, text, seq, created_at)"
                                    " VALUES (:t, 0, 'players', 'seat:0', 'Ann', 'psst', 1, now())"), {"t": table_id})
        for socket in players:
            said = socket.wait(lambda message: message["type"] == "chat")
            assert said["message"]["text"] == "psst" and said["message"]["number"] == 0
        players[1].connection.send(json.dumps({"type": "chat", "text": "heard you"}))  # numbered after it
        assert players[0].wait(lambda message: message["type"] == "chat")["message"]["number"] == 1
        ack = deciding(players).move(1)
        assert ack["type"] == "ack" and ack["seq"] == 2

        # Every listening connection cut: the moves made meanwhile still reach every replica's clients.
        with database.begin() as connection:
            cut = connection.scalar(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                                         " WHERE application_name = 'tableserver-listen'"))
        assert cut == 2
        for number in (2, 3):
            for socket in [*players, watcher]:
                socket.seq_reached(number)
            ack = deciding(players).move(number)
            assert ack["type"] == "ack" and ack["seq"] == number + 1
        for socket in [*players, watcher]:
            assert socket.seq_reached(4)["table"]["moves"] == 4
        for server in (a, b):  # and both listen again
            deadline = time.monotonic() + LIMIT
            while httpx.get(server.url + "/readyz", timeout=LIMIT).status_code != 200:
                assert time.monotonic() < deadline, "the replica did not listen again"
    finally:
        for socket in [*players, watcher]:
            socket.close()
        database.dispose()


def test_serve_workers_share_a_port_and_drain_their_sockets_when_stopped(tmp_path: Path, postgres_url: str) -> None:
    server = ServerProcess(tmp_path / "workers", database_url=postgres_url, options=("--workers", "2")).start()
    try:
        seen: set[str] = set()
        deadline = time.monotonic() + LIMIT
        while len(seen) < 2:  # new connections land on either replica
            assert time.monotonic() < deadline, f"only {seen} answered"
            seen.add(httpx.get(server.url + "/healthz", timeout=LIMIT).json()["replica"])
        ready = httpx.get(server.url + "/readyz", timeout=LIMIT)
        assert ready.status_code == 200 and ready.json()["problems"] == []
        with httpx.Client(base_url=server.url, timeout=LIMIT) as client:
            table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=3)
        watcher = Socket(server, table_id)
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        with pytest.raises(ConnectionClosed) as closed:
            watcher.wait(lambda message: False)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012  # "service restart": reconnect
        assert server.process.wait(LIMIT) == 0
    finally:
        server.stop()


def test_serve_refuses_several_workers_on_sqlite(tmp_path: Path) -> None:
    finished = subprocess.run([str(TABLESERVER), "serve", "--workers", "2", "--database-url",
                               f"sqlite:///{tmp_path / 'one.sqlite3'}"], capture_output=True, text=True, timeout=LIMIT)
    assert finished.returncode == 2
    assert "SQLite" in finished.stderr and "PostgreSQL" in finished.stderr and "Traceback" not in finished.stderr
    assert not (tmp_path / "one.sqlite3").exists()  # nothing was started


def test_health_and_readiness(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'health.sqlite3'}"
    with in_process_client(ServerSettings(database_url=url, bot_delay=0)) as client:
        live = client.get("/healthz")
        assert live.status_code == 200 and live.json()["status"] == "live" and live.json()["replica"]
        assert client.get("/readyz").json() == {"status": "ready", "replica": live.json()["replica"], "problems": []}
        engine = make_engine(url)
        config = alembic_config()
        with engine.begin() as connection:  # the schema behind this server's (a deploy half done)
            config.attributes["connection"] = connection
            command.downgrade(config, "-1")
        engine.dispose()
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["status"] == "not ready"
        assert "run the migrations" in ready.json()["problems"][0]
        assert client.get("/healthz").status_code == 200  # alive all the same
