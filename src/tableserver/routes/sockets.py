"""The table WebSocket at /ws/tables/{table_id} (its protocol: websocket.py), each connection holding one of
the client's places (limits.ConnectionLimit)."""

from __future__ import annotations

from contextlib import AsyncExitStack
from functools import partial

from fastapi import APIRouter, WebSocket

from ..errors import ServiceError
from ..settings import ServerSettings
from ..websocket import refuse_connection, serve_table
from .common import address, limits_of, service_of

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    client = address(websocket)
    limits = limits_of(websocket)
    settings: ServerSettings = websocket.app.state.settings
    async with AsyncExitStack() as place:
        try:
            await place.enter_async_context(limits.connections.hold(client))
        except ServiceError as refused:
            await refuse_connection(websocket, refused)
            return
        await serve_table(websocket, table_id, service_of(websocket), settings.max_message_bytes,
                          partial(limits.moves.take, client), partial(limits.chat.take, client))
