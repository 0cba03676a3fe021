"""Bots' turns and turn clocks are taken exactly once across replicas: a replica killed with SIGKILL while its bot
is taking its turn, or while a table's clock runs, loses neither; the other replica takes them over (jobs.py). A
person's move and the bots' turn it calls for are committed together, so a replica dying between the two cannot
happen."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

from tableserver.db import make_engine
from tableserver.repository import Repository
from tableserver.settings import ServerSettings
from tableserver.writer import Writer
from tests.tableserver.server_helpers import ServerProcess, act, create_table, in_process_client, join, state

T = TypeVar("T")
LEASE = "1.5"  # seconds: a dead replica's turn is taken over this long after it stopped renewing it


def wait_for(condition: Callable[[], T | None], seconds: float = 30.0) -> T:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


@pytest.fixture
def database(postgres_url: str) -> Iterator[Engine]:
    engine = make_engine(postgres_url)
    yield engine
    engine.dispose()


@pytest.fixture
def replicas(tmp_path: Path, database: Engine) -> Iterator[Callable[..., ServerProcess]]:
    """Start a replica on the throw-away PostgreSQL (the first migrates it)."""
    started: list[ServerProcess] = []

    def start(name: str, bot_delay: float = 0.0) -> ServerProcess:
        url = database.url.render_as_string(hide_password=False)
        started.append(ServerProcess(tmp_path / name, bot_delay=bot_delay, database_url=url,
                                     options=("--job-lease", LEASE)).start())
        return started[-1]

    yield start
    for server in started:
        server.stop()


def stored_moves(database: Engine, table_id: str) -> list[tuple[int, int]]:
    """The table's stored moves: (seq, seat) each."""
    with database.connect() as connection:
        return [(row.seq, row.seat) for row in connection.execute(
            text("SELECT seq, seat FROM actions WHERE table_id = :t ORDER BY seq"), {"t": table_id})]


def job(database: Engine, table_id: str, kind: str) -> Any:
    with database.connect() as connection:
        return connection.execute(text("SELECT seq, owner, until FROM jobs WHERE table_id = :t AND kind = :k"),
                                  {"t": table_id, "k": kind}).first()


def test_a_bot_whose_replica_dies_mid_turn_moves_once_on_the_other(replicas: Any, database: Engine) -> None:
    # Replica A's bots wait a minute before moving: A is killed while it holds the bot's turn.
    a = replicas("a", bot_delay=60)
    with httpx.Client(base_url=a.url, timeout=30) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4)
        token = join(client, table_id, 0)
        for _ in range(40):  # the person moves until it is the bot's turn
            mine = state(client, table_id, 0, token)
            if 1 in mine["table"]["pending"]:
                break
            moved = client.post(f"/api/tables/{table_id}/actions", headers={"X-Seat-Token": token},
                                json={"seat": 0, "seq": mine["seq"], "action": mine["choices"][0]["text"]})
            assert moved.status_code == 200, moved.text
    taken = wait_for(lambda: (row := job(database, table_id, "bot")) is not None and row.owner and row)
    before = stored_moves(database, table_id)
    assert taken.seq == len(before)  # A holds the turn of the move to come, and has not made it
    b = replicas("b")  # a replica whose bots move at once
    a.kill9()
    after = wait_for(lambda: len(moves := stored_moves(database, table_id)) > len(before) and moves)
    assert after[len(before)] == (len(before), 1)  # the bot's move, made by B
    with httpx.Client(base_url=b.url, timeout=30) as client:
        seen = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
    assert seen["seq"] == len(stored_moves(database, table_id))  # B's game is the stored one
    assert [seat for _, seat in stored_moves(database, table_id)[len(before):]] == [1] * (seen["seq"] - len(before))


def test_a_clock_whose_replica_died_runs_out_once_on_the_other(replicas: Any, database: Engine) -> None:
    a = replicas("a")
    b = replicas("b")
    with httpx.Client(base_url=a.url, timeout=30) as client:
        created = client.post("/api/tables", json={
            "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4, "practice": True,
            "clock": {"mode": "realtime", "seconds": 10}})
        assert created.status_code == 201, created.text
        table_id = created.json()["table"]["id"]
        tokens = [join(client, table_id, 0), join(client, table_id, 1)]
        deciding = state(client, table_id)["view"]["current_player"]
    clock = wait_for(lambda: job(database, table_id, "clock"))
    assert clock.seq == 0 and clock.owner is None  # set by A, due in 10 s
    a.kill9()
    with httpx.Client(base_url=b.url, timeout=30) as client:
        # B runs the clock out: the stand-in bot plays the seat, once, and the game goes on.
        table = wait_for(lambda: (t := client.get(f"/api/tables/{table_id}").json())["seats"][deciding]["status"]
                         == "timed_out" and t, seconds=40)
        assert table["seats"][1 - deciding]["status"] is None
        moves = wait_for(lambda: stored_moves(database, table_id))
        assert moves[0] == (0, deciding)  # the stand-in bot's move for the seat that ran out of time
        mine = state(client, table_id, deciding, tokens[deciding])
        assert mine["choices"] == []  # the seat is the bot's until its person takes it back
    assert job(database, table_id, "clock") is None or job(database, table_id, "clock").seq != 0


