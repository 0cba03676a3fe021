"""The seats API: joining, a new token for a leaked link, resigning, a bot for an absent player and the seat
back, and the rematch."""

from __future__ import annotations

from fastapi import APIRouter

from ..schemas import JoinIn, JoinOut, SeatOnlyIn
from .common import COUNTED, ERRORS, Service, Token, need_token, own_link

router = APIRouter(responses=ERRORS, dependencies=COUNTED)


@router.post("/api/tables/{table_id}/seats/{seat}/join", tags=["tables"])
async def join(service: Service, table_id: str, seat: int, body: JoinIn | None = None) -> JoinOut:
    """Take an open seat. The token in the answer is the only way to act for that seat: keep it."""
    token = await service.seats.join(table_id, seat, body.name if body else None, body.invite if body else None)
    return JoinOut(table_id=table_id, seat=seat, token=token, url=own_link(table_id, seat, token))


@router.post("/api/tables/{table_id}/seats/{seat}/token", tags=["tables"])
async def revoke(service: Service, table_id: str, seat: int, x_seat_token: Token = None) -> JoinOut:
    """Revoke the seat's token (its link leaked) and get a new one; the old token stops working at once and
    its connections are closed."""
    current = need_token(x_seat_token, "send the seat's current token in the X-Seat-Token header")
    token = await service.seats.revoke(table_id, seat, current)
    return JoinOut(table_id=table_id, seat=seat, token=token, url=own_link(table_id, seat, token))


@router.post("/api/tables/{table_id}/resign", status_code=204, tags=["play"])
async def resign(service: Service, table_id: str, body: SeatOnlyIn, x_seat_token: Token = None) -> None:
    """Leave the game: the table's stand-in bot plays your seat to the end, marked resigned."""
    await service.seats.resign(table_id, body.seat, need_token(x_seat_token))


@router.post("/api/tables/{table_id}/seats/{seat}/back", status_code=204, tags=["play"])
async def take_seat_back(service: Service, table_id: str, seat: int, x_seat_token: Token = None) -> None:
    """Play your seat again after your turn clock ran out and the stand-in bot took over."""
    await service.seats.take_seat_back(table_id, seat, need_token(x_seat_token))


@router.post("/api/tables/{table_id}/seats/{seat}/stand-in", status_code=204, tags=["play"])
async def stand_in(service: Service, table_id: str, seat: int, body: SeatOnlyIn, x_seat_token: Token = None) -> None:
    """Hand the seat of a player who keeps the table waiting (their decision, not connected, waiting for at
    least a minute) to the stand-in bot; `seat` in the body is yours. They can take it back."""
    await service.seats.stand_in_for_absent(table_id, seat, body.seat, need_token(x_seat_token))


@router.post("/api/tables/{table_id}/rematch", tags=["play"])
async def rematch(service: Service, table_id: str, body: SeatOnlyIn, x_seat_token: Token = None) -> JoinOut:
    """After the end: the same game again (settings, clock, bots), everyone at their seat. The first to ask
    creates the table; everyone who asks is seated at their own seat there and gets its token."""
    new, token = await service.seats.rematch(table_id, body.seat, need_token(x_seat_token))
    return JoinOut(table_id=new.id, seat=body.seat, token=token, url=own_link(new.id, body.seat, token))
