"""The WebSocket protocol of a table (message schemas in docs/server.md).

The client's first message says who it is (`hello`, with a seat token, or none for a spectator); the
server answers with the full state and then pushes a `state` after every accepted action. Actions and
previews are answered with `ack` / `preview` or an `error` that names what was wrong; nothing is applied
unless it was accepted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .errors import ServiceError, bad_request, forbidden
from .hub import Client, encode
from .live import LiveTable
from .service import GameService

HELLO_TIMEOUT = 30.0


def _error(error: ServiceError, message_id: Any = None) -> dict[str, Any]:
    return {"type": "error", **error.to_dict(), "id": message_id}


def _decode(data: str | bytes | None, limit: int) -> dict[str, Any]:
    if not isinstance(data, str):
        raise bad_request("messages must be JSON text frames")
    if len(data.encode()) > limit:
        raise ServiceError("too_large", f"message larger than {limit} bytes")
    try:
        message = json.loads(data)
    except json.JSONDecodeError as exc:
        raise bad_request(f"not valid JSON: {exc.msg}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise bad_request('a message must be a JSON object with a "type"')
    return message


def _int(message: dict[str, Any], key: str) -> int:
    value = message.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise bad_request(f'"{key}" must be an integer')
    return value


def _text(message: dict[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str) or not value:
        raise bad_request(f'"{key}" must be a non-empty string')
    return value


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text") if message.get("text") is not None else message.get("bytes")


async def serve_table(websocket: WebSocket, table_id: str, service: GameService, limit: int) -> None:
    await websocket.accept()
    try:
        table = await service.table(table_id)
    except ServiceError as exc:
        await websocket.send_text(encode(_error(exc)))
        await websocket.close(code=4404)
        return
    try:
        seat = await asyncio.wait_for(_hello(websocket, table, service, limit), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect):
        await _close(websocket, 4408)
        return
    except ServiceError as exc:
        await websocket.send_text(encode(_error(exc)))
        await _close(websocket, 4403 if exc.code == "forbidden" else 4400)
        return
    client = Client(websocket, table.id, seat)
    service.hub.attach(table, client)
    try:
        while True:
            data = await _receive(websocket)
            message_id = None
            try:
                message = _decode(data, limit)
                message_id = message.get("id")
                reply = await _handle(message, client, table, service)
            except ServiceError as exc:
                reply = _error(exc, message_id)
            client.send_message(reply)
    except WebSocketDisconnect:
        pass
    finally:
        service.hub.detach(table, client)
        await client.close()


async def _hello(websocket: WebSocket, table: LiveTable, service: GameService, limit: int) -> int | None:
    message = _decode(await _receive(websocket), limit)
    if message["type"] != "hello":
        raise bad_request('the first message must be {"type": "hello", "seat": N, "token": "..."}'
                          ' (or {"type": "hello"} to watch)')
    if message.get("seat") is None:
        return None
    seat = _int(message, "seat")
    service.authenticate(table, seat, _text(message, "token"))
    return seat


async def _handle(message: dict[str, Any], client: Client, table: LiveTable, service: GameService) -> dict[str, Any]:
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong", "id": message.get("id"), "seq": table.seq}
    if kind not in ("action", "preview"):
        raise bad_request(f"unknown message type {kind!r}; expected action, preview or ping")
    if client.seat is None:
        raise forbidden("spectators cannot act; join a seat to play")
    action = _text(message, "action")
    if kind == "preview":
        return {"type": "preview", "id": message.get("id"), **service.preview(table, client.seat, action)}
    accepted = await service.act(table, client.seat, _int(message, "seq"), action)
    return {"type": "ack", "id": message.get("id"), "seq": accepted.seq, "action": accepted.action,
            "duplicate": accepted.duplicate}


async def _close(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(RuntimeError):  # already closed by the peer
        await websocket.close(code=code)
