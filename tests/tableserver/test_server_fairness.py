"""The fair shuffle: a table with people gets a deck nobody can choose or know (R-SETUP-7: the seed fixes the
deck); its commitment, which names the table, is published at creation and the secret behind it revealed only
once the game is over."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any

from typer.testing import CliRunner

from bloodyinn.cli import app
from tableserver.fairness import commitment, seed_from_secret
from tableserver.verify import asked_table, checked_against, verify_replay
from tests.tableserver.server_helpers import create_table, join, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient


def stored_secret(database: Path, table_id: str) -> tuple[str, int]:
    with sqlite3.connect(database) as connection:
        secret, settings = connection.execute(
            "select seed_secret, settings from tables where id = ?", (table_id,)).fetchone()
    return secret, json.loads(settings)["seed"]


def test_the_deck_is_committed_at_creation_and_revealed_only_at_the_end(client: TestClient, tmp_path: Path) -> None:
    table_id = create_table(client, [{"kind": "human"}], seed=None)
    secret, seed = stored_secret(tmp_path / "test.sqlite3", table_id)
    token = join(client, table_id, 0)
    fairness = client.get(f"/api/tables/{table_id}").json()["fairness"]
    published = hashlib.sha256(f"{table_id}:{secret}".encode()).hexdigest()
    assert fairness == {"practice": False, "commitment": published, "secret": None, "seed": None}
    seen: list[str] = []  # every document a client could see while the game runs

    def leaks() -> list[str]:
        return [text for text in seen if secret in text or str(seed) in text]

    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        while True:
            text = ws.receive_text()
            message = json.loads(text)
            if message["type"] != "state":
                continue
            if message["view"]["is_over"]:
                final = message
                break
            seen.append(text)
            if message["seq"] % 20 == 0:
                for path in ("/api/tables", f"/api/tables/{table_id}", f"/api/tables/{table_id}/state",
                             f"/api/tables/{table_id}/replay"):
                    seen.append(client.get(path).text)
                seen.append(json.dumps(state(client, table_id, 0, token)))
            ws.send_json({"type": "action", "seq": message["seq"], "action": message["choices"][0]["text"]})
    assert len(seen) > 40 and leaks() == []
    assert final["table"]["fairness"]["secret"] == secret  # over: revealed
    assert final["table"]["fairness"]["seed"] == str(seed)
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["table"]["fairness"]["secret"] == secret and replay["record"]["settings"]["seed"] == seed
    assert verify_replay(replay) == [
        f"ok: sha256({table_id}:secret) is the commitment table {table_id} published at creation",
        "ok: the game's seed is the one the secret fixes",
        f"ok: replaying the {len(replay['frames']) - 1} moves from that seed gives every position shown",
    ]
    # `bloodyinn verify` checks a saved replay, saying which table and commitment; a doctored one fails.
    saved = tmp_path / "replay.json"
    saved.write_text(json.dumps(replay))
    checked = CliRunner().invoke(app, ["verify", str(saved)])
    assert checked.exit_code == 0 and checked.output.count("ok:") == 3, checked.output
    assert checked.output.startswith(f"table: {table_id}\ncommitment: {published}\n"), checked.output
    for doctor in (_other_secret, _other_seed, _other_first_move, _other_table):
        saved.write_text(json.dumps(doctor(json.loads(json.dumps(replay)))))
        checked = CliRunner().invoke(app, ["verify", str(saved)])
        assert checked.exit_code == 1 and "FAILED" in checked.output, (doctor, checked.output)
    saved.write_text('{"a": 1}')
    for unreadable in (tmp_path / "missing.json", saved):  # a clear word, not a traceback
        checked = CliRunner().invoke(app, ["verify", str(unreadable)])
        assert checked.exit_code == 2 and "Cannot check" in checked.output, checked.output


def _other_secret(replay: dict[str, Any]) -> dict[str, Any]:
    replay["table"]["fairness"]["secret"] = "0" * 64
    return replay


def _other_seed(replay: dict[str, Any]) -> dict[str, Any]:
    replay["record"]["settings"]["seed"] += 1
    return replay


def _other_table(replay: dict[str, Any]) -> dict[str, Any]:
    """A replay passed off as another table's: its commitment does not name that table."""
    replay["table"]["id"] = "someOther"
    return replay


def _other_first_move(replay: dict[str, Any]) -> dict[str, Any]:
    """The positions shown were not the ones the committed deck gives."""
    replay["frames"][1]["view"]["players"][0]["cash"] += 1
    return replay


def test_verify_names_the_table_it_was_asked_about_and_the_commitments_table() -> None:
    secret = "ab" * 32
    replay = {"table": {"id": "t1", "game": "bloodyinn", "fairness": {"practice": False, "secret": secret,
                                                                      "commitment": commitment("t1", secret)}},
              "record": {"settings": {"seed": seed_from_secret(secret)}, "actions": []}, "frames": []}
    assert asked_table("http://host:8000/table/t1/replay") == asked_table("http://host/api/tables/t1/replay") == "t1"
    assert asked_table("replay.json") is None
    assert verify_replay(replay, asked="t1")[0].startswith("ok: sha256(t1:secret) is the commitment")
    assert verify_replay(replay, asked="t2")[0] == ("FAILED: this is the replay of table t1, not of table t2 whose"
                                                    " address was given")
    # A commitment of the secret alone (as the first tables had) cannot show which table the replay is of.
    replay["table"]["fairness"]["commitment"] = hashlib.sha256(secret.encode()).hexdigest()
    assert "FAILED: the commitment is the secret's hash alone, without a table id" in verify_replay(replay)[0]
    assert checked_against(replay) == ["table: t1", f"commitment: {replay['table']['fairness']['commitment']}"]


def test_only_practice_and_bot_only_tables_choose_their_seed(client: TestClient) -> None:
    people = [{"kind": "human"}, {"kind": "human"}]
    refused = client.post("/api/tables", json={"players": 2, "seats": people, "seed": 5})
    assert refused.status_code == 400 and "practice" in refused.json()["message"]
    practice = client.post("/api/tables", json={"players": 2, "seats": people, "seed": 5, "practice": True}).json()
    assert practice["table"]["fairness"] == {"practice": True, "commitment": None, "secret": None,
                                                "seed": None}
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = client.post("/api/tables", json={"players": 2, "seats": bots, "seed": 5}).json()["table"]
    assert table["fairness"]["practice"] is True
    fair = client.post("/api/tables", json={"players": 2, "seats": people}).json()["table"]["fairness"]
    assert fair["practice"] is False and len(fair["commitment"]) == 64
    listed = {t["id"]: t["fairness"]["practice"] for t in client.get("/api/tables").json()}
    assert listed[practice["table"]["id"]] is True


def test_bloodyinn_serve_and_verify_are_the_table_servers_own_commands() -> None:
    """`bloodyinn serve`/`verify` are aliases of `tableserver serve`/`verify` (the game's package imports no
    server: the commands join through entry points), so both names take the same options."""
    from tableserver import command

    aliases = {c.name: c.callback for c in app.registered_commands if c.name in ("serve", "verify")}
    assert aliases == {"serve": command.serve, "verify": command.verify}
    for name in ("serve", "verify"):
        own = CliRunner().invoke(command.app, [name, "--help"])
        alias = CliRunner().invoke(app, [name, "--help"])
        assert own.exit_code == alias.exit_code == 0 and "Inn Tables" in CliRunner().invoke(command.app, []).output
        assert own.output.split("Options")[1] == alias.output.split("Options")[1]
