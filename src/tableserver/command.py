"""The `tableserver` console script: `serve` (the multiplayer web server for every registered game) and
`verify`. `bloodyinn serve` and `bloodyinn verify` are the same commands, found through the `bloodyinn.commands`
entry points so that no game imports the server."""

from __future__ import annotations

import dataclasses
import gc
import json
import os
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from fastapi import FastAPI

# `serve --workers N` hands its settings to the replicas it starts through this environment variable.
REPLICA_SETTINGS = "TABLESERVER_REPLICA_SETTINGS"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(
        min=1, help="Server processes (replicas) sharing the port; more than one needs PostgreSQL.")] = 1,
    database_url: Annotated[str | None, typer.Option(
        "--database-url", envvar="BLOODYINN_DATABASE_URL",
        help="SQLAlchemy URL, e.g. postgresql://user:pass@host/db. Default: an SQLite file in the user's"
             " data directory.")] = None,
    sqlite_sync: Annotated[str, typer.Option(
        help="SQLite only: 'normal' loses nothing when the server is killed (even kill -9), only if the machine"
             " itself crashes; 'full' flushes every commit to disk, at about twice the latency under load.",
    )] = "normal",
    bot_delay: Annotated[float, typer.Option(min=0.0, help="Seconds a bot waits before each move.")] = 0.5,
    bot_workers: Annotated[int, typer.Option(min=1, help="Worker processes in which this server's bots think.")] = 2,
    job_lease: Annotated[float, typer.Option(
        min=0.5, help="Seconds a server holds a bot's turn or a turn clock it took: if it dies, another server"
                      " takes them over this long after.")] = 10.0,
    tables_per_minute: Annotated[float, typer.Option(
        min=0.0, help="Tables one client address may create per minute (0: no limit).")] = 10,
    moves_per_second: Annotated[float, typer.Option(
        min=0.0, help="Moves and previews one client address may send per second (0: no limit).")] = 20,
    chat_per_minute: Annotated[float, typer.Option(
        min=0.0, help="Table chat messages one client address may send per minute (0: no limit).")] = 12,
    max_connections_per_address: Annotated[int, typer.Option(
        min=0, help="WebSocket connections one client address may hold open at once (0: no limit).")] = 32,
    max_connections: Annotated[int, typer.Option(
        min=0, help="WebSocket connections open at once in all (0: no limit).")] = 2000,
    max_bot_tables: Annotated[int, typer.Option(
        min=0, help="Unfinished bot-only tables at once; more are refused until one ends (0: no limit).")] = 20,
    expire_after_hours: Annotated[float, typer.Option(
        min=0.0, help="An unfinished table nobody has moved at for this long expires (0: never).")] = 14 * 24,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    shutdown_timeout: Annotated[float, typer.Option(
        min=0.0, help="Seconds a stopping server waits for its requests and moves in flight to finish after"
                      " telling its WebSocket clients to reconnect (close code 1012).")] = 30.0,
) -> None:
    """Start the multiplayer web server; open the printed URL in a browser."""
    import uvicorn

    from .app import create_app
    from .db import SQLITE_SYNC
    from .fanout import listens
    from .settings import ServerSettings, default_database_url

    if sqlite_sync not in SQLITE_SYNC:
        raise typer.BadParameter(f"expected one of {', '.join(SQLITE_SYNC)}", param_hint="--sqlite-sync")
    settings = ServerSettings(database_url=database_url or default_database_url(), sqlite_sync=sqlite_sync,
                              bot_delay=bot_delay, bot_workers=bot_workers, job_lease=job_lease,
                              tables_per_minute=tables_per_minute,
                              moves_per_second=moves_per_second, chat_per_minute=chat_per_minute,
                              max_connections_per_address=max_connections_per_address,
                              max_connections=max_connections, max_bot_tables=max_bot_tables,
                              idle_expiry=expire_after_hours * 3600)
    shared = listens(settings.database_url)
    if workers > 1 and not shared:
        typer.echo(f"Cannot start {workers} workers on SQLite: it is the embedded database of one server process."
                   " Several replicas need PostgreSQL (--database-url postgresql://user:pass@host/db).", err=True)
        raise typer.Exit(2)
    typer.echo(f"Inn Tables: open http://{host}:{port}/ in your browser (database: {settings.database_url}"
               + (f"; {workers} replicas" if shared else "; SQLite: one process, --workers needs PostgreSQL") + ")")
    options = {"host": host, "port": port, "log_level": log_level, "ws_max_size": 65536, "ws_ping_interval": 20.0,
               "ws_ping_timeout": 20.0, "ws_per_message_deflate": False,
               "timeout_graceful_shutdown": shutdown_timeout}
    if workers == 1:
        uvicorn.run(settled(create_app(settings)), **options)  # type: ignore[arg-type]
        return
    os.environ[REPLICA_SETTINGS] = json.dumps(dataclasses.asdict(settings))
    uvicorn.run("tableserver.command:replica_app", factory=True, workers=workers, **options)  # type: ignore[arg-type]


def replica_app() -> FastAPI:
    """The app of one replica started by `serve --workers N`, with the settings `serve` was given."""
    from .app import create_app
    from .settings import ServerSettings

    return settled(create_app(ServerSettings(**json.loads(os.environ[REPLICA_SETTINGS]))))


def settled(app: FastAPI) -> FastAPI:
    """`app`, with everything imported so far (it lives as long as the server) put out of the garbage collector's
    reach: a full collection then walks only what the tables made since. The ~115,000 objects of the imports took
    a collection 50-90 ms of CPU to walk, during which no move was answered (docs/server.md, load benchmark)."""
    gc.freeze()
    return app


def verify(
    replay: Annotated[str, typer.Argument(help="A finished game's replay: its page (http://…/table/ID/replay), the API"
                                               " URL, or a saved JSON file.")],
) -> None:
    """Check that a finished web game's deck was fixed before it began (commit-reveal, docs/server.md); it
    prints the table and the whole commitment it checked, to compare with what the table's page showed."""
    from .verify import asked_table, checked_against, load_replay, verify_replay

    try:
        document = load_replay(replay)
        lines = verify_replay(document, asked_table(replay))
    except (OSError, ValueError) as exc:  # unreadable, or not a replay
        typer.echo(f"Cannot check {replay}: {exc}", err=True)
        raise typer.Exit(2) from None
    for line in [*checked_against(document), *lines]:
        typer.echo(line)
    if any(not line.startswith("ok") for line in lines):
        raise typer.Exit(1)


app = typer.Typer(help="Inn Tables: the multiplayer web server for The Bloody Inn and Innkeepers.",
                  no_args_is_help=True, add_completion=False)
app.command()(serve)
app.command()(verify)


def main() -> None:
    app()
