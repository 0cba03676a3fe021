"""The FastAPI application: the routers (routes/) put together, with the database, the game service and the
limits they share, and every error answered as {error, message} (http_errors.py)."""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from .db import make_engine
from .http_errors import answer_errors
from .hub import Hub
from .limits import BodyLimit, ClientLimits
from .migrate import upgrade
from .repository import Repository
from .routes import health, meta, pages, play, seats, sockets, tables
from .security import SecurityHeaders
from .service import GameService
from .settings import ServerSettings
from .writer import Writer


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.resolved_database_url(), settings.sqlite_sync)
        upgrade(engine)
        writer = Writer(engine, origin=app.state.replica)
        service = GameService(Repository(engine), writer, Hub(), settings, origin=app.state.replica)
        app.state.service, app.state.engine = service, engine
        app.state.limits = limits = ClientLimits(settings, engine)
        limits.start()
        await service.start()
        try:
            yield
        finally:
            await service.stop()
            await limits.stop()
            writer.close()
            engine.dispose()

    app = FastAPI(title="Inn Tables", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Multiplayer table server for The Bloody Inn and Innkeepers. The WebSocket protocol "
                              "of a table is described in docs/server.md.")
    app.state.settings = settings
    app.state.replica = replica_name()
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeaders)
    answer_errors(app)
    for module in (pages, meta, tables, seats, play, sockets, health):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")

    return app


def replica_name() -> str:
    """This server process among the replicas on one database: its host and process, and a few random digits
    (two apps may share a process in tests)."""
    return f"{socket.gethostname()[:16]}-{os.getpid()}-{secrets.token_hex(2)}"
