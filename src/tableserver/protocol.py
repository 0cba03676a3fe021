"""The WebSocket messages as Pydantic models: incoming messages are validated with them, and together they
make the JSON Schema served at GET /api/websocket-schema (docs/server.md explains each message)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .chat import MAX_TEXT
from .schemas import TableOut

MessageId = Annotated[int | str | None, Field(description="any value; echoed in the answer")]


class _In(BaseModel):
    # Strict: "seq": "3" is a mistake worth reporting, not something to guess about.
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_In):
    """The first message: who is connecting. Leave out seat and token to watch."""

    type: Literal["hello"]
    seat: int | None = None
    token: str | None = Field(None, max_length=200)


class ActionMessage(_In):
    type: Literal["action"]
    seq: int = Field(ge=0, description="the table's move count in the position the action was chosen in")
    action: str = Field(min_length=1, max_length=400, description="action notation, e.g. 'place room3'")
    id: MessageId = None


class PreviewMessage(_In):
    type: Literal["preview"]
    action: str = Field(min_length=1, max_length=400)
    id: MessageId = None


class Ping(_In):
    type: Literal["ping"]
    id: MessageId = None


class ChatIn(_In):
    """Say something to your side of the table: the seated players, or the spectators."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_TEXT, description="one line (blank space is collapsed)")
    name: str | None = Field(None, max_length=40, description="spectators only: the name to say it under")
    id: MessageId = None


ClientMessage = Annotated[Hello | ActionMessage | PreviewMessage | Ping | ChatIn, Field(discriminator="type")]
client_messages: TypeAdapter[Hello | ActionMessage | PreviewMessage | Ping | ChatIn] = TypeAdapter(ClientMessage)


class ScoreResult(BaseModel):
    scores: list[int]
    winners: list[int] = Field(description="the winning seats: the best of those their person played to the end")
    breakdown: list[dict[str, Any]] = Field(description="Game.score_breakdown(): per seat cash, checks, bonuses")
    lost: bool
    solo_title: str | None
    resigned: list[int] = Field(default_factory=list, description="seats that resigned (played to the end by a bot)")
    forfeited: list[int] = Field(default_factory=list, description="seats played to the end by the stand-in bot because"
                                 " their person resigned, ran out of time or left: they rank last")
    places: list[int] = Field(default_factory=list, description="per seat, its place (1: a winner; ties share one)")


class ChatEntry(BaseModel):
    number: int = Field(description="the table's messages are numbered in the order said, both sides together")
    channel: Literal["players", "spectators"]
    author: str = Field(description="who said it, for muting: 'seat:N', or 'watcher:…' (a spectator's connection)")
    name: str
    text: str = Field(description="as typed: show it as text, never as markup")
    seq: int = Field(description="the table's move count when it was said")
    at: str = Field(description="when it was said (ISO 8601, UTC)")


class StateMessage(BaseModel):
    type: Literal["state"]
    seq: int = Field(description="moves so far: the seq an action chosen now must carry")
    you: int | None = Field(description="your seat, or null for a spectator")
    table: TableOut
    waiting: bool = Field(False, description="a person's seat is still open: the game begins (and its cards are"
                                           " shown) once every human seat is taken")
    view: dict[str, Any] | None = Field(description="Game.view(you): the engine's view for this seat (null while"
                                                    " waiting)")
    choices: list[dict[str, Any]] = Field(
        description="when you must decide: each legal action's notation ('text'), 'kind' and fields")
    result: ScoreResult | None
    undo: bool = Field(False, description="you may undo now (POST /api/tables/{id}/undo)")
    invite: str | None = Field(None, description="a private table's invite code, for seated players' join links")
    events: list[dict[str, Any]] | None = Field(None, description="the latest action's events (Event.to_dict + seq)")
    log: list[dict[str, Any]] | None = Field(None, description="every event so far (first state after hello)")
    chat: list[ChatEntry] | None = Field(None, description="your side's chat so far, the latest 200 (with `log`)")


class ChatNotice(BaseModel):
    type: Literal["chat"]
    message: ChatEntry


class PresenceMessage(BaseModel):
    type: Literal["presence"]
    table: TableOut


class AckMessage(BaseModel):
    type: Literal["ack"]
    id: MessageId
    seq: int
    action: str = Field(description="the action as applied, in canonical notation")
    duplicate: bool = Field(description="true when this action had already been accepted (not applied again)")


class PreviewReply(BaseModel):
    type: Literal["preview"]
    id: MessageId
    action: str
    description: str
    events: list[dict[str, Any]]


class Pong(BaseModel):
    type: Literal["pong"]
    id: MessageId
    seq: int


class ErrorMessage(BaseModel):
    type: Literal["error"]
    id: MessageId
    error: str = Field(description="bad_request, forbidden, not_found, stale, illegal, too_large, unavailable")
    message: str


ServerMessage = Annotated[StateMessage | PresenceMessage | AckMessage | PreviewReply | Pong | ErrorMessage | ChatNotice,
                          Field(discriminator="type")]
server_messages: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def websocket_schema() -> dict[str, Any]:
    return {"client_to_server": client_messages.json_schema(), "server_to_client": server_messages.json_schema()}
