"""A real server killed with SIGKILL mid-game loses nothing it accepted, and its games carry on."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.tableserver.server_helpers import ServerProcess, act, create_table, join, state


def logged_actions(document: dict[str, Any]) -> list[str]:
    """The accepted actions, read from the log: the first action event after each move (the engine also logs
    the forced decisions it takes by itself)."""
    first: dict[int, str] = {}
    for event in document["log"]:
        if event["kind"] == "action" and event["seq"] > 0:
            first.setdefault(event["seq"], event["notation"])
    return [first[seq] for seq in sorted(first)]


def test_kill_9_mid_game_and_resume(tmp_path: Path) -> None:
    database = tmp_path / "restart.sqlite3"
    server = ServerProcess(database, bot_delay=0.05).start()
    accepted: list[str] = []
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=21)
            bots_id = create_table(client, [{"kind": "bot", "bot": "random"}] * 2, seed=22)
            tokens = [join(client, table_id, 0), join(client, table_id, 1)]
            choose = random.Random(5)
            stop = threading.Event()

            def play() -> None:
                # Moves as fast as the server takes them, until the process dies under us.
                with httpx.Client(base_url=server.url, timeout=10) as player:
                    while not stop.is_set():
                        try:
                            public = state(player, table_id)
                            seat = public["view"]["current_player"]
                            mine = state(player, table_id, seat, tokens[seat])
                            action = choose.choice(mine["choices"])["text"]
                            response = act(player, table_id, seat, tokens[seat], mine["seq"], action)
                        except (httpx.HTTPError, AssertionError):
                            return
                        if response.status_code == 200:
                            accepted.append(response.json()["action"])

            player = threading.Thread(target=play, daemon=True)
            player.start()
            deadline = time.monotonic() + 60
            # Killed once the people have made 25 moves and the bots some: both kinds are under way.
            while len(accepted) < 25 or (bots_before := client.get(f"/api/tables/{bots_id}").json()["moves"]) == 0:
                assert player.is_alive() and time.monotonic() < deadline, f"only {len(accepted)} moves accepted"
                time.sleep(0.01)
            server.kill9()
            stop.set()
            player.join(30)
    finally:
        server.stop()
    assert bots_before > 0

    server = ServerProcess(database, bot_delay=0).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            public = state(client, table_id)
            stored = logged_actions(public)
            assert stored[:len(accepted)] == accepted  # every accepted action is there, in order
            assert len(stored) - len(accepted) <= 1  # at most the one in flight when the process died
            # The game continues where it stopped: the same seat to move, the same legal actions.
            seat = public["view"]["current_player"]
            mine = state(client, table_id, seat, tokens[seat])
            response = act(client, table_id, seat, tokens[seat], mine["seq"], mine["choices"][0]["text"])
            assert response.status_code == 200 and response.json()["seq"] == len(stored) + 1
            # The bots' table resumes by itself and plays to the end.
            deadline = time.monotonic() + 30
            while not client.get(f"/api/tables/{bots_id}").json()["over"]:
                assert time.monotonic() < deadline, "the bots did not resume"
                time.sleep(0.1)
            replay = client.get(f"/api/tables/{bots_id}/replay").json()
            assert len(replay["frames"]) - 1 > bots_before
    finally:
        server.stop()
