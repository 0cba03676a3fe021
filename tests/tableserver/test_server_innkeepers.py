"""Innkeepers tables at the web server: created and listed beside The Bloody Inn's, played over HTTP and the
WebSocket, with the simultaneous choice of cards kept secret until every seat has chosen (I-G-14, I-G-29)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import innkeepers
import innkeepers.bots
from innkeepers.summary import rules_summary
from tableserver.settings import ServerSettings
from tableserver.verify import verify_replay
from tests.tableserver.server_helpers import act, create_table, in_process_client, join, receive, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def ink_table(client: TestClient, seats: list[dict[str, Any]], seed: int | None = 7, **settings: Any) -> str:
    return create_table(client, seats, seed=seed, game="innkeepers", **settings)


def test_the_lobby_offers_both_games_and_lists_and_filters_their_tables(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/options").json()["games"]}
    assert games["bloodyinn"]["title"] == "The Bloody Inn" and games["innkeepers"]["players"] == [2, 3, 4]
    ink = games["innkeepers"]
    assert [f["name"] for f in ink["flags"]] == list(innkeepers.FLAG_NAMES)
    assert ink["bots"] == list(innkeepers.bots.LEVELS) and len(ink["assumptions"]) == 30  # I-G-1..30
    bloody = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    ink_id = ink_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], flags={"must_follow": True})
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[bloody]["game"] == "bloodyinn" and listed[ink_id]["game"] == "innkeepers"
    assert listed[ink_id]["settings"]["must_follow"] is True and "seed" not in listed[ink_id]["settings"]
    only_ink = [t["id"] for t in client.get("/api/tables?game=innkeepers").json()]
    assert ink_id in only_ink and bloody not in only_ink
    assert [t["id"] for t in client.get("/api/tables?game=bloodyinn").json()] == [bloody]
    unknown = client.get("/api/tables?game=chess")
    assert unknown.status_code == 400 and "unknown game 'chess'" in unknown.json()["message"]


def test_a_table_sends_the_rules_in_plain_words_as_its_settings_play_them(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    forced = ink_table(client, seats, flags={"must_follow": True, "fixed_rooms": True})
    free = ink_table(client, seats)
    rules = state(client, forced)["rules"]
    assert rules == list(rules_summary(innkeepers.GameConfig(players=2, must_follow=True, fixed_rooms=True)))
    assert "you must play one of them" in rules[0] and "a 9 only in room 9" in rules[1]  # I-G-9, I-G-15
    assert "You need not follow suit" in state(client, free)["rules"][0]
    assert state(client, create_table(client, seats))["rules"] == []  # The Bloody Inn's face has its own


def test_bad_innkeepers_settings_are_refused_naming_what_is_wrong(client: TestClient) -> None:
    def refused(body: dict[str, Any]) -> str:
        response = client.post("/api/tables", json={"game": "innkeepers", **body})
        assert response.status_code == 400, response.text
        return str(response.json()["message"])

    assert "players must be 2 to 4" in refused({"players": 1, "seats": [{"kind": "human"}]})  # I-G-1
    assert "trumps: not an option of Innkeepers" in refused({"flags": {"trumps": True}})
    assert "length: not an option of Innkeepers" in refused({"length": "long"})
    assert "suit_order must list the suits" in refused({"flags": {"suit_order": "sshd"}})  # I-G-10
    assert "unknown bot 'grandmaster'" in refused({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "grandmaster"}]})
    assert "unknown game 'chess'" in refused({"game": "chess"})
    bloody = client.post("/api/tables", json={"flags": {"must_follow": True}})
    assert bloody.status_code == 400 and "must_follow: not an option of The Bloody Inn" in bloody.json()["message"]


def test_two_people_commit_their_cards_in_secret_over_the_websocket(client: TestClient) -> None:
    table_id = ink_table(client, [*HUMANS, {"kind": "bot", "bot": "random"}], seed=5)
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ann, \
            client.websocket_connect(f"/ws/tables/{table_id}") as bob, \
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        ann.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        bob.send_json({"type": "hello", "seat": 1, "token": tokens[1]})
        watcher.send_json({"type": "hello"})
        mine, theirs = receive(ann, "state"), receive(bob, "state")
        receive(watcher, "state")
        while 2 in mine["table"]["pending"]:  # the bot commits at once
            mine = receive(ann, "state")
        assert mine["table"]["pending"] == [0, 1] and mine["view"]["decision"] == "play"
        card = mine["choices"][0]["card"]
        assert mine["choices"][0]["description"].startswith("plays ")
        ann.send_json({"type": "action", "seq": mine["seq"], "action": f"play {card}", "id": 1})
        seen_by_ann = receive(ann, "state")
        assert seen_by_ann["view"]["players"][0]["card"] == card  # one's own commitment is shown to oneself
        assert receive(ann, "ack")["action"] == f"play {card}"
        # Bob and the spectator learn that Ann chose, never what (I-G-14).
        for socket in (bob, watcher):
            message = receive(socket, "state")
            while message["seq"] < seen_by_ann["seq"]:
                message = receive(socket, "state")
            assert message["view"]["players"][0]["committed"] is True
            assert message["view"]["players"][0]["card"] is None
            assert f'"{card}"' not in json.dumps(message)
        # Bob chose in the position he was sent before Ann's commitment: still good, not stale.
        bob_card = theirs["choices"][0]["card"]
        bob.send_json({"type": "action", "seq": theirs["seq"], "action": f"play {bob_card}", "id": 2})
        ack = receive(bob, "ack")
        assert ack["duplicate"] is False and ack["seq"] == seen_by_ann["seq"] + 1
        revealed = receive(watcher, "state")
        while revealed["seq"] < ack["seq"]:
            revealed = receive(watcher, "state")
        trick = revealed["view"]["log"][0]
        assert trick["cards"][0] == card and trick["cards"][1] == bob_card
        bob.send_json({"type": "action", "seq": theirs["seq"], "action": f"play {bob_card}", "id": 3})
        assert receive(bob, "ack")["duplicate"] is True  # the same commitment sent twice counts once


def test_an_illegal_action_is_refused_with_the_rule_and_the_game_is_unchanged(client: TestClient) -> None:
    table_id = ink_table(client, HUMANS, seed=9, flags={"must_follow": True})
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    before = [state(client, table_id, seat, tokens[seat]) for seat in (0, 1)]
    hand = before[0]["view"]["players"][0]["hand"]
    not_mine = next(c for c in before[1]["view"]["players"][1]["hand"])
    response = act(client, table_id, 0, tokens[0], 0, f"play {not_mine}")
    assert response.status_code == 422 and response.json()["error"] == "illegal"
    assert not_mine in response.json()["message"]
    gibberish = act(client, table_id, 0, tokens[0], 0, "bribe room3")
    assert gibberish.status_code == 422 and "bribe" in gibberish.json()["message"]
    legal = {c["text"] for c in before[0]["choices"]}
    if len(legal) < len(hand):  # with must_follow, an off-suit card is refused while holding the suit (I-G-9)
        off_suit = next(f"play {c}" for c in hand if f"play {c}" not in legal)
        refused = act(client, table_id, 0, tokens[0], 0, off_suit)
        assert refused.status_code == 422 and "I-G-9" in refused.json()["message"]
    assert [state(client, table_id, seat, tokens[seat]) for seat in (0, 1)] == before
    # After both commit, one seat decides alone; the other is told whose decision it is.
    for seat in (0, 1):
        act(client, table_id, seat, tokens[seat], 0, before[seat]["choices"][0]["text"])
    public = state(client, table_id)
    idle = next(s for s in (0, 1) if s not in public["table"]["pending"]) if public["table"]["pending"] else None
    if idle is not None:
        wrong = act(client, table_id, idle, tokens[idle], public["seq"], "pass")
        assert wrong.status_code == 422 and "no decision to make now" in wrong.json()["message"]
        assert state(client, table_id)["seq"] == public["seq"]


def test_a_preview_never_shows_the_cards_others_committed(client: TestClient) -> None:
    table_id = ink_table(client, HUMANS, seed=4)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    first = state(client, table_id, 0, tokens[0])
    assert act(client, table_id, 0, tokens[0], 0, first["choices"][0]["text"]).status_code == 200
    last = state(client, table_id, 1, tokens[1])
    preview = client.post(f"/api/tables/{table_id}/preview", json={"seat": 1, "action": last["choices"][0]["text"]},
                          headers={"X-Seat-Token": tokens[1]}).json()
    assert preview["description"].startswith("plays ") and preview["events"] == []
    assert f'"{first["choices"][0]["card"]}"' not in json.dumps(preview)


def play_to_the_end(client: TestClient, table_id: str, tokens: dict[int, str], seed: int = 0) -> dict[str, Any]:
    """Every person's seat plays random legal moves (bots play theirs) until the game is over."""
    choose = random.Random(seed)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        public = state(client, table_id)
        if public["view"]["is_over"]:
            return public
        for seat in public["table"]["pending"]:
            if seat in tokens:
                mine = state(client, table_id, seat, tokens[seat])
                if mine["choices"]:
                    action = choose.choice(mine["choices"])["text"]
                    assert act(client, table_id, seat, tokens[seat], mine["seq"], action).status_code == 200
    raise AssertionError("the game did not end")


