"""Load test of `bloodyinn serve`: many concurrent bot-vs-bot tables played over WebSockets on 127.0.0.1.

    python benchmarks/server_load.py [--tables 200] [--players 2] [--seconds 60] [--think 0]
                                     [--moves-per-second R] [--games bloodyinn innkeepers] [--rounds 1] [--warmup 5]
                                     [--replicas 1 2 4 [--sqlite]]

Starts a real server (its own temporary SQLite file, bots disabled server-side: every seat is "open for a
human"), creates the tables over HTTP, joins every seat, and connects one WebSocket client per seat. Each
client is a random bot that answers its own `state` messages with one of their `choices` (in Innkeepers every
seat chooses its card at once, so several clients act on the same position); the round trip is measured from
sending the action to receiving its `ack` (sent only after the action is committed to the database and
published). A table that finishes starts a new game, so the load stays at `--tables` concurrent games. The
first `--warmup` seconds, while the tables are opened all at once (hundreds of requests and connections in one
second, which no real server sees), are played but not measured; then `--seconds` are. Prints moves per second,
p50/p95/p99 latency and the CPU time per move of the server and of this client (Linux).

Each game named by `--games` (both by default) is measured under the same load, each on a fresh server, and
the figures are printed side by side. `--rounds N` measures the games in turn N times (`--seconds` each) and
pools each game's moves, so a slow spell of a shared machine falls on every game alike.

`--moves-per-second R` paces every game to the same load: the bots' think time (starting at `--think`) is
adjusted every second, for all seats alike, until the tables make R moves a second together, so games that make
more moves at the same think time (Innkeepers: every seat chooses its card at once) are compared with the others
at equal moves a second, their bursts kept. The think time it settled on is printed per game.

`--replicas 1 2 4` measures the same load on PostgreSQL served by 1, 2 and 4 server processes (replicas) instead,
side by side (`--sqlite` adds the single SQLite process beside them): the benchmark starts a throw-away
PostgreSQL cluster on 127.0.0.1 (Debian's server binaries: scripts/ensure-postgresql), a fresh database for
each measurement, and the replicas on it one after the other; table N is played on replica N mod R, as a proxy
without sticky sessions would spread new tables. The server CPU is that of every replica together.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pwd
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AsyncExitStack, ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
import websockets

HOST = "127.0.0.1"
GAMES = ("bloodyinn", "innkeepers")
SQLITE = 0  # a setup: the single SQLite process; any other number is that many replicas on PostgreSQL


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


class Stats:
    """What one round measured: only actions sent after the warm-up count, and the CPU times cover the same
    window."""

    def __init__(self, server_pids: list[int]) -> None:
        self.latencies: list[float] = []
        self.errors: dict[str, int] = {}
        self.games = 0
        self.server_pids = server_pids
        self.since: float | None = None  # time.perf_counter() when the warm-up ended
        self.seconds = 0.0
        self.server_cpu: float | None = None
        self.client_cpu = 0.0
        self.thinks: list[float] = []  # the pacer's think time at each move measured

    def counts(self, sent_at: float) -> bool:
        return self.since is not None and sent_at >= self.since

    def start(self) -> None:
        self.since, self.server_cpu, self.client_cpu = (time.perf_counter(), cpu_seconds(self.server_pids),
                                                        time.process_time())

    def stop(self) -> None:
        if self.since is None:
            return
        server_cpu = cpu_seconds(self.server_pids)
        self.seconds = time.perf_counter() - self.since
        self.server_cpu = None if server_cpu is None or self.server_cpu is None else server_cpu - self.server_cpu
        self.client_cpu = time.process_time() - self.client_cpu


class Pacer:
    """The bots' think time: fixed, or adjusted every second so that the tables make `target` moves a second
    together (--moves-per-second)."""

    def __init__(self, think: float, target: float | None, tables: int) -> None:
        self.think = think
        self.target = target
        self.moves = 0  # actions sent so far
        self._closed = tables  # tables not opened yet
        self._all_open = asyncio.Event()

    def opened(self) -> None:
        """A table's first game was opened."""
        self._closed -= 1
        if self._closed == 0:
            self._all_open.set()

    async def steer(self, deadline: float) -> None:
        """Until `deadline`: once a second, scale the think time by how far the last second's moves were from
        the target, by at most a quarter a step (a second's count is noisy, and a move's round trip also takes
        time, so the rate is not exactly 1/think). Only once every table is open: until then the moves a second
        tell how fast the tables open."""
        if self.target is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._all_open.wait(), max(0.0, deadline - time.monotonic()))
        while time.monotonic() < deadline - 1:
            counted, since = self.moves, time.monotonic()
            await asyncio.sleep(1.0)
            rate = (self.moves - counted) / (time.monotonic() - since)
            self.think = min(10.0, max(0.01, self.think * min(1.25, max(0.8, (rate / self.target) ** 0.7))))


