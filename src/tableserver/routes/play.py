"""The play API: a seat's (or the public) state, moves, previews, undo against bots, a finished game's
replay."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from ..language import reader_language
from ..live import LiveTable
from ..messages import state_message
from ..schemas import MAX_PLAYERS, AcceptedOut, ActionIn, PreviewIn, PreviewOut, SeatOnlyIn, UndoneOut
from ..service import GameService
from .common import COUNTED, ERRORS, Service, Token, need_token

router = APIRouter(tags=["play"], responses=ERRORS)


async def _seated(service: GameService, table_id: str, seat: int, token: str | None) -> LiveTable:
    """The table, once the token is shown to hold `seat` there."""
    held = need_token(token)
    table = await service.tables.get(table_id)
    await service.sync.authenticated(table, seat, held)
    return table


@router.get("/api/tables/{table_id}/state")
async def get_state(request: Request, service: Service, table_id: str,
                    seat: Annotated[int | None, Query(ge=0, lt=MAX_PLAYERS, description="your seat")] = None,
                    x_seat_token: Token = None) -> dict[str, Any]:
    """The same document the WebSocket sends on connecting: a seat's view (token needed) or, without a
    seat, the public view; with the whole event log. In the reader's language (`?lang=`, the `lang` cookie or
    Accept-Language)."""
    table = await service.tables.get(table_id)
    if seat is not None:
        await service.sync.authenticated(table, seat, need_token(x_seat_token))
    return state_message(table, seat, service.hub.summary(table), [], full_log=True, lang=reader_language(request))


@router.post("/api/tables/{table_id}/actions", dependencies=COUNTED)
async def act(service: Service, table_id: str, body: ActionIn, x_seat_token: Token = None) -> AcceptedOut:
    """Make a move. `seq` must equal the table's current move count, else the action is stale and refused;
    repeating an accepted action is acknowledged with duplicate=true and not applied again."""
    table = await _seated(service, table_id, body.seat, x_seat_token)
    accepted = await service.play.act(table, body.seat, body.seq, body.action)
    return AcceptedOut(seq=accepted.seq, action=accepted.action, duplicate=accepted.duplicate)


@router.post("/api/tables/{table_id}/preview", dependencies=COUNTED)
async def preview(request: Request, service: Service, table_id: str, body: PreviewIn,
                  x_seat_token: Token = None) -> PreviewOut:
    """What an action would do now (a sentence and the events), without doing it."""
    table = await _seated(service, table_id, body.seat, x_seat_token)
    return PreviewOut(**service.play.preview(table, body.seat, body.action, reader_language(request)))


@router.post("/api/tables/{table_id}/undo", dependencies=COUNTED)
async def undo(service: Service, table_id: str, body: SeatOnlyIn, x_seat_token: Token = None) -> UndoneOut:
    """Against bots only (every other seat a bot): take back the moves since your last decision, which is
    yours to make again."""
    table = await _seated(service, table_id, body.seat, x_seat_token)
    return UndoneOut(seq=await service.play.undo(table, body.seat))


@router.get("/api/tables/{table_id}/replay")
async def replay(request: Request, service: Service, table_id: str) -> dict[str, Any]:
    """A finished game: its record and every public position with the events in between (in the reader's
    language)."""
    return await service.tables.replay(table_id, reader_language(request))