def test_a_persons_move_and_the_bots_turn_it_calls_for_are_stored_together_or_not_at_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'together.sqlite3'}"
    database = make_engine(url)
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    # The bot waits a minute before moving: its turn, once posted, stays in the jobs table while the test looks.
    with in_process_client(ServerSettings(database_url=url, bot_delay=60, moves_per_second=0)) as client:
        # The moves of this deal up to the one that hands the decision to the bot, played on a first table.
        trial = create_table(client, seats, seed=4)
        trial_token = join(client, trial, 0)
        moves: list[str] = []
        while 1 not in (mine := state(client, trial, 0, trial_token))["table"]["pending"]:
            assert len(moves) < 40, "the bot never got the decision"
            moves.append(mine["choices"][0]["text"])
            assert act(client, trial, 0, trial_token, len(moves) - 1, moves[-1]).status_code == 200
        table_id = create_table(client, seats, seed=4)
        token = join(client, table_id, 0)
        for seq, action in enumerate(moves[:-1]):
            assert act(client, table_id, 0, token, seq, action).status_code == 200
        last = len(moves) - 1
        assert job(database, table_id, "bot") is None  # the person's decision: no bot owes a move yet

        # The move's transaction fails: neither the move nor the bot's turn is stored.
        def failing(connection: Any, records: Any) -> None:
            raise OSError("disk full")

        with monkeypatch.context() as failure:
            failure.setattr(Repository, "append_actions", staticmethod(failing))
            assert act(client, table_id, 0, token, last, moves[-1]).status_code == 503
        assert len(stored_moves(database, table_id)) == last and job(database, table_id, "bot") is None

        # The replica dies the moment the move is committed: nothing it writes after that reaches the database.
        async def dead(self: Writer, work: Any) -> Any:
            raise OSError("the replica is gone")

        monkeypatch.setattr(Writer, "write", dead)
        assert act(client, table_id, 0, token, last, moves[-1]).status_code == 200
        assert stored_moves(database, table_id)[-1] == (last, 0)
        posted = job(database, table_id, "bot")  # committed with the move: whichever replica is left takes it
        assert posted is not None and posted.seq == last + 1
    database.dispose()


def test_a_seat_whose_clock_ran_out_is_handed_to_its_bot_with_the_bots_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'clock.sqlite3'}"
    database = make_engine(url)
    settings = ServerSettings(database_url=url, bot_delay=60, moves_per_second=0, min_clock_seconds=0)
    with in_process_client(settings) as client:
        created = client.post("/api/tables", json={
            "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4, "practice": True,
            "clock": {"mode": "realtime", "seconds": 0.5}})
        assert created.status_code == 201, created.text
        table_id = created.json()["table"]["id"]
        join(client, table_id, 0)
        join(client, table_id, 1)
        deciding = state(client, table_id)["view"]["current_player"]
        clock = wait_for(lambda: job(database, table_id, "clock"))
        assert clock.seq == 0 and job(database, table_id, "bot") is None
        original = Writer.write

        # The replica dies the moment the seat is handed to the stand-in bot: nothing it writes after reaches the
        # database.
        async def dies_after(self: Writer, work: Any) -> Any:
            await original(self, work)
            monkeypatch.setattr(Writer, "write", dead)
            raise OSError("the replica is gone")

        async def dead(self: Writer, work: Any) -> Any:
            raise OSError("the replica is gone")

        def stored_seat() -> Any:
            with database.connect() as connection:
                return connection.execute(text("SELECT kind, status FROM seats WHERE table_id = :t AND seat = :s"),
                                          {"t": table_id, "s": deciding}).first()

        monkeypatch.setattr(Writer, "write", dies_after)
        assert tuple(wait_for(lambda: (seat := stored_seat()).kind == "bot" and seat)) == ("bot", "timed_out")
        posted = job(database, table_id, "bot")  # committed with the seat: whichever replica is left takes it
        assert posted is not None and posted.seq == 0
    database.dispose()
