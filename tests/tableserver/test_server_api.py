"""The HTTP API: tables, seats and tokens, moves with optimistic concurrency, bad input, replays."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import random
import re
import threading
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import bloodyinn.bots
import tableserver.replays
import tableserver.routes.meta
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import act, create_table, in_process_client, join, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _in_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def test_create_join_and_lobby(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    lobby = client.get("/api/tables").json()
    listed = next(t for t in lobby if t["id"] == table_id)
    assert [s["open"] for s in listed["seats"]] == [True, False]
    assert "seed" not in listed["settings"]  # the seed would reveal the hidden deck order
    token = join(client, table_id, 0, "Ann")
    assert len(token) >= 32
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["open"] is False and seats[0]["name"] == "Ann"
    again = client.post(f"/api/tables/{table_id}/seats/0/join", json={})
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"
    bot_seat = client.post(f"/api/tables/{table_id}/seats/1/join", json={})
    assert bot_seat.status_code == 409


def test_default_seats_and_options(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert options["bots"] and options["players"] == [1, 2, 3, 4]
    created = client.post("/api/tables", json={"players": 3}).json()
    assert [s["kind"] for s in created["table"]["seats"]] == ["human", "bot", "bot"]
    assert created["join_links"] == {"0": f"/table/{created['table']['id']}?join=0"}
    cards = client.get("/api/cards").json()
    assert cards["occupations"]["distiller"]["annex"] == "Distillery"
    assert client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/actions"]
    schema = client.get("/api/websocket-schema").json()
    assert "hello" in str(schema["client_to_server"]) and "ack" in str(schema["server_to_client"])


def test_two_humans_play_a_whole_game_over_http(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = create_table(client, HUMANS, seed=11)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    choose = random.Random(3)
    moves = 0
    while True:
        public = state(client, table_id)
        if public["view"]["is_over"]:
            break
        seat = public["view"]["current_player"]
        mine = state(client, table_id, seat, tokens[seat])
        assert mine["choices"] and [c["text"] for c in mine["choices"]] == mine["view"]["legal_actions"]
        action = choose.choice(mine["choices"])["text"]
        response = act(client, table_id, seat, tokens[seat], mine["seq"], action)
        assert response.status_code == 200, response.text
        moves += 1
    assert public["seq"] == moves
    assert public["result"]["breakdown"] and len(public["result"]["scores"]) == 2
    # A finished game never changes: its replay is built once, off the event loop, then served from memory.
    build = tableserver.replays.build_frames
    built_on_loop = []

    def counted(*args: Any) -> Any:
        built_on_loop.append(_in_event_loop())
        return build(*args)

    monkeypatch.setattr(tableserver.replays, "build_frames", counted)
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert client.get(f"/api/tables/{table_id}/replay").json() == replay
    assert built_on_loop == [False]
    assert len(replay["frames"]) == moves + 1
    assert replay["record"]["settings"]["seed"] == 11
    assert replay["frames"][-1]["view"] == public["view"]
    # Finished games nobody watches leave memory and come back from the database, unchanged.
    assert state(client, table_id) == public


def test_a_revoked_token_no_longer_holds_the_seat(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=3)
    old, other = join(client, table_id, 0), join(client, table_id, 1)
    revoke = f"/api/tables/{table_id}/seats/0/token"
    assert client.post(revoke).status_code == 403  # no token
    assert client.post(revoke, headers={"X-Seat-Token": other}).status_code == 403  # another seat's token
    response = client.post(revoke, headers={"X-Seat-Token": old})
    assert response.status_code == 200, response.text
    new = response.json()["token"]
    refused = client.get(f"/api/tables/{table_id}/state", params={"seat": 0}, headers={"X-Seat-Token": old})
    assert refused.status_code == 403 and "revoked" in refused.json()["message"]
    assert client.post(revoke, headers={"X-Seat-Token": old}).status_code == 403  # the old one cannot revoke again
    assert state(client, table_id, 0, new)["you"] == 0
    assert state(client, table_id, 1, other)["you"] == 1  # the other seat is untouched
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["open"] is False


def test_tokens_guard_seats(client: TestClient) -> None:
    table_id = create_table(client, HUMANS)
    token0 = join(client, table_id, 0)
    token1 = join(client, table_id, 1)
    first = state(client, table_id, 0, token0)
    action = first["choices"][0]["text"]
    for seat, token in ((0, token1), (0, "not-a-token"), (1, token0), (0, "")):
        response = act(client, table_id, seat, token, 0, action)
        assert response.status_code in (403, 422), response.text
    tokenless = client.post(f"/api/tables/{table_id}/actions", json={"seat": 0, "seq": 0, "action": action})
    assert tokenless.status_code == 403
    assert client.get(f"/api/tables/{table_id}/state", params={"seat": 0}).status_code == 403
    assert client.get(f"/api/tables/{table_id}/state", params={"seat": 0},
                      headers={"X-Seat-Token": token1}).status_code == 403
    assert state(client, table_id)["seq"] == 0  # nothing was applied


def test_illegal_actions_change_nothing(client: TestClient) -> None:
    table_id = create_table(client, HUMANS)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    before = state(client, table_id)
    current = before["view"]["current_player"]
    other = 1 - current
    cases = [
        (current, "kill room9 pay everything", "illegal"),
        (current, "dance", "illegal"),
        (current, "bribe room1 pay major", "illegal"),
        (other, "place room1", "illegal"),
    ]
    for seat, action, code in cases:
        response = act(client, table_id, seat, tokens[seat], 0, action)
        assert response.status_code == 422, response.text
        assert response.json()["error"] == code and response.json()["message"]
    after = state(client, table_id)
    assert after["view"] == before["view"] and after["seq"] == 0


def test_stale_and_repeated_submissions(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=5)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    seat = state(client, table_id)["view"]["current_player"]
    action = state(client, table_id, seat, tokens[seat])["choices"][0]["text"]
    first = act(client, table_id, seat, tokens[seat], 0, action)
    assert first.json() == {"seq": 1, "action": action, "duplicate": False}
    repeat = act(client, table_id, seat, tokens[seat], 0, action)
    assert repeat.status_code == 200 and repeat.json()["duplicate"] is True
    view = state(client, table_id)
    seat = view["view"]["current_player"]
    choices = state(client, table_id, seat, tokens[seat])["choices"]
    stale = act(client, table_id, seat, tokens[seat], 0, choices[0]["text"])
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    assert "move 0" in stale.json()["message"] and "move 1" in stale.json()["message"]
    future = act(client, table_id, seat, tokens[seat], 5, choices[0]["text"])
    assert future.status_code == 409
    assert state(client, table_id)["seq"] == 1


def test_concurrent_submissions_apply_once(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=9)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    seat = state(client, table_id)["view"]["current_player"]
    choices = [c["text"] for c in state(client, table_id, seat, tokens[seat])["choices"]]
    results: list[int] = []

    def submit(action: str) -> None:
        results.append(act(client, table_id, seat, tokens[seat], 0, action).status_code)

    threads = [threading.Thread(target=submit, args=(choices[i % len(choices)],), daemon=True) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "a submission got no answer"
    assert results.count(200) >= 1 and set(results) <= {200, 409}
    assert state(client, table_id)["seq"] == 1


def test_bad_input(client: TestClient) -> None:
    table_id = create_table(client, HUMANS)
    token = join(client, table_id, 0)
    assert client.get("/api/tables/nope").json()["error"] == "not_found"
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/..%2F..%2Fetc").status_code in (400, 404)
    assert client.post("/api/tables/nope/seats/0/join", json={}).status_code == 404
    bad_bodies = [
        {"players": 7},
        {"players": 2, "length": "medium"},
        {"players": 2, "variants": ["chaos"]},
        {"players": 2, "seats": [{"kind": "human"}]},
        {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "skynet"}]},
        {"players": 2, "surprise": True},
        {"players": True},  # as strict as the WebSocket: no guessing that true means 1
        {"players": "2"},
        {"players": 2.0},
        {"players": 2, "seed": "7"},
        {"players": 2, "seats": [{"kind": "human", "name": 5}, {"kind": "human"}]},
    ]
    for body in bad_bodies:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["error"] == "bad_request" and response.json()["message"]
    assert "players" in client.post("/api/tables", json={"players": True}).json()["message"]
    for bad_action in ({"seat": True, "seq": 0, "action": "pass"}, {"seat": 0, "seq": "0", "action": "pass"}):
        response = client.post(f"/api/tables/{table_id}/actions", json=bad_action, headers={"X-Seat-Token": token})
        assert response.status_code == 400 and response.json()["error"] == "bad_request", response.text
    malformed = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert malformed.status_code == 400
    huge = client.post(f"/api/tables/{table_id}/actions", content=b"x" * 100_000,
                       headers={"content-type": "application/json", "X-Seat-Token": token})
    assert huge.status_code == 413 and huge.json()["error"] == "too_large"
    long_action = act(client, table_id, 0, token, 0, "pass " * 200)
    assert long_action.status_code == 400
    no_seat = client.post(f"/api/tables/{table_id}/seats/5/join", json={})
    assert no_seat.status_code == 400 and "no seat 5" in no_seat.json()["message"]
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 403  # not over yet
    assert client.get("/api/nothing-here").status_code == 404
    assert client.head("/").status_code == 200  # uptime checks ask HEAD /
    assert client.head(f"/table/{table_id}").status_code == 200
    assert state(client, table_id)["seq"] == 0


def test_every_refusal_says_error_and_message(client: TestClient) -> None:
    """Numbers out of range, unknown paths, methods a path does not take and JSON nested past reading each get
    their own status, with the same {error, message} body as every other refusal (never a 500)."""
    table_id = create_table(client, HUMANS)
    as_json = {"content-type": "application/json"}
    refusals = [
        (client.get("/api/tables?offset=9223372036854775808"), 400, "bad_request"),
        (client.get("/api/tables?offset=-1"), 400, "bad_request"),
        (client.get("/api/tables?limit=99999999999999999999"), 400, "bad_request"),
        (client.get(f"/api/tables/{table_id}/state?seat=9223372036854775808"), 400, "bad_request"),
        (client.post("/api/tables", content="[" * 5000 + "]" * 5000, headers=as_json), 400, "bad_request"),
        (client.post("/api/tables", content='{"seats": ' + "[" * 5000 + "]" * 5000 + "}", headers=as_json), 400,
         "bad_request"),
        (client.get("/api/nothing-here"), 404, "not_found"),
        (client.get("/nothing-here"), 404, "not_found"),
        (client.get("/static/nothing.js"), 404, "not_found"),
        (client.delete("/api/tables"), 405, "method_not_allowed"),
        (client.put(f"/api/tables/{table_id}"), 405, "method_not_allowed"),
        (client.post(f"/table/{table_id}"), 405, "method_not_allowed"),
    ]
    for response, status, error in refusals:
        assert response.status_code == status, (response.request.url, response.text)
        assert response.json()["error"] == error and set(response.json()) == {"error", "message"}, response.text
        assert response.json()["message"]
    deleted = client.delete("/api/tables")
    assert deleted.headers["allow"] == "GET, POST" and "takes GET, POST" in deleted.json()["message"]
    assert client.get("/api/tables?offset=1000000").status_code == 200  # the bound itself is fine


def test_every_page_and_answer_carries_the_security_headers(client: TestClient) -> None:
    table_id = create_table(client, HUMANS)
    answers = [client.get(path) for path in ("/", f"/table/{table_id}", f"/table/{table_id}/replay", "/static/table.js",
                                             "/api/tables", "/api/nothing-here", "/openapi.json", "/docs")]
    answers.append(client.post("/api/tables", content=b"x" * 100_000, headers={"content-type": "application/json"}))
    for answer in answers:
        _assert_security_headers(answer)
    assert answers[0].headers["content-security-policy"].startswith("default-src 'self'; script-src 'self';")
    # The API documentation (FastAPI's page) runs its own inline script, allowed by its hash and nothing else.
    docs = answers[-2]
    scripts = re.findall(r"<script>(.*?)</script>", docs.text, re.DOTALL)
    allowed = re.findall(r"'sha256-([^']+)'", docs.headers["content-security-policy"])
    assert scripts and allowed == [base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in scripts]


def _assert_security_headers(answer: Any) -> None:
    headers = answer.headers
    assert (headers.get("x-frame-options"), headers.get("x-content-type-options"), headers.get("referrer-policy")) == (
        "DENY", "nosniff", "no-referrer"), (answer.request.url, answer.status_code)
    policy = dict(part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";"))
    assert "'unsafe-inline'" not in policy["script-src"] and policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'"


def test_every_error_answer_carries_the_security_headers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Refusals of every kind, and a server failure (answered outside the middlewares), are framed, sniffed and
    referred no more than pages are."""
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(tableserver.routes.meta, "card_catalog", broken)
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'errors.sqlite3'}", tables_per_minute=1)
    with in_process_client(settings, raise_server_exceptions=False) as client:
        created = client.post("/api/tables", json={"players": 2, "seats": HUMANS})
        errors = [client.get("/api/cards"),  # the route raises
                  client.get("/api/nothing-here"), client.delete("/api/tables"),
                  client.get("/api/tables?offset=-1"), client.post("/api/tables", content=b"{",
                                                                    headers={"content-type": "application/json"}),
                  client.post("/api/tables", json={"players": 2, "seats": HUMANS}),  # over the per-minute limit
                  client.get(f"/api/tables/{created.json()['table']['id']}/state?seat=0")]  # no token
    assert [e.status_code for e in errors] == [500, 404, 405, 400, 400, 429, 403], [e.text for e in errors]
    for error in errors:
        _assert_security_headers(error)