def test_a_whole_game_against_a_bot_ends_with_scores_and_a_replay_that_verifies(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "innkeepers", "players": 2, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}], "flags": {"fixed_rooms": True}}).json()
    table_id = created["table"]["id"]
    assert created["table"]["fairness"]["commitment"] and not created["table"]["fairness"]["practice"]
    token = join(client, table_id, 0)
    public = play_to_the_end(client, table_id, {0: token}, seed=2)
    result = public["result"]
    assert len(result["scores"]) == 2 and result["winners"]
    assert [row["total"] for row in result["breakdown"]] == result["scores"]  # I-R-34..38
    assert public["table"]["fairness"]["secret"]  # revealed at the end
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["record"]["format"] == "innkeepers/record" and replay["frames"][-1]["view"] == public["view"]
    assert all(line.startswith("ok") for line in verify_replay(replay))
    rematch = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0}, headers={"X-Seat-Token": token})
    assert rematch.status_code == 200, rematch.text
    again = client.get(f"/api/tables/{rematch.json()['table_id']}").json()
    assert again["game"] == "innkeepers" and again["settings"] == public["table"]["settings"]


def test_every_state_lists_the_seats_legal_actions_of_the_moment_in_its_readers_words(client: TestClient) -> None:
    """A seat's choices are made once per decision and language and sent again while its decision stands (the
    other seat commits its card meanwhile, the same seat reads again): still exactly its legal actions now, in
    the reader's language, the seats called by their names."""
    table_id = ink_table(client, HUMANS, seed=11, flags={"voluntary_referral": True})
    tokens = {0: join(client, table_id, 0, "Ann"), 1: join(client, table_id, 1, "Bob")}
    choose = random.Random(4)
    words = {"en": ("plays ", "refers the customer to "), "fr": ("joue ", "adresse le client à ")}
    kinds: set[str] = set()
    deadline = time.monotonic() + 120
    while not state(client, table_id)["view"]["is_over"]:
        assert time.monotonic() < deadline, "the game did not end"
        for seat in state(client, table_id)["table"]["pending"]:
            for lang, (plays, refers) in words.items():
                for _ in range(2):  # read twice: the second is sent the forms made for the first
                    mine = client.get(f"/api/tables/{table_id}/state", params={"seat": seat, "lang": lang},
                                      headers={"X-Seat-Token": tokens[seat]}).json()
                    assert [c["text"] for c in mine["choices"]] == mine["view"]["legal_actions"]
                    for choice in mine["choices"]:
                        kinds.add(choice["kind"])
                        if choice["kind"] == "play":
                            assert choice["description"].startswith(plays)
                        if choice["kind"] == "refer":
                            assert choice["description"].lower().startswith(refers)
                            assert choice["description"].endswith(("Ann", "Bob"))
            action = choose.choice(mine["choices"])["text"]
            assert act(client, table_id, seat, tokens[seat], mine["seq"], action).status_code == 200
    assert {"play", "refer"} <= kinds


