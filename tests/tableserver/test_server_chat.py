"""Table chat over the WebSocket (docs/server.md): the seated players and the spectators each talk among
themselves, messages are stored with the table (kept across a restart, shown in the replay), one line of at most
300 characters each, and each address may send only so many a minute."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import create_table, in_process_client, join, receive, state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def settings(tmp_path: Path, **changed: Any) -> ServerSettings:
    return ServerSettings(database_url=f"sqlite:///{tmp_path / 'chat.sqlite3'}", bot_delay=0, moves_per_second=0,
                          **changed)


def hello(ws: Any, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "seat": seat, "token": token} if seat is not None else {"type": "hello"})
    return receive(ws, "state")


def test_players_and_spectators_each_talk_among_themselves_and_it_is_kept(tmp_path: Path) -> None:
    with in_process_client(settings(tmp_path)) as client:
        table_id = create_table(client, HUMANS, seed=3)
        tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ann, \
                client.websocket_connect(f"/ws/tables/{table_id}") as bob, \
                client.websocket_connect(f"/ws/tables/{table_id}") as cat:
            assert hello(ann, 0, tokens[0])["chat"] == []
            hello(bob, 1, tokens[1])
            hello(cat)
            ann.send_json({"type": "chat", "text": "  good luck\n<b>Bob</b>  "})
            said = receive(bob, "chat")["message"]
            assert said["text"] == "good luck <b>Bob</b>"  # one line, kept as typed (pages show it as text)
            assert (said["channel"], said["author"], said["name"], said["seq"]) == ("players", "seat:0", "Ann", 0)
            assert receive(ann, "chat")["message"] == said  # the sender sees it with everyone else
            cat.send_json({"type": "chat", "text": "Bob should kill the Count", "name": "Cat"})
            tip = receive(cat, "chat")["message"]
            assert (tip["channel"], tip["name"]) == ("spectators", "Cat") and tip["author"].startswith("watcher:")
            bob.send_json({"type": "ping", "id": 1})
            assert receive(bob, "pong")["id"] == 1  # the spectators' tip never reached Bob (no chat came before)
    with in_process_client(settings(tmp_path)) as client:  # a restarted server still has both sides' talk
        assert [m["text"] for m in state(client, table_id, 1, tokens[1])["chat"]] == ["good luck <b>Bob</b>"]
        assert [m["text"] for m in state(client, table_id)["chat"]] == ["Bob should kill the Count"]


def test_a_message_is_one_line_of_at_most_300_characters(tmp_path: Path) -> None:
    with in_process_client(settings(tmp_path)) as client:
        table_id = create_table(client, HUMANS, seed=3)
        token = join(client, table_id, 0, "Ann")
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, 0, token)
            for text, problem in (("x" * 301, "at most 300 characters"), (" \n\t ", "needs some text"),
                                  ("", "at least 1 character")):
                ws.send_json({"type": "chat", "text": text, "id": "m"})
                refused = receive(ws, "error")
                assert refused["error"] == "bad_request" and problem in refused["message"] and refused["id"] == "m"
            ws.send_json({"type": "chat", "text": "y" * 300})
            assert receive(ws, "chat")["message"]["text"] == "y" * 300
        assert len(state(client, table_id, 0, token)["chat"]) == 1  # nothing refused was kept


def test_an_address_may_say_only_so_much_a_minute(tmp_path: Path) -> None:
    with in_process_client(settings(tmp_path, chat_per_minute=3)) as client:
        table_id = create_table(client, HUMANS, seed=3)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws)
            for number in range(3):
                ws.send_json({"type": "chat", "text": f"hello {number}"})
                receive(ws, "chat")
            ws.send_json({"type": "chat", "text": "one too many", "id": 9})
            refused = receive(ws, "error")
            assert refused["error"] == "rate_limited" and "too many chat messages" in refused["message"]
        assert [m["text"] for m in state(client, table_id)["chat"]] == ["hello 0", "hello 1", "hello 2"]


def test_the_replay_shows_both_sides_of_the_chat_in_their_place(tmp_path: Path) -> None:
    with in_process_client(settings(tmp_path)) as client:
        table_id = create_table(client, [{"kind": "bot", "bot": "random"}] * 2, seed=5)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws)
            ws.send_json({"type": "chat", "text": "what a game", "name": "Cat"})
            said = receive(ws, "chat")["message"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/tables/{table_id}").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert replay["chat"] == [said] and 0 <= said["seq"] < len(replay["frames"])
