"""Play people can trust, over HTTP and the WebSocket: nothing of the deal before every seat is taken, a seat left
to a bot ranks last, undo never goes back past a reveal, bots named as bots, a replay that shows the forced
follow-ups of a move as steps of their own, and moves sent together all stored (or none) (docs/server.md)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tableserver.games import GAMES
from tableserver.hub import Hub
from tableserver.repository import Repository
from tableserver.settings import ServerSettings
from tests.tableserver.server_helpers import act, create_table, in_process_client, join, play_until, receive, state

if TYPE_CHECKING:
    from starlette.testclient import TestClient

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def wait_for(check: Callable[[], Any], seconds: float = 30.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("waited in vain")


@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
def test_nothing_of_the_deal_is_shown_to_anyone_before_every_seat_is_taken(client: TestClient, game: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}]
    table_id = create_table(client, seats, game=game, seed=None)
    ann = join(client, table_id, 0, "Ann")
    for seen in (state(client, table_id, 0, ann), state(client, table_id)):  # Ann's seat, and a spectator
        assert seen["waiting"] is True and seen["view"] is None and seen["log"] == [] and seen["choices"] == []
        assert seen["table"]["pending"] == [] and seen["table"]["current_player"] is None  # nobody, no bot, decides
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": ann})
        first = receive(ws, "state")
        assert first["waiting"] is True and first["view"] is None and first["log"] == []
        ws.send_json({"type": "preview", "action": "pass", "id": 1})
        refused = receive(ws, "error")
        assert refused["error"] == "illegal" and "once every seat is taken" in refused["message"]
        moved = act(client, table_id, 0, ann, 0, "pass")
        assert moved.status_code == 422 and "once every seat is taken" in moved.json()["message"]
        bob = join(client, table_id, 1, "Bob")  # the last seat: the game begins, for everyone at once
        begun = receive(ws, "state")
        assert begun["waiting"] is False and begun["view"] is not None and begun["log"]
    mine = state(client, table_id, 1, bob)
    assert mine["view"]["players"] and mine["table"]["pending"]


def test_a_seat_nobody_comes_to_take_is_given_to_a_bot_after_a_while(tmp_path: Path) -> None:
    settings = ServerSettings(database_url=f"sqlite:///{tmp_path / 'open.sqlite3'}", bot_delay=0, away_after=0.5)
    with in_process_client(settings) as client:
        table_id = create_table(client, HUMANS, seed=None, game="innkeepers", stand_in="easy")
        ann = join(client, table_id, 0, "Ann")

        def call_a_bot() -> Any:
            return client.post(f"/api/tables/{table_id}/seats/1/stand-in", json={"seat": 0},
                               headers={"X-Seat-Token": ann})

        early = call_a_bot()
        assert early.status_code == 422 and "a bot can take the seat after" in early.json()["message"]
        wait_for(lambda: call_a_bot().status_code == 204)
        taken = client.get(f"/api/tables/{table_id}").json()["seats"][1]
        assert (taken["kind"], taken["bot"], taken["name"], taken["status"]) == ("bot", "easy", "easy bot", None)
        begun = wait_for(lambda: (s := state(client, table_id, 0, ann))["choices"] and s)
        assert begun["waiting"] is False and begun["view"]["players"][0]["hand"]


def test_a_resigned_seat_ranks_last_whatever_its_bot_scores(client: TestClient) -> None:
    table_id = create_table(client, HUMANS, seed=21, stand_in="hard")
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
    resigned = client.post(f"/api/tables/{table_id}/resign", json={"seat": 0}, headers={"X-Seat-Token": tokens[0]})
    assert resigned.status_code == 204
    end = play_until(client, table_id, 1, tokens[1], lambda s: s["view"]["is_over"], seed=1)
    result = end["result"]
    assert result["scores"][0] > result["scores"][1]  # the hard bot outscored Bob, who played at random...
    assert end["view"]["winners"] == [0]  # ...and the game's own rules would crown it
    assert result["winners"] == [1] and result["places"] == [2, 1]  # the table ranks Ann's seat last
    assert result["forfeited"] == [0] and result["resigned"] == [0]
    assert result["scores"] == end["view"]["scores"]  # the bot's score stands


@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
def test_without_anyone_leaving_the_table_ranks_as_the_game_does(client: TestClient, game: str) -> None:
    for seed in range(3):
        seats = [{"kind": "bot", "bot": "random"}] * 3
        table_id = create_table(client, seats, seed=seed, game=game)
        end = wait_for(lambda t=table_id: (s := state(client, t))["result"] and s, seconds=60)
        result = end["result"]
        assert result["winners"] == end["view"]["winners"] and result["forfeited"] == []
        rows = {row["seat"]: GAMES[game].rank_key(row) for row in result["breakdown"]}
        for seat, place in enumerate(result["places"]):  # a seat's place: 1 + the seats that did better
            assert place == 1 + sum(rows[other] > rows[seat] for other in rows)


def test_undo_never_goes_back_past_a_reveal_of_the_bots_cards(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=6, game="innkeepers")
    token = join(client, table_id, 0)
    revealing = GAMES["innkeepers"].revealing
    choose = random.Random(0)
    undone = refused = 0
    for _ in range(80):
        mine = wait_for(lambda: (s := state(client, table_id, 0, token))["choices"] and s)
        assert act(client, table_id, 0, token, mine["seq"], choose.choice(mine["choices"])["text"]).status_code == 200
        before = state(client, table_id, 0, token)
        shown = [event for event in before["log"] if event["kind"] in revealing]
        answer = client.post(f"/api/tables/{table_id}/undo", json={"seat": 0}, headers={"X-Seat-Token": token})
        after = state(client, table_id, 0, token)
        if answer.status_code == 200:
            undone += 1
            assert before["undo"] is True
            assert [e for e in after["log"] if e["kind"] in revealing] == shown  # no card goes back face down
        else:
            refused += 1
            assert answer.status_code == 403 and "cards shown since" in answer.json()["message"]
            # The bot may have turned its card over after `before` was read (it moves on its own): from then on
            # the server offers no undo, and nothing was taken back.
            assert after["undo"] is False and after["seq"] >= before["seq"]
    assert undone and refused  # both happened: a decision after a reveal, and a card choice that revealed


def test_bots_at_one_table_get_distinct_names_and_no_one_elses(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"},
             {"kind": "bot", "bot": "medium"}]
    table_id = create_table(client, seats)
    names = [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]
    assert names == ["Player 1", "easy bot 1", "easy bot 2", "medium bot"]
    posing = client.post("/api/tables", json={"players": 2, "seats": [{"kind": "human"},
                                                                       {"kind": "bot", "bot": "easy", "name": "Ann"}]})
    assert posing.status_code == 400 and "seats.1.name: a bot seat is named after its bot" in posing.json()["message"]


@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
def test_a_replay_shows_a_moves_forced_follow_ups_as_steps_of_their_own(client: TestClient, game: str) -> None:
    table_id = create_table(client, [{"kind": "bot", "bot": "random"}] * 2, seed=4, game=game)
    wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["over"], seconds=60)
    frames = client.get(f"/api/tables/{table_id}/replay").json()["frames"]
    rules = GAMES[game]
    split = 0
    for frame in frames[1:]:
        events, starts = frame["events"], [0, *frame["follow_ups"]]
        steps = [events[start:end] for start, end in zip(starts, [*starts[1:], len(events)], strict=True)]
        assert steps[0][0]["kind"] in ("action", "commit")  # the move itself comes first...
        move = [e for e in steps[0] if e["kind"] in rules.follow_up_kinds - {"reveal"}]
        assert move == [steps[0][0]] or (steps[0][0]["kind"] == "commit" and not move)  # ...and only the move
        for step in steps[1:]:
            assert step[0]["kind"] in rules.follow_up_kinds
        split += len(steps) > 1
    assert split > len(frames) // 4  # many moves had forced follow-ups: night falling, cards turned over…


def test_cards_sent_at_the_same_moment_are_all_accepted(client: TestClient) -> None:
    table_id = create_table(client, [{"kind": "human"}] * 3, seed=9, game="innkeepers")
    tokens = [join(client, table_id, seat) for seat in range(3)]
    plays = [state(client, table_id, seat, tokens[seat])["choices"][0]["text"] for seat in range(3)]
    with ThreadPoolExecutor(3) as pool:  # every seat commits at once (I-G-14), as people at one table do
        answers = list(pool.map(lambda seat: act(client, table_id, seat, tokens[seat], 0, plays[seat]), range(3)))
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert sorted(a.json()["seq"] for a in answers) == [1, 2, 3] and not any(a.json()["duplicate"] for a in answers)
    shown = [e["card"] for e in state(client, table_id)["log"] if e["kind"] == "reveal"]
    assert sorted(shown) == sorted(play.split()[1] for play in plays)  # the last one turned every card over


def test_cards_that_reach_the_server_together_are_stored_and_published_once(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Moves read from the network in one go (the three seats' cards of a trick, I-G-14) make one batch: the first
    is not committed and published alone while the others wait for it (the Innkeepers latency tail)."""
    table_id = create_table(client, [{"kind": "human"}] * 3, seed=9, game="innkeepers")
    tokens = [join(client, table_id, seat) for seat in range(3)]
    plays = [state(client, table_id, seat, tokens[seat])["choices"][0]["text"] for seat in range(3)]
    published: list[int] = []
    publish = Hub.publish

    def counted(hub: Hub, table: Any, *rest: Any, **named: Any) -> None:
        published.append(table.seq)
        publish(hub, table, *rest, **named)

    monkeypatch.setattr(Hub, "publish", counted)
    service = client.app.state.service  # type: ignore[attr-defined]

    async def together() -> list[int]:
        table = await service.tables.get(table_id)
        accepted = await asyncio.gather(*(service.play.act(table, seat, 0, plays[seat]) for seat in range(3)))
        return sorted(a.seq for a in accepted)

    assert client.portal.call(together) == [1, 2, 3]  # type: ignore[union-attr]
    assert published == [3]
    shown = [e["card"] for e in state(client, table_id)["log"] if e["kind"] == "reveal"]
    assert sorted(shown) == sorted(play.split()[1] for play in plays)


def test_a_move_that_cannot_be_stored_changes_nothing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = create_table(client, HUMANS, seed=9)
    tokens = [join(client, table_id, 0), join(client, table_id, 1)]
    seat = state(client, table_id)["view"]["current_player"]
    before = state(client, table_id, seat, tokens[seat])

    def database_down(*_: Any) -> None:
        raise OSError("disk I/O error")

    monkeypatch.setattr(Repository, "append_actions", staticmethod(database_down))
    refused = act(client, table_id, seat, tokens[seat], before["seq"], before["choices"][0]["text"])
    assert refused.status_code == 503 and refused.json()["error"] == "unavailable"
    after = state(client, table_id, seat, tokens[seat])
    assert (after["seq"], after["view"], after["log"]) == (before["seq"], before["view"], before["log"])
    monkeypatch.undo()
    assert act(client, table_id, seat, tokens[seat], before["seq"], before["choices"][0]["text"]).status_code == 200
