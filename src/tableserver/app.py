"""The FastAPI application: HTTP API, the table WebSocket and the browser pages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import ExitStack, asynccontextmanager
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from .catalog import card_catalog, options
from .db import make_engine
from .errors import ServiceError, bad_request, forbidden
from .games import rules_for
from .hub import Hub
from .limits import BodyLimit, ClientLimits
from .messages import state_message
from .migrate import upgrade
from .options import TableOptions
from .protocol import websocket_schema
from .repository import Repository
from .schemas import (
    AcceptedOut,
    ActionIn,
    CreatedOut,
    CreateTableIn,
    ErrorOut,
    JoinIn,
    JoinOut,
    PreviewIn,
    PreviewOut,
    SeatOnlyIn,
    TableOut,
    UndoneOut,
)
from .service import GameService, SeatSpec
from .settings import ServerSettings
from .websocket import refuse_connection, serve_table
from .writer import Writer

STATIC = Path(str(files("tableserver.web") / "static"))
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut}
                                           for code in (400, 403, 404, 409, 410, 413, 422, 429, 503)}
Token = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat token from joining")]


def own_link(table_id: str, seat: int, token: str) -> str:
    """The player's own link, for coming back from another device; the token is in the fragment, which
    browsers never send to a server. Not for sharing: whoever has it plays the seat."""
    return f"/table/{table_id}#seat={seat}&token={token}"


def join_link(table_id: str, seat: int, invite: str | None) -> str:
    """The page that takes an open seat; a private table's carries its invite code."""
    return f"/table/{table_id}?join={seat}" + (f"&invite={invite}" if invite else "")


def need_token(token: str | None) -> str:
    if token is None:
        raise forbidden("send the seat token in the X-Seat-Token header")
    return token


