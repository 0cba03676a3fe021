"""The tables API: the lobby a page at a time, creating a table, one table's summary."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from ..errors import bad_request
from ..games import GameRules, rules_for
from ..options import TableOptions
from ..registry import SeatSpec
from ..schemas import CreatedOut, CreateTableIn, TableOut
from ..settings import ServerSettings
from .common import ERRORS, Service, address, join_link, limits_of

router = APIRouter(tags=["tables"])
MAX_OFFSET = 1_000_000  # ten thousand pages of the lobby; a bigger number is a mistake (or a probe)


@router.get("/api/tables")
async def list_tables(service: Service, response: Response,
                      limit: Annotated[int, Query(ge=1, le=100, description="tables per page")] = 50,
                      offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="tables to skip")] = 0,
                      game: Annotated[str | None, Query(description="only this game's tables")] = None,
                      ) -> list[TableOut]:
    """The lobby, a page at a time: the tables (of every game, or of `game`), most recently active first,
    with their open seats. When there are more, the `Link` header gives the next page (rel="next")."""
    if game is not None:
        rules_for(game)  # an unknown game is a mistake worth naming
    listing, more = await service.tables.lobby(limit, offset, game)
    if more:
        only = f"&game={game}" if game is not None else ""
        response.headers["Link"] = f'</api/tables?limit={limit}&offset={offset + limit}{only}>; rel="next"'
    return [TableOut(**t) for t in listing]


@router.post("/api/tables", status_code=201, responses=ERRORS)
async def create_table(request: Request, service: Service, body: CreateTableIn) -> CreatedOut:
    """Create a table; the game starts at once (bots play when it is their turn)."""
    await limits_of(request).tables.take(address(request))
    rules = rules_for(body.game)
    choices: dict[str, Any] = {key: value for key, value in (("length", body.length), ("variants", body.variants))
                               if value is not None}
    choices.update(body.flags or {})
    seats = body.seats or [SeatSpec("human")] + [SeatSpec("bot", "random")] * (body.players - 1)
    specs = [s if isinstance(s, SeatSpec) else SeatSpec(s.kind, s.bot, s.name) for s in seats]
    options = _options(rules, body, request.app.state.settings)
    table = await service.tables.create(rules, body.players, choices, specs, body.seed, options,
                                        practice=body.practice)
    invite = table.options.invite
    links = {s.seat: join_link(table.id, s.seat, invite) for s in table.seats if s.open}
    return CreatedOut(table=TableOut(**service.hub.summary(table)), join_links=links, invite=invite)


def _options(rules: GameRules, body: CreateTableIn, settings: ServerSettings) -> TableOptions:
    """The table's own options: its turn clock, privacy and stand-in bot."""
    clock, least = body.clock, settings.min_clock_seconds
    if clock.mode != "none" and clock.seconds <= 0:
        raise bad_request("a {mode} clock needs its seconds per decision (more than 0)", mode=clock.mode)
    if clock.mode != "none" and clock.seconds < least:
        raise bad_request("clock.seconds: a turn clock gives at least {least} s per decision, not {seconds}",
                          least=f"{least:g}", seconds=f"{clock.seconds:g}")
    return TableOptions(clock=clock.mode, seconds=clock.seconds if clock.mode != "none" else 0,
                        private=body.private, stand_in=body.stand_in or rules.default_stand_in())


@router.get("/api/tables/{table_id}", responses=ERRORS)
async def get_table(service: Service, table_id: str) -> TableOut:
    return TableOut(**service.hub.summary(await service.tables.get(table_id)))

