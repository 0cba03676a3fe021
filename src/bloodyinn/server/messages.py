"""The JSON documents the server sends: table summaries and per-seat state messages (docs/server.md)."""

from __future__ import annotations

from typing import Any

from .forms import action_form
from .live import LiveTable
from .repository import SeatRecord


def public_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Settings without the seed: with it anyone could compute the hidden order of the entrance stack."""
    return {"players": settings["players"], "length": settings["length"], "variants": settings["variants"]}


def seat_summary(seat: SeatRecord, online: set[int]) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "bot": seat.bot, "name": seat.name or f"Player {seat.seat + 1}",
            "open": seat.open, "online": seat.kind == "bot" or seat.seat in online}


def table_summary(table: LiveTable, online: set[int], spectators: int = 0) -> dict[str, Any]:
    game = table.game
    return {
        "id": table.id,
        "created_at": table.created_at.isoformat(),
        "settings": public_settings(game.config.to_dict()),
        "seats": [seat_summary(s, online) for s in table.seats],
        "moves": table.seq,
        "over": game.is_over,
        "current_player": game.current_player,
        "spectators": spectators,
    }


def result(table: LiveTable) -> dict[str, Any] | None:
    game = table.game
    if not game.is_over:
        return None
    return {"scores": game.scores(), "winners": game.winners(), "breakdown": game.score_breakdown(),
            "lost": game.lost, "solo_title": game.solo_title()}


def state_message(table: LiveTable, seat: int | None, summary: dict[str, Any], events: list[dict[str, Any]],
                  full_log: bool = False) -> dict[str, Any]:
    """What `seat` (None: a spectator) is sent after each accepted action, or on (re)connecting with the
    whole log. `choices` lists the legal actions, structured, when this seat must decide."""
    game = table.game
    message: dict[str, Any] = {
        "type": "state",
        "seq": table.seq,
        "you": seat,
        "table": summary,
        "view": game.view(seat),
        "choices": [action_form(a) for a in game.legal_actions()] if seat is not None
        and seat == game.current_player else [],
        "result": result(table),
    }
    if full_log:
        message["log"] = table.log
    else:
        message["events"] = events
    return message