def address(connection: Request | WebSocket) -> str:
    """The client's address (behind a reverse proxy on this machine, uvicorn takes it from X-Forwarded-For)."""
    return connection.client.host if connection.client else "unknown"


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.resolved_database_url(), settings.sqlite_sync)
        upgrade(engine)
        writer = Writer(engine)
        service = GameService(Repository(engine), writer, Hub(), settings)
        app.state.service = service
        await service.start()
        try:
            yield
        finally:
            await service.stop()
            writer.close()
            engine.dispose()

    app = FastAPI(title="Inn Tables", version="1", lifespan=lifespan,
                  description="Multiplayer table server for The Bloody Inn and Innkeepers. The WebSocket protocol "
                              "of a table is described in docs/server.md.")
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    limits = ClientLimits(settings)

    def count_request(request: Request) -> None:
        """Moves and every other request that changes a table count against the client's rate limit."""
        limits.moves.take(address(request))

    counted = [Depends(count_request)]

    @app.exception_handler(ServiceError)
    async def service_error(_: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse(exc.to_dict(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
        return JSONResponse({"error": "bad_request", "message": problems}, status_code=400)

    def service_of(request: Request | WebSocket) -> GameService:
        service: GameService = request.app.state.service
        return service

    # ------------------------------------------------------------------------------------ pages

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.api_route("/table/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.api_route("/table/{table_id}/replay", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------------------------ API

    @app.get("/api/options", tags=["meta"])
    async def get_options() -> dict[str, Any]:
        """Per game (`games`): player counts, bots and the game's own options (The Bloody Inn's lengths and
        variants, Innkeepers' assumption flags); The Bloody Inn's also at the top level."""
        return options()

    @app.get("/api/cards", tags=["meta"])
    async def get_cards() -> dict[str, Any]:
        """The card table: every occupation's name, type, colour, rank, pocket money, annex and effect."""
        return card_catalog()

    @app.get("/api/websocket-schema", tags=["meta"])
    async def get_websocket_schema() -> dict[str, Any]:
        """JSON Schema of the WebSocket messages at /ws/tables/{table_id}, both directions."""
        return websocket_schema()

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(request: Request, response: Response,
                          limit: Annotated[int, Query(ge=1, le=100, description="tables per page")] = 50,
                          offset: Annotated[int, Query(ge=0, description="tables to skip")] = 0,
                          game: Annotated[str | None, Query(description="only this game's tables")] = None,
                          ) -> list[TableOut]:
        """The lobby, a page at a time: the tables (of every game, or of `game`), most recently active first,
        with their open seats. When there are more, the `Link` header gives the next page (rel="next")."""
        if game is not None:
            rules_for(game)  # an unknown game is a mistake worth naming
        listing, more = await service_of(request).lobby(limit, offset, game)
        if more:
            only = f"&game={game}" if game is not None else ""
            response.headers["Link"] = f'</api/tables?limit={limit}&offset={offset + limit}{only}>; rel="next"'
        return [TableOut(**t) for t in listing]

    @app.post("/api/tables", status_code=201, tags=["tables"], responses=ERRORS)
    async def create_table(request: Request, body: CreateTableIn) -> CreatedOut:
        """Create a table; the game starts at once (bots play when it is their turn)."""
        limits.tables.take(address(request))
        rules = rules_for(body.game)
        choices: dict[str, Any] = {key: value for key, value in (("length", body.length), ("variants", body.variants))
                                   if value is not None}
        choices.update(body.flags or {})
        seats = body.seats or [SeatSpec("human")] + [SeatSpec("bot", "random")] * (body.players - 1)
        specs = [s if isinstance(s, SeatSpec) else SeatSpec(s.kind, s.bot, s.name) for s in seats]
        service = service_of(request)
        if body.clock.mode != "none" and body.clock.seconds <= 0:
            raise bad_request(f"a {body.clock.mode} clock needs its seconds per decision (more than 0)")
        options = TableOptions(clock=body.clock.mode, seconds=body.clock.seconds if body.clock.mode != "none" else 0,
                               private=body.private, stand_in=body.stand_in or rules.default_stand_in())
        table = await service.create_table(rules, body.players, choices, specs, body.seed, options,
                                           practice=body.practice)
        invite = table.options.invite
        links = {s.seat: join_link(table.id, s.seat, invite) for s in table.seats if s.open}
        return CreatedOut(table=TableOut(**service.hub.summary(table)), join_links=links, invite=invite)

    @app.get("/api/tables/{table_id}", tags=["tables"], responses=ERRORS)
    async def get_table(request: Request, table_id: str) -> TableOut:
        service = service_of(request)
        return TableOut(**service.hub.summary(await service.table(table_id)))

    @app.post("/api/tables/{table_id}/seats/{seat}/join", tags=["tables"], responses=ERRORS,
              dependencies=counted)
    async def join(request: Request, table_id: str, seat: int, body: JoinIn | None = None) -> JoinOut:
        """Take an open seat. The token in the answer is the only way to act for that seat: keep it."""
        token = await service_of(request).join(table_id, seat, body.name if body else None,
                                               body.invite if body else None)
        return JoinOut(table_id=table_id, seat=seat, token=token, url=own_link(table_id, seat, token))

    @app.post("/api/tables/{table_id}/seats/{seat}/token", tags=["tables"], responses=ERRORS,
              dependencies=counted)
    async def revoke(request: Request, table_id: str, seat: int, x_seat_token: Token = None) -> JoinOut:
        """Revoke the seat's token (its link leaked) and get a new one; the old token stops working at once and
        its connections are closed."""
        if x_seat_token is None:
            raise forbidden("send the seat's current token in the X-Seat-Token header")
        token = await service_of(request).revoke(table_id, seat, x_seat_token)
        return JoinOut(table_id=table_id, seat=seat, token=token, url=own_link(table_id, seat, token))

    @app.get("/api/tables/{table_id}/state", tags=["play"], responses=ERRORS)
    async def get_state(request: Request, table_id: str, seat: int | None = None,
                        x_seat_token: Token = None) -> dict[str, Any]:
        """The same document the WebSocket sends on connecting: a seat's view (token needed) or, without a
        seat, the public view; with the whole event log."""
        service = service_of(request)
        table = await service.table(table_id)
        if seat is not None:
            if x_seat_token is None:
                raise forbidden("send the seat token in the X-Seat-Token header")
            service.authenticate(table, seat, x_seat_token)
        return state_message(table, seat, service.hub.summary(table), [], full_log=True)

    @app.post("/api/tables/{table_id}/actions", tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def act(request: Request, table_id: str, body: ActionIn, x_seat_token: Token = None) -> AcceptedOut:
        """Make a move. `seq` must equal the table's current move count, else the action is stale and refused;
        repeating an accepted action is acknowledged with duplicate=true and not applied again."""
        if x_seat_token is None:
            raise forbidden("send the seat token in the X-Seat-Token header")
        accepted = await service_of(request).submit(table_id, body.seat, x_seat_token, body.seq, body.action)
        return AcceptedOut(seq=accepted.seq, action=accepted.action, duplicate=accepted.duplicate)

    @app.post("/api/tables/{table_id}/preview", tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def preview(request: Request, table_id: str, body: PreviewIn, x_seat_token: Token = None) -> PreviewOut:
        """What an action would do now (a sentence and the events), without doing it."""
        if x_seat_token is None:
            raise forbidden("send the seat token in the X-Seat-Token header")
        service = service_of(request)
        table = await service.table(table_id)
        service.authenticate(table, body.seat, x_seat_token)
        return PreviewOut(**service.preview(table, body.seat, body.action))

    @app.post("/api/tables/{table_id}/resign", status_code=204, tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def resign(request: Request, table_id: str, body: SeatOnlyIn, x_seat_token: Token = None) -> None:
        """Leave the game: the table's stand-in bot plays your seat to the end, marked resigned."""
        await service_of(request).resign(table_id, body.seat, need_token(x_seat_token))

    @app.post("/api/tables/{table_id}/seats/{seat}/back", status_code=204, tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def take_seat_back(request: Request, table_id: str, seat: int, x_seat_token: Token = None) -> None:
        """Play your seat again after your turn clock ran out and the stand-in bot took over."""
        await service_of(request).take_seat_back(table_id, seat, need_token(x_seat_token))

    @app.post("/api/tables/{table_id}/seats/{seat}/stand-in", status_code=204, tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def stand_in(request: Request, table_id: str, seat: int, body: SeatOnlyIn,
                       x_seat_token: Token = None) -> None:
        """Hand the seat of a player who keeps the table waiting (their decision, not connected, waiting for at
        least a minute) to the stand-in bot; `seat` in the body is yours. They can take it back."""
        await service_of(request).stand_in_for_absent(table_id, seat, body.seat, need_token(x_seat_token))

    @app.post("/api/tables/{table_id}/undo", tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def undo(request: Request, table_id: str, body: SeatOnlyIn, x_seat_token: Token = None) -> UndoneOut:
        """Against bots only (every other seat a bot): take back the moves since your last decision, which is
        yours to make again."""
        return UndoneOut(seq=await service_of(request).undo(table_id, body.seat, need_token(x_seat_token)))

    @app.post("/api/tables/{table_id}/rematch", tags=["play"], responses=ERRORS,
              dependencies=counted)
    async def rematch(request: Request, table_id: str, body: SeatOnlyIn, x_seat_token: Token = None) -> JoinOut:
        """After the end: the same game again (settings, clock, bots), everyone at their seat. The first to ask
        creates the table; everyone who asks is seated at their own seat there and gets its token."""
        new, token = await service_of(request).rematch(table_id, body.seat, need_token(x_seat_token))
        return JoinOut(table_id=new.id, seat=body.seat, token=token, url=own_link(new.id, body.seat, token))

    @app.get("/api/tables/{table_id}/replay", tags=["play"], responses=ERRORS)
    async def replay(request: Request, table_id: str) -> dict[str, Any]:
        """A finished game: its record and every public position with the events in between."""
        return await service_of(request).replay(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        client = address(websocket)
        with ExitStack() as place:
            try:
                place.enter_context(limits.connections.hold(client))
            except ServiceError as refused:
                await refuse_connection(websocket, refused)
                return
            await serve_table(websocket, table_id, service_of(websocket), settings.max_message_bytes,
                              partial(limits.moves.take, client))

    @app.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"], include_in_schema=False)
    async def unknown(rest: str) -> JSONResponse:
        raise bad_request(f"unknown API path /api/{rest}")

    return app
