"""The JSON documents the server sends: table summaries and per-seat state messages (docs/server.md)."""

from __future__ import annotations

from typing import Any

from .chat import history
from .fairness import fairness
from .live import LiveTable
from .localize import localized, names_of, with_names
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
    """Once over: the game's result, ranked by the table. A seat the stand-in bot played to the end because its
    person resigned, or ran out of time or left and never came back (`forfeited`), ranks last whatever the bot
    scored: its score stands, and the win goes to the best of the others in the game's own order (score, then
    tie-break: GameRules.rank_key). `places[seat]` is 1 for the winners; tied seats share a place."""
    if not table.is_over:
        return None
    outcome = table.rules.result(table.game)
    forfeited = [s.seat for s in table.seats if s.status is not None]
    keys = {row["seat"]: table.rules.rank_key(row) for row in outcome["breakdown"]}
    playing = [seat for seat in sorted(keys) if seat not in forfeited]
    places = [1 + sum(keys[other] > keys[seat] for other in playing) if seat in playing else len(playing) + 1
              for seat in sorted(keys)]
    winners = [] if outcome["lost"] else [seat for seat in playing if places[seat] == 1]
    return {**outcome, "winners": winners, "places": places, "forfeited": forfeited,
            "resigned": [s.seat for s in table.seats if s.status == RESIGNED]}


def result_in(table: LiveTable, lang: str) -> dict[str, Any] | None:
    """The table's result (`result`) in words in `lang`."""
    ranked = result(table)
    return table.rules.result_words(ranked, lang) if ranked is not None else None


def _named(form: dict[str, Any], table: LiveTable, names: list[str], lang: str) -> dict[str, Any]:
    """A legal action's form with the seats in its description called by their names."""
    if "description" in form:
        form["description"] = with_names(table.rules, form["description"], names, lang)
    return form


def choices(table: LiveTable, seat: int, names: list[str], lang: str) -> list[dict[str, Any]]:
    """`seat`'s legal actions as forms in `lang`, the seats called by `names`. Built once per decision and
    language: while the seat's legal actions and the names stay the same (the other seats of a choice made at
    once commit theirs, another of its clients reads, it reconnects) the forms already made are sent again (a
    form depends on the action and the table's settings alone: GameRules.form)."""
    rules, game = table.rules, table.game
    legal = rules.legal(game, seat)
    made = table.choices.get((seat, lang))
    if made is not None and made[0] == legal and made[1] == names:
        return made[2]
    forms = [_named(rules.form(game, action, lang), table, names, lang) for action in legal]
    table.choices[seat, lang] = (legal, names, forms)
    return forms


def state_message(table: LiveTable, seat: int | None, summary: dict[str, Any], events: list[dict[str, Any]],
                  full_log: bool = False, lang: str = "en") -> dict[str, Any]:
    """What `seat` (None: a spectator) is sent after each accepted action, or on (re)connecting with the
    whole log and the rules in plain words for this table's settings; its words in `lang`. `choices` lists the
    legal actions, structured, when this seat must decide (several seats may, at once: each sees only its own
    choices and its own view). While the table waits for its players (`waiting`) there is no view and no log:
    nothing of the deal is shown before every human seat is taken."""
    rules, game, waiting = table.rules, table.game, table.waiting
    names = names_of(table.seats, lang)
    decides = seat is not None and seat in table.pending and table.seats[seat].kind == "human"
    message: dict[str, Any] = {
        "type": "state",
        "seq": table.seq,
        "you": seat,
        "table": summary,
        "waiting": waiting,
        "view": None if waiting else rules.view(game, seat),
        "choices": choices(table, seat, names, lang) if decides and seat is not None else [],
        "result": result_in(table, lang),
        # For seated players: may they undo now, and the invite code of a private table (for join links).
        "undo": seat is not None and table.undo_point(seat) is not None,
        "invite": table.options.invite if seat is not None else None,
    }
    if full_log:  # what a (re)connecting client needs once, not with every move
        message["log"] = [] if waiting else localized(table, table.log, lang, names)
        message["chat"] = history(table, seat)
        message["rules"] = rules.rules_text(game, lang)
    else:
        message["events"] = localized(table, events, lang, names)
    return message