def test_the_pages_have_no_inline_script_or_style() -> None:
    """Under the pages' policy inline script, event-handler attributes and style attributes would not run:
    every script is a file, every style in style.css."""
    found: list[str] = []

    class Inline(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            names = {name for name, _ in attrs}
            if tag == "script" and "src" not in names:
                found.append("<script> without src")
            found.extend(f"{tag} {name}=" for name in names if name.startswith("on") or name == "style")

    pages = [p for p in (files("tableserver.web") / "templates").iterdir() if p.name.endswith(".html")]
    scripts = [p for p in (files("tableserver.web") / "static").iterdir() if p.name.endswith(".js")]
    assert len(pages) >= 3 and len(scripts) >= 8
    for page in pages:
        Inline().feed(page.read_text())
    for script in scripts:  # the markup that scripts write
        found.extend(f"{script.name}: {m}" for m in re.findall(r"""\s(?:style|on[a-z]+)=["']""", script.read_text()))
    assert found == []


def test_a_server_failure_says_error_and_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(tableserver.routes.meta, "card_catalog", broken)
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'broken.sqlite3'}")
    with in_process_client(settings, raise_server_exceptions=False) as client:
        failed = client.get("/api/cards")
    assert failed.status_code == 500 and failed.json()["error"] == "internal"
    assert "/api/cards" in failed.json()["message"] and "a bug" not in failed.text  # no internals shown


