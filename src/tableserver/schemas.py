"""Request and response bodies of the HTTP API (they make the OpenAPI document at /docs)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_PLAYERS = 4  # the most seats a table of any game has


class Strict(BaseModel):
    # As strict as the WebSocket messages: `"players": true` or `"seq": "3"` is a mistake worth reporting.
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(Strict):
    kind: Literal["human", "bot"] = Field(description="'human': open for a person; 'bot': played by the server")
    bot: str | None = Field(None, max_length=32, description="bot level, from GET /api/options (bots only)")
    name: str | None = Field(None, max_length=40)


class ClockIn(Strict):
    mode: Literal["none", "realtime", "async"] = Field(
        "none", description="'realtime' (seconds or minutes a move) or 'async' (hours or days): when a person's time"
                            " runs out, the stand-in bot plays the seat until they take it back")
    seconds: float = Field(0, ge=0, le=14 * 24 * 3600, description="per decision; needed with a clock, at least"
                                                                    " the server's minimum (10 s by default)")


class CreateTableIn(Strict):
    game: str = Field("bloodyinn", max_length=16, description="'bloodyinn' (The Bloody Inn) or 'innkeepers'")
    players: int = Field(2, ge=1, le=MAX_PLAYERS, description="The Bloody Inn: 1-4; Innkeepers: 2-4")
    length: Literal["short", "long"] | None = Field(None, description="The Bloody Inn only; default short")
    variants: list[str] | None = Field(None, max_length=4, description="The Bloody Inn only; default none")
    flags: dict[str, bool | str] | None = Field(
        None, description="Innkeepers only: assumption flags, e.g. {\"must_follow\": true} (GET /api/options lists"
                          " them); the others keep their defaults")
    seats: list[SeatIn] | None = Field(None, description="one per player; default: seat 0 human, others random bots")
    seed: int | None = Field(None, ge=0, lt=1 << 63, description="fixes the deck: only for practice tables and"
                             " bot-only tables; else the server commits to a secret deck (docs/server.md)")
    practice: bool = Field(False, description="the creator may choose the seed; the table is shown as practice")
    clock: ClockIn = Field(default_factory=lambda: ClockIn(mode="none", seconds=0),
                           description="the turn clock; none by default")
    private: bool = Field(False, description="left out of the lobby; seats are taken only with the invite link")
    stand_in: str | None = Field(None, max_length=32, description="the bot level that plays for a resigned or"
                                                                   " timed-out person; default medium")


class JoinIn(Strict):
    name: str | None = Field(None, max_length=40)
    invite: str | None = Field(None, max_length=64, description="a private table's invite code (from its join link)")


class SeatOnlyIn(Strict):
    seat: int = Field(description="your seat (its token in the X-Seat-Token header)")


class ActionIn(Strict):
    seat: int
    seq: int = Field(ge=0, description="the table's move count when the action was chosen (the 'seq' it saw)")
    action: str = Field(min_length=1, max_length=400, description="action notation, e.g. 'place room3'")


class PreviewIn(Strict):
    seat: int
    action: str = Field(min_length=1, max_length=400)


class ErrorOut(BaseModel):
    error: str = Field(description="not_found, forbidden, stale, illegal, bad_request, seat_taken, too_large,"
                                   " rate_limited, expired, method_not_allowed, unavailable, internal")
    message: str


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None
    name: str
    open: bool
    online: bool
    status: str | None = Field(None, description="'resigned', 'timed_out' or 'away': played by the stand-in bot")


class FairnessOut(BaseModel):
    practice: bool = Field(description="the table's creator chose the seed, so could know the deck")
    commitment: str | None = Field(description="sha256 of the secret behind the deck, published at creation")
    secret: str | None = Field(description="revealed once the game is over (null before)")
    seed: str | None = Field(description="the game's seed in decimal, once the game is over (null before)")


class TableOut(BaseModel):
    id: str
    game: str = Field("bloodyinn", description="'bloodyinn' or 'innkeepers'")
    created_at: str
    settings: dict[str, Any]
    seats: list[SeatOut]
    moves: int
    over: bool
    current_player: int | None
    pending: list[int] = Field(default_factory=list, description="every seat that owes a decision now (several"
                                                                 " when they choose at once)")
    spectators: int
    private: bool = False
    clock: dict[str, Any] = Field(default_factory=lambda: {"mode": "none", "seconds": 0},
                                  description="the turn clock: mode (none, realtime, async) and seconds per decision")
    deadline: str | None = Field(None, description="when the person deciding now runs out of time (ISO 8601, UTC)")
    rematch: str | None = Field(None, description="the rematch table, once asked for")
    fairness: FairnessOut


class CreatedOut(BaseModel):
    table: TableOut
    join_links: dict[int, str] = Field(description="per open seat: the page that joins it")
    invite: str | None = Field(None, description="a private table's invite code (already in its join links)")


class UndoneOut(BaseModel):
    seq: int = Field(description="the move number the table is back at")


class JoinOut(BaseModel):
    table_id: str
    seat: int
    token: str = Field(description="the secret seat token: send it as X-Seat-Token or in the WebSocket hello")
    url: str = Field(description="the player's own link for this seat (the token is in the fragment): for coming"
                                 " back from another device, never for sharing; the page removes it from the"
                                 " address bar")


class AcceptedOut(BaseModel):
    seq: int
    action: str
    duplicate: bool


class PreviewOut(BaseModel):
    action: str
    description: str
    events: list[dict[str, Any]]
