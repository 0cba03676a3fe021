"""How long a person waits for their bot opponent while many bot-only games run on the same server.

    python benchmarks/server_fairness.py [--bot-tables 20] [--level medium] [--moves 40] [--bot-workers 2]

Starts a real server (bots move without delay), keeps `--bot-tables` bot-only games of `--level` bots running
(a finished one is replaced), and plays one person against an easy bot over a WebSocket with random legal
moves. The figure is the opponent's reply time: from the person's move being acknowledged to the person's
next decision arriving, over the moves where the bot played in between. Run it with `--bot-tables 0` for the
same figure on an idle server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import websockets
from server_load import percentile, start_server


async def keep_bot_tables(http: httpx.AsyncClient, count: int, level: str, stop: asyncio.Event) -> None:
    """Keep `count` unfinished bot-only games running."""
    running: set[str] = set()
    while not stop.is_set():
        for table_id in list(running):
            if (await http.get(f"/api/tables/{table_id}")).json()["over"]:
                running.discard(table_id)
        while len(running) < count:
            created = await http.post("/api/tables", json={"players": 2, "seats": [{"kind": "bot", "bot": level}] * 2})
            running.add(created.json()["table"]["id"])
        await asyncio.sleep(0.5)


async def play_person(http: httpx.AsyncClient, url: str, moves: int, seed: int) -> list[float]:
    """Play a person against an easy bot, game after game, until `moves` replies of the bot were timed."""
    replies: list[float] = []
    while len(replies) < moves:
        replies += await play_game(http, url, moves - len(replies), seed + len(replies))
    return replies


async def play_game(http: httpx.AsyncClient, url: str, moves: int, seed: int) -> list[float]:
    """One game of a person against an easy bot, up to `moves` timed replies of the bot."""
    created = await http.post("/api/tables", json={"players": 2, "seats": [{"kind": "human"},
                                                                           {"kind": "bot", "bot": "easy"}]})
    table_id = created.json()["table"]["id"]
    token = (await http.post(f"/api/tables/{table_id}/seats/0/join", json={})).json()["token"]
    choose = random.Random(seed)
    replies: list[float] = []
    acked_at, acked_seq, sent_seq = 0.0, -1, -1
    async with websockets.connect(f"ws://{url}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        while len(replies) < moves:
            message = json.loads(await ws.recv())
            if message["type"] == "ack":
                acked_at, acked_seq = time.perf_counter(), message["seq"]
            elif message["type"] == "state" and message["view"]["is_over"]:
                break
            elif message["type"] == "state" and message["choices"] and message["seq"] > sent_seq:
                if acked_seq == sent_seq + 1 and message["seq"] > acked_seq:  # the bot moved since our move
                    replies.append(time.perf_counter() - acked_at)
                sent_seq = message["seq"]
                await ws.send(json.dumps({"type": "action", "seq": sent_seq,
                                          "action": choose.choice(message["choices"])["text"]}))
    return replies


async def run(url: str, bot_tables: int, level: str, moves: int) -> list[float]:
    async with httpx.AsyncClient(base_url=f"http://{url}", timeout=60) as http:
        stop = asyncio.Event()
        background = asyncio.create_task(keep_bot_tables(http, bot_tables, level, stop))
        await asyncio.sleep(2 if bot_tables else 0)  # let the bot-only games get going
        try:
            return await play_person(http, url, moves, seed=1)
        finally:
            stop.set()
            await background


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-tables", type=int, default=20, help="bot-only games kept running (default 20)")
    parser.add_argument("--level", default="medium", help="the bot-only games' bots (default medium)")
    parser.add_argument("--moves", type=int, default=40, help="opponent replies to measure (default 40)")
    parser.add_argument("--bot-workers", type=int, default=2, help="the server's --bot-workers (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bloodyinn-fairness-") as folder:
        process, url = start_server(f"sqlite:///{Path(folder) / 'load.sqlite3'}", "normal", "--bot-delay", "0",
                                    "--bot-workers", str(args.bot_workers), "--max-bot-tables", str(args.bot_tables))
        try:
            replies = asyncio.run(run(url, args.bot_tables, args.level, args.moves))
        finally:
            process.terminate()
            process.wait(30)
    print(f"{args.bot_tables} bot-only games of {args.level} bots running, {args.bot_workers} bot worker processes;"
          f" a person against an easy bot")
    print(f"opponent's reply ({len(replies)} replies): p50 {percentile(replies, 0.5) * 1000:.0f} ms,"
          f" p95 {percentile(replies, 0.95) * 1000:.0f} ms, max {max(replies) * 1000:.0f} ms,"
          f" mean {statistics.fmean(replies) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