def test_preview_describes_without_applying(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=2)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    seat = state(client, table_id)["view"]["current_player"]
    action = state(client, table_id, seat, tokens[seat])["choices"][0]["text"]
    response = client.post(f"/api/tables/{table_id}/preview", json={"seat": seat, "action": action},
                           headers={"X-Seat-Token": tokens[seat]})
    assert response.status_code == 200, response.text
    preview = response.json()
    assert preview["action"] == action and preview["description"] and preview["events"]
    assert state(client, table_id)["seq"] == 0


def test_bots_play_until_a_person_must_decide(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "bot", "bot": "random"}] * 2, seed=4)
    for _ in range(200):
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["over"]:
            break
        threading.Event().wait(0.05)
    assert summary["over"] and summary["moves"] > 50


class _BrokenBot:
    """Fails one way or the other at every decision: raises, or chooses a move the engine refuses (it thinks in a
    worker process, sent as the table holds it, so it keeps no count of its own)."""

    name = "broken"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: dict[str, object], legal: list[object]) -> object:
        if len(legal) % 2:
            raise RuntimeError("a bug in a bot")
        return "kill room9"  # refused by the engine


def test_a_broken_bot_does_not_freeze_its_table(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bloodyinn.bots.BOTS, "broken", _BrokenBot)
    table_id = create_table(client, [{"kind": "bot", "bot": "broken"}, {"kind": "bot", "bot": "random"}], seed=4)
    for _ in range(1200):  # a minute at most
        if client.get(f"/api/tables/{table_id}").json()["over"]:
            break
        threading.Event().wait(0.05)
    assert client.get(f"/api/tables/{table_id}").json()["over"]


def test_solitaire(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "human"}], seed=1)
    token = join(client, table_id, 0)
    while not (public := state(client, table_id))["view"]["is_over"]:
        mine = state(client, table_id, 0, token)
        assert act(client, table_id, 0, token, mine["seq"], mine["choices"][0]["text"]).status_code == 200
    assert public["result"]["scores"] and len(public["result"]["breakdown"]) == 1
