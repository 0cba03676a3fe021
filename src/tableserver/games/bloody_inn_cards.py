"""The Bloody Inn's card table as JSON (GET /api/cards), so the browser draws cards from the engine's own data."""

from __future__ import annotations

from typing import Any

from bloodyinn.cards import APTITUDE, OCCUPATIONS, GuestType


def card_catalog() -> dict[str, Any]:
    aptitudes = {t: APTITUDE[t] for t in GuestType}
    return {
        "types": {t.value: {"colour": t.colour, "letter": t.letter,
                            "aptitude": a.value if a is not None else None} for t, a in aptitudes.items()},
        "occupations": {o.id: {"name": o.name, "type": o.type.value, "rank": o.rank, "pocket": o.pocket,
                               "copies": o.copies, "annex": o.annex_name, "annex_id": o.annex_id,
                               "effect": o.annex_text} for o in OCCUPATIONS},
    }
