"""The table WebSocket: hello and identity, live updates to players and spectators, errors, reconnecting."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from tableserver.protocol import server_messages
from tests.tableserver.server_helpers import ServerProcess, create_table, join, receive

if TYPE_CHECKING:
    from starlette.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def test_spectator_and_players_get_their_views(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=3)
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        watcher.send_json({"type": "hello"})
        first = receive(watcher, "state")
        assert first["you"] is None and first["choices"] == [] and "legal_actions" not in first["view"]
        assert first["log"] and first["seq"] == 0
        seat = first["view"]["current_player"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as player:
            player.send_json({"type": "hello", "seat": seat, "token": tokens[seat]})
            mine = receive(player, "state")
            assert mine["you"] == seat and mine["choices"]
            assert mine["table"]["seats"][seat]["online"] is True
            action = mine["choices"][0]["text"]
            player.send_json({"type": "preview", "action": action, "id": "p"})
            preview = receive(player, "preview")
            assert preview["id"] == "p" and preview["description"]
            player.send_json({"type": "action", "seq": 0, "action": action, "id": 1})
            update = receive(player, "state")
            assert update["seq"] == 1 and update["events"] and all(e["seq"] == 1 for e in update["events"])
            ack = receive(player, "ack")
            assert ack == {"type": "ack", "id": 1, "seq": 1, "action": action, "duplicate": False}
            seen = receive(watcher, "state")
            assert seen["seq"] == 1 and seen["events"] == update["events"] and seen["you"] is None
            player.send_json({"type": "action", "seq": 0, "action": action, "id": 2})
            assert receive(player, "ack")["duplicate"] is True
            player.send_json({"type": "action", "seq": 0, "action": "pass", "id": 3})
            stale = receive(player, "error")
            assert stale["error"] == "stale" and stale["id"] == 3


def test_reconnect_gets_the_whole_log(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=8)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    log_length = 0
    for _ in range(3):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "hello"})
            seat = receive(ws, "state")["view"]["current_player"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[seat]})
            message = receive(ws, "state")
            assert len(message["log"]) >= log_length
            log_length = len(message["log"])
            ws.send_json({"type": "action", "seq": message["seq"], "action": message["choices"][0]["text"]})
            receive(ws, "ack")
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello"})
        final = receive(ws, "state")
    assert final["seq"] == 3 and len(final["log"]) > log_length
    assert [e["seq"] for e in final["log"]] == sorted(e["seq"] for e in final["log"])


def test_unknown_table_and_bad_tokens_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["error"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    table_id = create_table(client, HUMANS)
    join(client, table_id, 0)
    for hello in ({"type": "hello", "seat": 0, "token": "guess"}, {"type": "hello", "seat": 1, "token": "x"},
                  {"type": "hello", "seat": 0}, {"type": "hello", "seat": "zero", "token": "x"},
                  {"type": "action", "seq": 0, "action": "pass"}):
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json(hello)
            error = ws.receive_json()
            server_messages.validate_python(error)
            assert error["type"] == "error" and error["message"], hello
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_bad_messages_get_clear_errors_and_change_nothing(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=6)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello"})
        seat = receive(ws, "state")["view"]["current_player"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": seat, "token": tokens[seat]})
        receive(ws, "state")
        bad: list[tuple[Any, str]] = [
            ("{not json", "bad_request"),
            ("[1, 2]", "bad_request"),
            ('{"type": "dance"}', "bad_request"),
            ('{"type": "action", "seq": "0", "action": "pass"}', "bad_request"),
            ('{"type": "action", "seq": 0}', "bad_request"),
            ('{"type": "action", "seq": 0, "action": "bury everyone"}', "illegal"),
            ('{"type": "action", "seq": 0, "action": "kill room1 pay peasant"}', "illegal"),
            ('{"type": "preview", "action": "place room9"}', "illegal"),
            ('{"type": "action", "seq": 0, "action": "' + "x" * 9000 + '"}', "too_large"),
        ]
        for text, code in bad:
            ws.send_text(text)
            error = receive(ws, "error")
            assert error["error"] == code and error["message"], text
        ws.send_bytes(b"\x00\x01")
        assert receive(ws, "error")["error"] == "bad_request"
        ws.send_json({"type": "ping", "id": 9})
        assert receive(ws, "pong")["seq"] == 0
        ws.send_json({"type": "hello"})
        assert "already said hello" in receive(ws, "error")["message"]
        ws.send_text('{"type": "action", "seq": 0, "action": "pass", "id": "x", "extra": 1}')
        error = receive(ws, "error")
        assert error["id"] == "x" and "extra" in error["message"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello"})
        assert receive(ws, "state")["seq"] == 0
        ws.send_json({"type": "action", "seq": 0, "action": "place room1"})
        assert receive(ws, "error")["error"] == "forbidden"  # spectators cannot act



def test_leaving_before_hello_is_quiet(server: ServerProcess) -> None:
    """A browser tab closed while connecting is routine: no traceback in the server's log."""
    with httpx.Client(base_url=server.url) as http:
        table_id = create_table(http, HUMANS, seed=4)
    address = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}"
    for _ in range(3):
        with connect(address):
            pass  # and gone, without a word
    with connect(address) as ws:  # the table is still served
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
    server.stop()
    log = server.log_path.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log


def test_revoking_a_token_ends_its_sessions_and_keeps_the_seat(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=5)
    old = join(client, table_id, 0, "Ann")
    with client.websocket_connect(f"/ws/tables/{table_id}") as leaked:  # someone holding a leaked link
        leaked.send_json({"type": "hello", "seat": 0, "token": old})
        assert receive(leaked, "state")["you"] == 0
        response = client.post(f"/api/tables/{table_id}/seats/0/token", headers={"X-Seat-Token": old})
        assert response.status_code == 200, response.text
        new = response.json()["token"]
        assert new != old and response.json()["url"] == f"/table/{table_id}#seat=0&token={new}"
        error = receive(leaked, "error")
        assert error["error"] == "forbidden" and "revoked" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            leaked.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{table_id}") as again:
        again.send_json({"type": "hello", "seat": 0, "token": old})
        assert "revoked" in receive(again, "error")["message"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as owner:
        owner.send_json({"type": "hello", "seat": 0, "token": new})
        first = receive(owner, "state")
        assert first["you"] == 0 and first["table"]["seats"][0]["name"] == "Ann"
