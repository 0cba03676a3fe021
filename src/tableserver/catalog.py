"""The card table and game options as JSON, so the browser draws cards from the engine's own data."""

from __future__ import annotations

from typing import Any

from bloodyinn.cards import APTITUDE, OCCUPATIONS, GuestType

from .games import DEFAULT_GAME, GAMES


def card_catalog() -> dict[str, Any]:
    aptitudes = {t: APTITUDE[t] for t in GuestType}
    return {
        "types": {t.value: {"colour": t.colour, "letter": t.letter,
                            "aptitude": a.value if a is not None else None} for t, a in aptitudes.items()},
        "occupations": {o.id: {"name": o.name, "type": o.type.value, "rank": o.rank, "pocket": o.pocket,
                               "copies": o.copies, "annex": o.annex_name, "annex_id": o.annex_id,
                               "effect": o.annex_text} for o in OCCUPATIONS},
    }


def options() -> dict[str, Any]:
    """Each game's options for a new table (`games`); The Bloody Inn's also at the top level, as before there
    was a second game."""
    games = [rules.options() for rules in GAMES.values()]
    bloody_inn = next(game for game in games if game["id"] == DEFAULT_GAME)
    return {**{key: bloody_inn[key] for key in ("players", "lengths", "variants", "bots")}, "games": games}
