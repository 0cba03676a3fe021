"""The JSON documents the server sends: table summaries and per-seat state messages (docs/server.md)."""

from __future__ import annotations

from typing import Any

from .fairness import fairness
from .forms import action_form
from .live import LiveTable
from .options import RESIGNED, TableOptions
from .repository import SeatRecord


def public_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Settings without the seed: with it anyone could compute the hidden order of the entrance stack."""
    return {"players": settings["players"], "length": settings["length"], "variants": settings["variants"]}


def seat_summary(seat: SeatRecord, online: set[int]) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "bot": seat.bot, "name": seat.name or f"Player {seat.seat + 1}",
            "open": seat.open, "online": seat.kind == "bot" or seat.seat in online, "status": seat.status}


def clock_summary(options: TableOptions) -> dict[str, Any]:
    return {"mode": options.clock, "seconds": options.seconds}


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
        "private": table.options.private,
        "clock": clock_summary(table.options),
        "deadline": table.deadline.isoformat() if table.deadline is not None else None,
        "rematch": table.options.rematch,
        "spectators": spectators,
        "fairness": fairness(table.commitment, table.secret, table.practice, game.config.seed, game.is_over),
    }


def result(table: LiveTable) -> dict[str, Any] | None:
    game = table.game
    if not game.is_over:
        return None
    return {"scores": game.scores(), "winners": game.winners(), "breakdown": game.score_breakdown(),
            "lost": game.lost, "solo_title": game.solo_title(),
            # A resigned seat was played to the end by a bot: its score stands, marked as resigned.
            "resigned": [s.seat for s in table.seats if s.status == RESIGNED]}


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
        and seat == game.current_player and table.seats[seat].kind == "human" else [],
        "result": result(table),
        # For seated players: may they undo now, and the invite code of a private table (for join links).
        "undo": seat is not None and table.undo_point(seat) is not None,
        "invite": table.options.invite if seat is not None else None,
    }
    if full_log:
        message["log"] = table.log
    else:
        message["events"] = events
    return message
