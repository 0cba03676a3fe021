"""The server in each reader's language (issue 21): the pages, the scripts' catalog, errors, the log over HTTP and
WebSocket, the replay and the results, each written for whoever asks, in English, French or Italian."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from tableserver.games import GAMES
from tests.tableserver.server_helpers import create_table, join, receive, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient


def wait_for(check: Callable[[], Any], seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.02)
    return found


@pytest.mark.parametrize(("asked", "lang", "title"), [
    ({"headers": {"accept-language": "it-IT,it;q=0.9,en;q=0.8"}}, "it", "Nuovo tavolo"),
    ({"headers": {"accept-language": "de-DE,fr;q=0.5"}}, "fr", "Nouvelle table"),  # the first with a catalog
    ({"headers": {"accept-language": "de-DE"}}, "en", "New table"),
    ({"headers": {"accept-language": "it"}, "cookies": {"lang": "fr"}}, "fr", "Nouvelle table"),  # the picker's
    ({"params": {"lang": "it"}, "cookies": {"lang": "fr"}}, "it", "Nuovo tavolo"),
])
def test_a_page_is_written_in_the_language_its_reader_asks_for(client: TestClient, asked: dict[str, Any], lang: str,
                                                                title: str) -> None:
    client.cookies.clear()
    cookies = asked.pop("cookies", {})
    client.cookies.update(cookies)
    page = client.get("/", **asked)
    assert page.status_code == 200 and page.headers["content-language"] == lang
    assert f'<html lang="{lang}">' in page.text and f'<h2 id="new-title">{title}</h2>' in page.text
    assert 'selected lang="it">Italiano' in page.text or lang != "it"  # the picker shows the language in use
    assert "Cookie" in page.headers["vary"] and "Accept-Language" in page.headers["vary"]


def test_the_scripts_get_their_own_messages_translated(client: TestClient) -> None:
    french = client.get("/i18n/fr.json").json()
    assert french["Confirm"] == "Confirmer" and french["Bot: {level}"] == "Bot : {level}"
    assert french["Waiting for {n} player"] == ["En attente de {n} joueur", "En attente de {n} joueurs"]
    assert "there is no table {table}" not in french  # a server error: the server translates it itself
    assert client.get("/i18n/it.json").json()["Confirm"] == "Conferma"
    missing = client.get("/i18n/de.json")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_an_error_is_said_in_the_readers_language(client: TestClient) -> None:
    assert client.get("/api/tables/nope").json()["message"] == "there is no table 'nope'"
    french = client.get("/api/tables/nope", headers={"accept-language": "fr"}).json()
    assert french == {"error": "not_found", "message": "il n'y a pas de table 'nope'"}
    table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    token = join(client, table_id, 0)
    current = state(client, table_id, 0, token)
    refused = client.post(f"/api/tables/{table_id}/actions?lang=it", headers={"X-Seat-Token": token},
                          json={"seat": 0, "seq": current["seq"], "action": "bury room9"})
    assert refused.status_code == 422  # the engine's refusal, in Italian, its rule ID kept
    assert refused.json()["message"] != client.post(f"/api/tables/{table_id}/actions", headers={"X-Seat-Token": token},
                                                    json={"seat": 0, "seq": current["seq"],
                                                          "action": "bury room9"}).json()["message"]


@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
def test_each_reader_gets_the_same_log_in_their_own_words(client: TestClient, game: str) -> None:
    table_id = create_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "easy"}], game=game)
    token = join(client, table_id, 0, "Ann")
    logs = {lang: client.get(f"/api/tables/{table_id}/state?seat=0&lang={lang}",
                             headers={"X-Seat-Token": token}).json()["log"] for lang in ("en", "fr", "it")}
    english = logs["en"]
    assert english and all(e["text"] for e in english)
    for lang in ("fr", "it"):  # the same events, other sentences; nothing else differs
        assert [{k: v for k, v in e.items() if k != "text"} for e in logs[lang]] == \
               [{k: v for k, v in e.items() if k != "text"} for e in english]
        assert sum(a["text"] != b["text"] for a, b in zip(logs[lang], english, strict=True)) > len(english) // 2
    # Seats are called by their names in every language: the bot by its level, in the reader's words.
    bot = {"en": "easy bot", "fr": "bot facile", "it": "bot facile"}
    for lang, log in logs.items():
        said = " ".join(e["text"] for e in log)
        assert bot[lang] in said or "Ann" in said
        assert "P1" not in said and "J1" not in said and "G1" not in said


def test_a_websocket_sends_each_connection_its_own_language(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    token = join(client, table_id, 0, "Ann")
    with client.websocket_connect(f"/ws/tables/{table_id}?lang=it") as italian, \
            client.websocket_connect(f"/ws/tables/{table_id}", headers={"accept-language": "fr-FR"}) as french:
        italian.send_json({"type": "hello", "seat": 0, "token": token})
        french.send_json({"type": "hello"})
        first_it, first_fr = receive(italian, "state"), receive(french, "state")
        assert len(first_it["log"]) == len(first_fr["log"])
        assert first_it["log"][0]["text"] != first_fr["log"][0]["text"]
        move = first_it["choices"][0]["text"]
        italian.send_json({"type": "action", "seq": first_it["seq"], "action": move, "id": 1})
        after_it, after_fr = receive(italian, "state"), receive(french, "state")
        assert [e["kind"] for e in after_it["events"]] == [e["kind"] for e in after_fr["events"]]
        assert after_it["events"][0]["text"].startswith("Ann: ") and after_fr["events"][0]["text"].startswith("Ann : ")
        other = first_it["choices"][-1]["text"]
        assert other != move
        italian.send_json({"type": "action", "seq": 0, "action": other, "id": 2})  # chosen at a past move
        error = receive(italian, "error")
        assert error["error"] == "stale" and error["message"].startswith("mossa superata")


def test_a_replay_is_in_the_readers_language(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "bot", "bot": "random"}] * 2, seed=3)
    wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["over"])
    english = client.get(f"/api/tables/{table_id}/replay").json()
    italian = client.get(f"/api/tables/{table_id}/replay", headers={"accept-language": "it"}).json()
    said = [[e["text"] for e in frame["events"]] for frame in english["frames"]]
    detto = [[e["text"] for e in frame["events"]] for frame in italian["frames"]]
    assert [len(s) for s in said] == [len(d) for d in detto] and said != detto
    assert "La partita è finita." in detto[-1] and "The game is over." in said[-1]
    assert english["record"] == italian["record"] and english["result"] == italian["result"]


def test_a_solitaire_title_is_named_as_the_rulebook_of_the_readers_language_names_it() -> None:
    rules = GAMES["bloodyinn"]
    assert rules.result_words({"solo_title": "evil innkeeper"}, "it")["solo_title"] == "locandiere maligno"
    assert rules.result_words({"solo_title": "evil innkeeper"}, "fr")["solo_title"] == "aubergiste maléfique"
    assert rules.result_words({"solo_title": None}, "fr")["solo_title"] is None  # a lost solitaire game has none


def test_innkeepers_options_and_rules_are_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/api/options").json()["games"][1]
    italian = client.get("/api/options", headers={"accept-language": "it"}).json()["games"][1]
    assert english["id"] == italian["id"] == "innkeepers" and italian["title"] == "Locandieri"
    for en, it in zip(english["flags"], italian["flags"], strict=True):  # what each flag plays instead, named
        assert it["name"] == en["name"] and it["label"] != en["label"] and it["alternative"] != en["alternative"]
    questions = [(en["question"], it["question"]) for en, it in zip(english["assumptions"], italian["assumptions"],
                                                                     strict=True)]
    assert len(questions) == 30 and all(en != it for en, it in questions)
    table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], game="innkeepers",
                            flags={"must_follow": True})
    token = join(client, table_id, 0)
    rules = {lang: client.get(f"/api/tables/{table_id}/state?seat=0&lang={lang}",
                              headers={"X-Seat-Token": token}).json()["rules"] for lang in ("en", "fr")}
    assert "you must play one of them" in rules["en"][0]  # I-G-9 switched, in both languages
    assert len(rules["fr"]) == len(rules["en"]) and "vous devez" in rules["fr"][0].lower()


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "players: Input should be less than or equal to 4; seed: Input should be a whole number"),
    ("fr", "players: La valeur doit être inférieure ou égale à 4; seed: La valeur doit être un nombre entier"),
    ("it", "players: Il valore deve essere minore o uguale a 4; seed: Il valore deve essere un numero intero"),
])
def test_a_request_that_fails_its_schema_is_refused_in_the_readers_language(client: TestClient, lang: str,
                                                                            expected: str) -> None:
    answer = client.post("/api/tables", headers={"accept-language": lang}, json={"players": 9, "seed": "x"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "bad_request", "message": f"body.{expected.replace('; ', '; body.')}"}


def test_a_websocket_message_that_fails_its_schema_is_refused_in_the_readers_language(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    with client.websocket_connect(f"/ws/tables/{table_id}?lang=fr") as french:
        french.send_json({"type": "hello"})
        receive(french, "state")
        french.send_json({"type": "action", "seq": "x", "action": "pass", "id": 7})
        error = receive(french, "error")
    assert error["error"] == "bad_request" and error["id"] == 7
    assert error["message"] == ("message non valable : seq: La valeur doit être un nombre entier"
                                " (voir GET /api/websocket-schema)")
