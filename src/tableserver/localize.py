"""A table in one reader's words: its events, descriptions and seat names in the reader's language.

The log holds the engine's events themselves (`live.tagged`), never sentences: each reader is sent every line
written in their own language, with the seats called by their names (the game's sentences say "P1").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from tabletop.i18n import N_

from .games import GameRules
from .language import _
from .live import LiveTable, tagged
from .repository import SeatRecord

EVENT = "event"  # the key of a log entry that holds the engine's event; it is never sent


def seat_name(seat: SeatRecord, lang: str) -> str:
    """A seat as people call it: the name its person gave, else "Player N"; a bot by its level, numbered as the
    table numbered it ("easy bot 2"); a person's seat the stand-in bot plays keeps the person's name. (The
    pages' scripts name seats the same way: static/common.js seatName.)"""
    named = seat.kind == "bot" and seat.bot is not None and re.fullmatch(rf"{re.escape(seat.bot)} bot(?: (\d+))?",
                                                                          seat.name or "")
    if named and seat.bot is not None:
        level = _(seat.bot, lang) if seat.bot in BOT_LEVELS else seat.bot
        if named[1]:
            return _("{level} bot {number}", lang).format(level=level, number=named[1])
        return _("{level} bot", lang).format(level=level)
    return seat.name or _("Player {number}", lang).format(number=seat.seat + 1)


# The bots' levels, by the words the lobby shows for them.
BOT_LEVELS = frozenset((N_("easy"), N_("medium"), N_("hard"), N_("learned"), N_("random")))


@cache
def _tokens(rules: GameRules[Any, Any], lang: str) -> re.Pattern[str]:
    words = [rules.player_token(seat, lang) for seat in range(4)]
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b")


def with_names(rules: GameRules[Any, Any], text: str, names: Sequence[str], lang: str) -> str:
    """The game's sentence with each seat's name in place of the word the game calls it by ("P2")."""
    tokens = [rules.player_token(seat, lang) for seat in range(len(names))]
    return _tokens(rules, lang).sub(lambda m: names[tokens.index(m[1])] if m[1] in tokens else m[1], text)


def names_of(seats: Sequence[SeatRecord], lang: str) -> list[str]:
    return [seat_name(s, lang) for s in seats]


def localized(table: LiveTable, entries: Sequence[dict[str, Any]], lang: str,
              names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Log entries as a reader gets them: the event's fields and its sentence (`text`) in `lang`, the seats
    called by their `names` (by default their names in `lang`)."""
    rules, game = table.rules, table.game
    names = names_of(table.seats, lang) if names is None else names
    said = []
    for entry in entries:
        line = {key: value for key, value in entry.items() if key != EVENT}
        line["text"] = with_names(rules, rules.event_text(game, entry[EVENT], lang), names, lang)
        said.append(line)
    return said


def localized_preview(table: LiveTable, preview: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game's preview of a move (`GameRules.preview`) as the reader gets it: seats by their names."""
    names = names_of(table.seats, lang)
    return {**preview, "description": with_names(table.rules, preview["description"], names, lang),
            "events": localized(table, tagged(preview["events"], table.seq), lang, names)}
