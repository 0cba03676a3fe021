"""Stalled games: turn clocks, resigning, seats handed to a bot and back, private tables, undo against bots,
rematch (docs/server.md)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tableserver.protocol import server_messages
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import act, create_table, in_process_client, join, play_until, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]
AGAINST_A_BOT = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]


def wait_for(check: Callable[[], Any], seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("waited in vain")


def seat(client: TestClient, table_id: str, number: int) -> Any:
    return client.get(f"/api/tables/{table_id}").json()["seats"][number]


def test_a_seat_whose_clock_runs_out_is_played_by_the_stand_in_bot_until_taken_back(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=3, clock={"mode": "realtime", "seconds": 0.4}, stand_in="easy")
    assert client.get(f"/api/tables/{table_id}").json()["deadline"] is None  # no clock while seats are open
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["clock"] == {"mode": "realtime", "seconds": 0.4} and table["deadline"] is not None
    late = table["current_player"]
    on_time = 1 - late
    gone = wait_for(lambda: (s := seat(client, table_id, late))["status"] == "timed_out" and s)
    assert gone["kind"] == "bot" and gone["bot"] == "easy" and gone["name"] == ("Ann", "Bob")[late]
    refused = act(client, table_id, late, tokens[late], 0, "pass")
    assert refused.status_code == 403  # the bot has the seat now
    # The bot moves for the late player; the other one, on time, plays on.
    mine = wait_for(lambda: (s := state(client, table_id, on_time, tokens[on_time]))["choices"] and s)
    assert mine["seq"] >= 1
    assert act(client, table_id, on_time, tokens[on_time], mine["seq"], mine["choices"][0]["text"]).status_code == 200
    back = client.post(f"/api/tables/{table_id}/seats/{late}/back", headers={"X-Seat-Token": tokens[late]})
    assert back.status_code == 204
    assert seat(client, table_id, late)["kind"] == "human" and seat(client, table_id, late)["status"] is None
    again = client.post(f"/api/tables/{table_id}/seats/{late}/back", headers={"X-Seat-Token": tokens[late]})
    assert again.status_code == 422 and "not played by a bot" in again.json()["message"]


def test_a_turn_clock_survives_a_restart(tmp_path: Path) -> None:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'clock.sqlite3'}", bot_delay=0, min_clock_seconds=0)
    with in_process_client(settings) as client:
        table_id = create_table(client, AGAINST_A_BOT, seed=4, clock={"mode": "async", "seconds": 1.0})
        token = join(client, table_id, 0)
        mine = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
        assert mine["table"]["deadline"] is not None
    time.sleep(1.2)  # the server is down when the clock runs out...
    with in_process_client(settings) as client:  # ...and the restarted one hands the seat over at once
        gone = wait_for(lambda: (s := seat(client, table_id, 0))["status"] == "timed_out" and s)
        assert gone["kind"] == "bot" and gone["bot"] == "medium"  # the default stand-in


def test_a_turn_clock_has_a_minimum(tmp_path: Path) -> None:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'minimum.sqlite3'}")  # the default minimum
    with in_process_client(settings) as client:
        for mode in ("realtime", "async"):
            short = client.post("/api/tables", json={"players": 2, "clock": {"mode": mode, "seconds": 9.5}})
            assert short.status_code == 400 and short.json()["error"] == "bad_request"
            assert "at least 10 s per decision" in short.json()["message"]
        assert client.get("/api/tables").json() == []  # nothing was created
        enough = client.post("/api/tables", json={"players": 2, "clock": {"mode": "realtime", "seconds": 10}})
        assert enough.status_code == 201 and enough.json()["table"]["clock"]["seconds"] == 10


def test_no_clock_no_deadline(client: TestClient) -> None:
    table_id = create_table(client, AGAINST_A_BOT, seed=5)
    token = join(client, table_id, 0)
    mine = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
    assert mine["table"]["clock"]["mode"] == "none" and mine["table"]["deadline"] is None
    bad = client.post("/api/tables", json={"players": 1, "clock": {"mode": "realtime"}})
    assert bad.status_code == 400 and "seconds" in bad.json()["message"]


def test_resign_then_rematch_with_everyone_at_their_seat(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=6, stand_in="easy")
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
    early = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0}, headers={"X-Seat-Token": tokens[0]})
    assert early.status_code == 422 and "over" in early.json()["message"]
    resigned = client.post(f"/api/tables/{table_id}/resign", json={"seat": 1}, headers={"X-Seat-Token": tokens[1]})
    assert resigned.status_code == 204
    bob = seat(client, table_id, 1)
    assert (bob["kind"], bob["bot"], bob["status"]) == ("bot", "easy", "resigned")
    cannot = client.post(f"/api/tables/{table_id}/seats/1/back", headers={"X-Seat-Token": tokens[1]})
    assert cannot.status_code == 422 and "resigned" in cannot.json()["message"]
    end = play_until(client, table_id, 0, tokens[0], lambda s: s["view"]["is_over"], seed=6)
    assert end["result"]["resigned"] == [1]
    assert end["result"]["scores"] == end["view"]["scores"]  # the bot's score for Bob stands (docs/server.md)
    ann = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0}, headers={"X-Seat-Token": tokens[0]})
    assert ann.status_code == 200
    new_id = ann.json()["table_id"]
    assert new_id != table_id and client.get(f"/api/tables/{table_id}").json()["rematch"] == new_id
    # Bob sees the invitation (the table's summary names the rematch) and takes his own seat there.
    assert state(client, table_id, 1, tokens[1])["table"]["rematch"] == new_id
    bob_again = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 1}, headers={"X-Seat-Token": tokens[1]})
    assert bob_again.status_code == 200 and bob_again.json()["table_id"] == new_id
    rematch = client.get(f"/api/tables/{new_id}").json()
    old = client.get(f"/api/tables/{table_id}").json()
    assert rematch["settings"] == old["settings"]
    assert [(s["kind"], s["name"], s["open"]) for s in rematch["seats"]] == [("human", "Ann", False),
                                                                             ("human", "Bob", False)]
    twice = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0}, headers={"X-Seat-Token": tokens[0]})
    assert twice.status_code == 409


def test_private_tables_are_unlisted_and_joined_by_invite_only(client: TestClient) -> None:
    created = client.post("/api/tables", json={"players": 2, "seats": HUMANS, "private": True}).json()
    table_id, invite = created["table"]["id"], created["invite"]
    assert invite and created["join_links"]["1"] == f"/table/{table_id}?join=1&invite={invite}"
    assert table_id not in [t["id"] for t in client.get("/api/tables").json()]
    assert client.get(f"/api/tables/{table_id}").json()["private"] is True  # the link still shows it
    for wrong in ({}, {"invite": "guess"}):
        refused = client.post(f"/api/tables/{table_id}/seats/0/join", json=wrong)
        assert refused.status_code == 403 and "private" in refused.json()["message"]
    token = client.post(f"/api/tables/{table_id}/seats/0/join", json={"invite": invite}).json()["token"]
    assert state(client, table_id, 0, token)["invite"] == invite  # a player can invite the others
    assert state(client, table_id)["invite"] is None  # a spectator cannot
    public = create_table(client, HUMANS)
    assert public in [t["id"] for t in client.get("/api/tables").json()]


def test_undo_against_bots_goes_back_to_the_players_last_decision(client: TestClient) -> None:
    table_id = create_table(client, AGAINST_A_BOT, seed=8)
    token = join(client, table_id, 0)
    before = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
    assert before["undo"] is False  # no decision of mine yet
    assert act(client, table_id, 0, token, before["seq"], before["choices"][-1]["text"]).status_code == 200
    later = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
    assert later["seq"] > before["seq"] and later["undo"] is True
    undone = client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}, headers={"X-Seat-Token": token})
    assert undone.status_code == 200 and undone.json()["seq"] == before["seq"]
    back = state(client, table_id, 0, token)
    assert back["seq"] == before["seq"] and back["view"] == before["view"] and back["choices"] == before["choices"]
    assert back["log"] == before["log"]
    # The game goes on from there: the move just taken back can be chosen differently.
    assert act(client, table_id, 0, token, back["seq"], back["choices"][0]["text"]).status_code == 200


def test_no_undo_with_another_person_at_the_table(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=9)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    first = state(client, table_id)["view"]["current_player"]
    now = state(client, table_id, first, tokens[first])
    assert act(client, table_id, first, tokens[first], 0, now["choices"][0]["text"]).status_code == 200
    assert state(client, table_id, first, tokens[first])["undo"] is False
    refused = client.post(f"/api/tables/{table_id}/undo", json={"seat": first}, headers={"X-Seat-Token": tokens[first]})
    assert refused.status_code == 403 and "bots" in refused.json()["message"]
    assert state(client, table_id)["seq"] == 1  # nothing was taken back


def next_state(ws: Any, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(2000):
        message: dict[str, Any] = ws.receive_json()
        server_messages.validate_python(message)  # every message matches the published schema
        if message["type"] == "state" and wanted(message):
            return message
    raise AssertionError("no such state")


def test_everyone_at_the_table_sees_an_undo_and_a_resignation_live(client: TestClient) -> None:
    table_id = create_table(client, AGAINST_A_BOT, seed=10)
    token = join(client, table_id, 0, "Ann")
    first = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        watcher.send_json({"type": "hello"})
        next_state(watcher, lambda m: "log" in m)
        assert act(client, table_id, 0, token, first["seq"], first["choices"][-1]["text"]).status_code == 200
        wait_for(lambda: state(client, table_id, 0, token)["undo"])
        headers = {"X-Seat-Token": token}
        assert client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}, headers=headers).status_code == 200
        # The spectator is sent the whole log again, as it is after the undo.
        undone = next_state(watcher, lambda m: "log" in m)
        assert undone["seq"] == first["seq"] and all(e["seq"] <= first["seq"] for e in undone["log"])
        assert client.post(f"/api/tables/{table_id}/resign", json={"seat": 0}, headers=headers).status_code == 204
        resigned = next_state(watcher, lambda m: m["table"]["seats"][0]["status"] is not None)
        assert resigned["table"]["seats"][0]["status"] == "resigned"
        assert resigned["table"]["seats"][0]["kind"] == "bot"


def test_the_others_can_hand_an_absent_players_seat_to_a_bot_and_they_can_take_it_back(tmp_path: Path) -> None:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'away.sqlite3'}", bot_delay=0, away_after=0.3)
    with in_process_client(settings) as client:
        table_id = create_table(client, HUMANS, seed=11, stand_in="easy")
        tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
        absent = state(client, table_id)["view"]["current_player"]
        here = 1 - absent
        url = f"/api/tables/{table_id}/seats/{absent}/stand-in"
        headers = {"X-Seat-Token": tokens[here]}
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:  # while connected, nobody may
            socket.send_json({"type": "hello", "seat": absent, "token": tokens[absent]})
            socket.receive_json()
            time.sleep(0.4)
            refused = client.post(url, json={"seat": here}, headers=headers)
            assert refused.status_code == 422 and "connected" in refused.json()["message"]
        wait_for(lambda: not seat(client, table_id, absent)["online"])
        wrong = client.post(f"/api/tables/{table_id}/seats/{here}/stand-in", json={"seat": absent},
                            headers={"X-Seat-Token": tokens[absent]})
        assert wrong.status_code == 422 and "not their decision" in wrong.json()["message"]
        assert client.post(url, json={"seat": here}, headers=headers).status_code == 204
        gone = seat(client, table_id, absent)
        assert (gone["kind"], gone["bot"], gone["status"]) == ("bot", "easy", "away")
        wait_for(lambda: state(client, table_id)["seq"] > 0)  # the bot decides in their place
        back = client.post(f"/api/tables/{table_id}/seats/{absent}/back", headers={"X-Seat-Token": tokens[absent]})
        assert back.status_code == 204 and seat(client, table_id, absent)["kind"] == "human"


def test_an_absent_player_gets_the_time_the_server_allows(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=12)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    absent = state(client, table_id)["view"]["current_player"]
    early = client.post(f"/api/tables/{table_id}/seats/{absent}/stand-in", json={"seat": 1 - absent},
                        headers={"X-Seat-Token": tokens[1 - absent]})
    assert early.status_code == 422 and "after 60 s" in early.json()["message"]
    assert seat(client, table_id, absent)["kind"] == "human"