def test_a_restarted_server_keeps_a_half_made_simultaneous_choice(tmp_path: Path) -> None:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'ink.sqlite3'}", bot_delay=0, moves_per_second=0)
    with in_process_client(settings) as client:
        table_id = ink_table(client, HUMANS, seed=12)
        tokens = [join(client, table_id, 0), join(client, table_id, 1)]
        mine = state(client, table_id, 0, tokens[0])
        assert act(client, table_id, 0, tokens[0], 0, mine["choices"][0]["text"]).status_code == 200
        before = [state(client, table_id, seat, tokens[seat]) for seat in (0, 1)]
    with in_process_client(settings) as client:
        after = [state(client, table_id, seat, tokens[seat]) for seat in (0, 1)]
        assert [a["view"] for a in after] == [b["view"] for b in before]
        assert after[1]["table"]["pending"] == [1] and after[0]["choices"] == []
        # Seat 1 still answers the decision it owed at move 0.
        assert act(client, table_id, 1, tokens[1], 0, after[1]["choices"][0]["text"]).status_code == 200


def test_people_choosing_at_once_share_one_turn_clock(client: TestClient) -> None:
    # A clock long enough for seat 0's choice to come first on a loaded machine.
    table_id = ink_table(client, HUMANS, seed=3, clock={"mode": "realtime", "seconds": 3}, stand_in="random")
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    deadline = client.get(f"/api/tables/{table_id}").json()["deadline"]
    mine = state(client, table_id, 0, tokens[0])
    assert act(client, table_id, 0, tokens[0], 0, mine["choices"][0]["text"]).status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["deadline"] == deadline  # the same decision, same clock
    limit = time.monotonic() + 30
    while (seats := client.get(f"/api/tables/{table_id}").json()["seats"])[1]["status"] != "timed_out":
        assert time.monotonic() < limit, seats
        time.sleep(0.05)
    assert seats[0]["status"] is None  # only who had not chosen


def test_refusals_do_not_tell_which_cards_another_seat_committed(client: TestClient) -> None:
    table_id = ink_table(client, HUMANS, seed=8)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    theirs = state(client, table_id, 1, tokens[1])["view"]["players"][1]["hand"]
    assert act(client, table_id, 1, tokens[1], 0, f"play {theirs[0]}").status_code == 200
    # Seat 0 probes a card seat 1 committed face down and one seat 1 still holds: the same answer (I-G-14).
    answers = [act(client, table_id, 0, tokens[0], 1, f"play {card}").json()["message"] for card in theirs[:2]]
    assert answers == [f"{card} is not in P1's hand (I-R-15)" for card in theirs[:2]]
