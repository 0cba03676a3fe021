"""The JSON documents the server sends: table summaries and per-seat state messages (docs/server.md)."""

from __future__ import annotations

from typing import Any

from .fairness import fairness
from .live import LiveTable
from .options import RESIGNED, TableOptions
from .repository import SeatRecord


def seat_summary(seat: SeatRecord, online: set[int]) -> dict[str, Any]:
    return {"seat": seat.seat, "kind": seat.kind, "bot": seat.bot, "name": seat.name or f"Player {seat.seat + 1}",
            "open": seat.open, "online": seat.kind == "bot" or seat.seat in online, "status": seat.status}


def clock_summary(options: TableOptions) -> dict[str, Any]:
    return {"mode": options.clock, "seconds": options.seconds}


def table_summary(table: LiveTable, online: set[int], spectators: int = 0) -> dict[str, Any]:
    game = table.game
    return {
        "id": table.id,
        "game": table.rules.id,
        "created_at": table.created_at.isoformat(),
        # Without the seed: with it anyone could compute every hidden card.
        "settings": table.rules.public_settings(game.config.to_dict()),
        "seats": [seat_summary(s, online) for s in table.seats],
        "moves": table.seq,
        "over": table.is_over,
        "current_player": table.current_player,
        "pending": table.pending,
        "private": table.options.private,
        "clock": clock_summary(table.options),
        "deadline": table.deadline.isoformat() if table.deadline is not None else None,
        "rematch": table.options.rematch,
        "spectators": spectators,
        "fairness": fairness(table.commitment, table.secret, table.practice, table.rules.seed(game), table.is_over),
    }


def result(table: LiveTable) -> dict[str, Any] | None:
    if not table.is_over:
        return None
    return {**table.rules.result(table.game),
            # A resigned seat was played to the end by a bot: its score stands, marked as resigned.
            "resigned": [s.seat for s in table.seats if s.status == RESIGNED]}


def state_message(table: LiveTable, seat: int | None, summary: dict[str, Any], events: list[dict[str, Any]],
                  full_log: bool = False) -> dict[str, Any]:
    """What `seat` (None: a spectator) is sent after each accepted action, or on (re)connecting with the
    whole log and the rules in plain words for this table's settings. `choices` lists the legal actions,
    structured, when this seat must decide (several seats may, at once: each sees only its own choices and its
    own view)."""
    rules, game = table.rules, table.game
    decides = seat is not None and seat in table.pending and table.seats[seat].kind == "human"
    message: dict[str, Any] = {
        "type": "state",
        "seq": table.seq,
        "you": seat,
        "table": summary,
        "view": rules.view(game, seat),
        "choices": [rules.form(game, a) for a in rules.legal(game, seat)] if decides and seat is not None else [],
        "result": result(table),
        # For seated players: may they undo now, and the invite code of a private table (for join links).
        "undo": seat is not None and table.undo_point(seat) is not None,
        "invite": table.options.invite if seat is not None else None,
    }
    if full_log:  # what a (re)connecting client needs once, not with every move
        message["log"] = table.log
        message["rules"] = rules.rules_text(game)
    else:
        message["events"] = events
    return message
