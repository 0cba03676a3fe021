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
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from tabletop.validation import validation_problems

from .errors import ServiceError, bad_request, forbidden
from .hub import Client, encode
from .language import reader_language
from .live import LiveTable
from .protocol import ChatIn, ClientMessage, Hello, Ping, PreviewMessage, client_messages
from .service import GameService

HELLO_TIMEOUT = 30.0


def _error(error: ServiceError, message_id: Any = None, lang: str = "en") -> dict[str, Any]:
    return {"type": "error", **error.to_dict(lang), "id": message_id}


def _decode(data: str | bytes | None, limit: int) -> ClientMessage:
    if not isinstance(data, str):
        raise bad_request("messages must be JSON text frames")
    if len(data.encode()) > limit:
        raise ServiceError("too_large", "message larger than {limit} bytes", limit=limit)
    try:
        return client_messages.validate_json(data)
    except ValidationError as exc:
        errors = exc.errors()
        raise bad_request("invalid message: {problems} (see GET /api/websocket-schema)",
                          problems=lambda lang: _explain(errors, lang)) from None


def _explain(errors: list[Any], lang: str) -> str:
    """Pydantic's complaints, one per problem, in the reader's language; the message kind is not a field."""
    return "; ".join(validation_problems(errors, lang, skip=("hello", "action", "preview", "ping", "chat")))


def _message_id(data: str | bytes | None) -> Any:
    """The id of a message that failed validation, if it can be read, so the error can echo it."""
    try:
        message = json.loads(data) if isinstance(data, str) else None
    except json.JSONDecodeError:
        return None
    return message.get("id") if isinstance(message, dict) else None


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text") if message.get("text") is not None else message.get("bytes")


async def serve_table(websocket: WebSocket, table_id: str, service: GameService, limit: int,
                      count_move: Callable[[], Awaitable[None]], count_chat: Callable[[], Awaitable[None]]) -> None:
    """Serve one connection; `count_move` counts a move or preview, `count_chat` a chat message, against the
    client's rate limits (they raise when the client goes too fast). Everything it is sent is in its reader's
    language (language.reader_language)."""
    lang = reader_language(websocket)
    await websocket.accept()
    try:
        table = await service.tables.get(table_id)
    except ServiceError as exc:
        await _refuse(websocket, exc, 4410 if exc.code == "expired" else 4404, lang)
        return
    try:
        seat = await asyncio.wait_for(_hello(websocket, table, service, limit), HELLO_TIMEOUT)
    except WebSocketDisconnect:  # gone before saying who it is: nothing to clean up, nothing to report
        return
    except TimeoutError:
        await _close(websocket, 4408)
        return
    except ServiceError as exc:
        await _refuse(websocket, exc, 4403 if exc.code == "forbidden" else 4400, lang)
        return
    client = Client(websocket, table.id, seat, lang)
    service.hub.attach(table, client)
    try:
        while True:
            data = await _receive(websocket)
            try:
                reply = await _handle(_decode(data, limit), client, table, service, count_move, count_chat)
            except ServiceError as exc:
                reply = _error(exc, _message_id(data), lang)
            if reply is not None:
                client.send_message(reply)
    except WebSocketDisconnect:
        pass
    finally:
        service.hub.detach(table, client)
        await client.close()
        service.tables.forget_if_idle(table)


async def _hello(websocket: WebSocket, table: LiveTable, service: GameService, limit: int) -> int | None:
    message = _decode(await _receive(websocket), limit)
    if not isinstance(message, Hello):
        raise bad_request('the first message must be {"type": "hello", "seat": N, "token": "..."}'
                          ' (or {"type": "hello"} to watch)')
    if message.seat is None:
        return None
    if not message.token:
        raise forbidden("a seat needs its token")
    await service.sync.authenticated(table, message.seat, message.token)
    return message.seat


async def _handle(message: ClientMessage, client: Client, table: LiveTable, service: GameService,
                  count_move: Callable[[], Awaitable[None]],
                  count_chat: Callable[[], Awaitable[None]]) -> dict[str, Any] | None:
    """The answer to one message, if any (a chat message reaches its sender with everyone else's)."""
    if isinstance(message, Ping):
        return {"type": "pong", "id": message.id, "seq": table.seq}
    if isinstance(message, Hello):
        raise bad_request("already said hello; reconnect to change seats")
    if isinstance(message, ChatIn):
        await count_chat()
        await service.chat.say(table, client, message.text, message.name)
        return None
    if client.seat is None:
        raise forbidden("spectators cannot act; join a seat to play")
    await count_move()
    if isinstance(message, PreviewMessage):
        return {"type": "preview", "id": message.id,
                **service.play.preview(table, client.seat, message.action, client.lang)}
    accepted = await service.play.act(table, client.seat, message.seq, message.action)
    return {"type": "ack", "id": message.id, "seq": accepted.seq, "action": accepted.action,
            "duplicate": accepted.duplicate}


async def refuse_connection(websocket: WebSocket, error: ServiceError) -> None:
    """Accept, say why the connection cannot stay (`too_many_connections`), and close: 4429 when the client's
    address has too many open, 1013 (try again later) when the server is full. A browser sees the reason only
    from an accepted connection."""
    await websocket.accept()
    await _refuse(websocket, error, 4429 if error.status == 429 else 1013, reader_language(websocket))


async def _refuse(websocket: WebSocket, error: ServiceError, code: int, lang: str) -> None:
    """Say why (in the reader's language), then close; the peer may already have left."""
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.send_text(encode(_error(error, lang=lang)))
    await _close(websocket, code)


async def _close(websocket: WebSocket, code: int) -> None:
    # RuntimeError: already closed; WebSocketDisconnect: the peer left meanwhile.
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.close(code=code)