async def seat_client(url: str, table_id: str, seat: int, token: str, stats: Stats, deadline: float,
                      done: asyncio.Event, pacer: Pacer) -> None:
    """One seat's bot: act whenever this seat must decide; stop when the game ends or time is up."""
    choose = random.Random(f"{table_id}/{seat}").choice
    async with websockets.connect(f"ws://{url}/ws/tables/{table_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at: float | None = None
        latest: dict | None = None  # the newest state this seat was sent
        acted_on = -1  # the seq of the last state this seat answered

        async def decide() -> None:
            """Answer the newest state, once, when no action of this seat is on its way (in Innkeepers other
            seats' commitments send new states meanwhile; the one after this seat's own action comes before
            its ack)."""
            nonlocal sent_at, acted_on
            if sent_at is not None or latest is None or not latest["choices"] or latest["seq"] <= acted_on:
                return
            if time.monotonic() >= deadline:
                return
            acted_on = latest["seq"]
            action = choose(latest["choices"])["text"]
            if pacer.think:
                await asyncio.sleep(pacer.think)
            sent_at = time.perf_counter()
            pacer.moves += 1
            if stats.counts(sent_at):
                stats.thinks.append(pacer.think)
            await ws.send(json.dumps({"type": "action", "seq": acted_on, "action": action}))

        while not done.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "ack" and sent_at is not None:
                if stats.counts(sent_at):
                    stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                stats.errors[message["error"]] = stats.errors.get(message["error"], 0) + 1
                sent_at = None
            elif kind == "state":
                if message["view"]["is_over"]:
                    done.set()
                    return
                latest = message
            await decide()
            if time.monotonic() >= deadline:
                return


async def open_table(http: httpx.AsyncClient, game: str, players: int, seed: int) -> tuple[str, list[str]]:
    """Create a table with every seat open and join them all; returns the table id and the seat tokens."""
    for attempt in range(3):
        try:
            response = await http.post("/api/tables", json={"game": game, "players": players, "seed": seed,
                                                            "practice": True, "seats": [{"kind": "human"}] * players})
            table_id = response.json()["table"]["id"]
            tokens = []
            for seat in range(players):
                joined = await http.post(f"/api/tables/{table_id}/seats/{seat}/join", json={})
                tokens.append(joined.json()["token"])
            return table_id, tokens
        except httpx.TransportError:  # a keep-alive connection closed by the server as we reused it
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


async def table_driver(http: httpx.AsyncClient, url: str, game_name: str, players: int, number: int, stats: Stats,
                       deadline: float, pacer: Pacer) -> None:
    """Keep one table busy: play a game to its end, then open a new one, until the deadline."""
    game = 0
    while time.monotonic() < deadline:
        table_id, tokens = await open_table(http, game_name, players, number * 1000 + game)
        if game == 0:
            pacer.opened()
        done = asyncio.Event()
        await asyncio.gather(*(seat_client(url, table_id, seat, tokens[seat], stats, deadline, done, pacer)
                               for seat in range(players)))
        if done.is_set():
            stats.games += 1
        game += 1


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def run(urls: list[str], server_pids: list[int], tables: int, players: int, seconds: float,
              think: float = 0.0, game: str = "bloodyinn", warmup: float = 0.0, pace: float | None = None) -> Stats:
    """Open the tables, table N on the server `urls[N % len(urls)]`, and keep them playing for `warmup` +
    `seconds`, the bots thinking `think` s (adjusted to make `pace` moves a second together, if given); measure
    the last `seconds`."""
    stats = Stats(server_pids)
    pacer = Pacer(think, pace, tables)

    async def warm_up() -> None:
        await asyncio.sleep(warmup)
        stats.start()

    limits = httpx.Limits(max_connections=64)
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(httpx.AsyncClient(base_url=f"http://{url}", timeout=60,
                                                                     limits=limits)) for url in urls]
        deadline = time.monotonic() + warmup + seconds
        await asyncio.gather(warm_up(), pacer.steer(deadline),
                             *(table_driver(clients[n % len(urls)], urls[n % len(urls)], game, players, n, stats,
                                            deadline, pacer)
                                          for n in range(tables)))
    stats.stop()
    return stats


