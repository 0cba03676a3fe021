"""What the routes share: the service and the limits of the app they run in, the client's address, the seat
token header, and the links a player is given."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Request
from starlette.requests import HTTPConnection

from ..errors import forbidden
from ..limits import ClientLimits
from ..schemas import ErrorOut
from ..service import GameService

ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorOut}
                                           for code in (400, 403, 404, 405, 409, 410, 413, 422, 429, 500, 503)}
Token = Annotated[str | None, Header(alias="X-Seat-Token", description="the seat token from joining")]


def service_of(connection: HTTPConnection) -> GameService:
    service: GameService = connection.app.state.service
    return service


def limits_of(connection: HTTPConnection) -> ClientLimits:
    limits: ClientLimits = connection.app.state.limits
    return limits


Service = Annotated[GameService, Depends(service_of)]


def address(connection: HTTPConnection) -> str:
    """The client's address (behind a reverse proxy on this machine, uvicorn takes it from X-Forwarded-For)."""
    return connection.client.host if connection.client else "unknown"


async def count_request(request: Request) -> None:
    """Moves and every other request that changes a table count against the client's rate limit."""
    await limits_of(request).moves.take(address(request))


COUNTED = [Depends(count_request)]


def need_token(token: str | None, message: str = "send the seat token in the X-Seat-Token header") -> str:
    if token is None:
        raise forbidden(message)
    return token


def own_link(table_id: str, seat: int, token: str) -> str:
    """The player's own link, for coming back from another device; the token is in the fragment, which
    browsers never send to a server. Not for sharing: whoever has it plays the seat."""
    return f"/table/{table_id}#seat={seat}&token={token}"


def join_link(table_id: str, seat: int, invite: str | None) -> str:
    """The page that takes an open seat; a private table's carries its invite code."""
    return f"/table/{table_id}?join={seat}" + (f"&invite={invite}" if invite else "")