def start_server(database_url: str, sqlite_sync: str, *options: str) -> tuple[subprocess.Popen[bytes], str]:
    """`bloodyinn serve` on `database_url` with `options` added; returns the process and its host:port."""
    port = free_port()
    command = [str(Path(sys.executable).parent / "bloodyinn"), "serve", "--host", HOST, "--port", str(port),
               "--database-url", database_url, "--sqlite-sync", sqlite_sync,
               "--log-level", "warning",
               # Every client runs from this one address: the per-address limits would measure themselves.
               "--tables-per-minute", "0", "--moves-per-second", "0", "--max-connections-per-address", "0",
               *options]
    process = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    for _ in range(300):
        try:
            if httpx.get(f"http://{HOST}:{port}/api/options", timeout=1).status_code == 200:
                return process, f"{HOST}:{port}"
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pids: list[int]) -> float | None:
    """User + system CPU time of processes together, from /proc (None where there is no /proc)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


class PostgresCluster:
    """A throw-away PostgreSQL cluster on a free 127.0.0.1 port (Debian's server binaries), run as the
    `postgres` account when this is root (PostgreSQL refuses root)."""

    def __init__(self) -> None:
        found = {name: sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}")) for name in ("initdb", "pg_ctl")}
        if not all(found.values()):
            raise SystemExit("--replicas needs PostgreSQL's server binaries (scripts/ensure-postgresql)")
        self._initdb, self._pg_ctl = found["initdb"][-1], found["pg_ctl"][-1]
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.folder = Path(tempfile.mkdtemp(prefix="bloodyinn-load-pg-"))
        if self._as:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.port = free_port()

    def __enter__(self) -> PostgresCluster:
        data = self.folder / "data"
        subprocess.run([*self._as, str(self._initdb), "-D", str(data), "-U", "bloodyinn", "--auth=trust", "-E",
                        "UTF8"], check=True, capture_output=True)
        # Enough connections for 4 replicas' pools; everything else as installed (every commit flushed to disk).
        subprocess.run([*self._as, str(self._pg_ctl), "-D", str(data), "-w", "-l", str(self.folder / "pg.log"),
                        "-o", f"-h {HOST} -p {self.port} -k {self.folder} -c max_connections=200", "start"],
                       check=True, capture_output=True)
        return self

    def __exit__(self, *_: object) -> None:
        subprocess.run([*self._as, str(self._pg_ctl), "-D", str(self.folder / "data"), "-m", "fast", "stop"],
                       capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        name = f"load_{secrets.token_hex(4)}"
        subprocess.run([str(self._pg_ctl.parent / "psql"), "-h", HOST, "-p", str(self.port), "-U", "bloodyinn",
                        "-d", "postgres", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        return f"postgresql://bloodyinn@{HOST}:{self.port}/{name}"


def setup_name(replicas: int) -> str:
    return "SQLite, 1 process" if replicas == SQLITE else f"PostgreSQL, {replicas} replica{'s' * (replicas > 1)}"


@dataclass
class Measured:
    """One game's figures on one setup, from one or more rounds of load."""

    game: str
    replicas: int = SQLITE
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0
    seconds: float = 0.0
    cpu: float | None = 0.0  # the server's CPU seconds (None where there is no /proc)
    client_cpu: float = 0.0  # this process's (the clients'), which shares the machine with the server
    thinks: list[float] = field(default_factory=list)  # the bots' think time at each move measured

    def add(self, stats: Stats) -> None:
        self.latencies += stats.latencies
        for error, count in stats.errors.items():
            self.errors[error] = self.errors.get(error, 0) + count
        self.games += stats.games
        self.seconds += stats.seconds
        self.cpu = None if stats.server_cpu is None or self.cpu is None else self.cpu + stats.server_cpu
        self.client_cpu += stats.client_cpu
        self.thinks += stats.thinks

    def line(self) -> str:
        moves = self.latencies
        setup = f"{setup_name(self.replicas):<24}"
        if not moves:
            return f"{setup}{self.game:<11} no move was measured; errors: {self.errors or 'none'}"
        cpu = f"{self.cpu / len(moves) * 1e6:7.0f} µs" if self.cpu is not None else "      n/a"
        client_cpu = f"{self.client_cpu / len(moves) * 1e6:7.0f} µs"
        think = f"{statistics.fmean(self.thinks):6.2f} s" if self.thinks else "      -"
        return (f"{setup}{self.game:<11} {len(moves) / self.seconds:7.0f} {percentile(moves, 0.5) * 1000:8.1f}"
                f" {percentile(moves, 0.95) * 1000:8.1f} {percentile(moves, 0.99) * 1000:8.1f}"
                f" {max(moves) * 1000:8.1f} {statistics.fmean(moves) * 1000:8.1f} {cpu} {client_cpu}"
                f" {len(moves):7d} {self.games:6d} {think}  {self.errors or 'none'}")


def measure(game: str, args: argparse.Namespace, measured: Measured, cluster: PostgresCluster | None) -> None:
    """One round of load on `game`: fresh servers on a fresh database (`measured.replicas` of them on
    PostgreSQL, or one on SQLite), `--tables` tables for `--warmup` + `--seconds`."""
    with tempfile.TemporaryDirectory(prefix="bloodyinn-load-") as folder:
        if measured.replicas == SQLITE or cluster is None:
            database_url, count = f"sqlite:///{Path(folder) / 'load.sqlite3'}", 1
        else:
            database_url, count = cluster.new_database(), measured.replicas
        servers: list[tuple[subprocess.Popen[bytes], str]] = []
        try:
            for _ in range(count):  # one after the other: each migrates the database at start-up
                servers.append(start_server(database_url, args.sqlite_sync))
            stats = asyncio.run(run([url for _, url in servers], [process.pid for process, _ in servers],
                                    args.tables, args.players, args.seconds, args.think, game, args.warmup,
                                    args.moves_per_second))
        finally:
            for process, _ in servers:
                process.terminate()
            for process, _ in servers:
                process.wait(30)
    measured.add(stats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (default 200)")
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4),
                        help="players per table (default 2; Innkeepers needs 2-4)")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="how long to keep the load up, per game and round (default 60)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each bot waits before answering (default 0: as fast as the server allows;"
                             " 0.5 is the pace of the server's own bots)")
    parser.add_argument("--moves-per-second", type=float, default=None,
                        help="adjust the think time (from --think) until the tables make this many moves a second"
                             " together, the same for every game (default: --think as given)")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES),
                        help="which games to measure, in turn under the same load (default: both)")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds of load before the measured --seconds, while the tables open (default 5)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure the games in turn this many times and pool the figures (default 1)")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="normal",
                        help="the server's --sqlite-sync (default normal, the server's default)")
    parser.add_argument("--replicas", type=int, nargs="+", default=[],
                        help="measure on PostgreSQL with this many server processes, each number in turn"
                             " (e.g. 1 2 4); without it, one process on SQLite")
    parser.add_argument("--sqlite", action="store_true",
                        help="with --replicas: measure the single SQLite process beside them")
    args = parser.parse_args()
    if any(count < 1 for count in args.replicas):
        parser.error("--replicas: each number of replicas must be at least 1")
    if args.players == 1 and "innkeepers" in args.games:
        parser.error("--players 1: Innkeepers needs 2-4 players (measure --games bloodyinn alone)")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.moves_per_second is not None and args.moves_per_second <= 0:
        parser.error("--moves-per-second must be above 0")
    if args.moves_per_second is not None and args.think <= 0:
        parser.error("--moves-per-second paces the bots' think time: give --think above 0 to start from")
    setups = ([SQLITE] if args.sqlite or not args.replicas else []) + args.replicas
    measured = {(setup, game): Measured(game, setup) for setup in setups for game in args.games}
    with ExitStack() as stack:
        cluster = stack.enter_context(PostgresCluster()) if args.replicas else None
        for _ in range(args.rounds):  # the setups and games in turn, so a slow spell falls on all alike
            for setup in setups:
                for game in args.games:
                    measure(game, args, measured[setup, game], cluster)
    think = (f"think time from {args.think} s adjusted to {args.moves_per_second:g} moves/s"
             if args.moves_per_second is not None else f"think time {args.think} s")
    print(f"load: {args.tables} concurrent tables of {args.players} players, {think},"
          f" {args.seconds:g} s after {args.warmup:g} s of warm-up, x {args.rounds} round(s) per setup and game,"
          f" SQLite synchronous={args.sqlite_sync}, {os.cpu_count()} CPUs shared by the servers, the database and"
          " this client")
    print("round trip = action -> ack (committed and published), in ms; CPU per move: the servers', the clients'")
    print(f"{'setup':<24}{'game':<11} {'moves/s':>7} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8} {'mean':>8}"
          f" {'CPU':>9} {'client':>9} {'moves':>7} {'games':>6} {'think':>8}  errors")
    for figures in measured.values():
        print(figures.line())
    for game in args.games:
        one, two = measured.get((1, game)), measured.get((2, game))
        if one is not None and two is not None and one.latencies and two.latencies:
            ratio = (len(two.latencies) / two.seconds) / (len(one.latencies) / one.seconds)
            print(f"{game}: 2 replicas / 1 replica = {ratio:.2f}x the moves per second under the same load")


if __name__ == "__main__":
    main()
