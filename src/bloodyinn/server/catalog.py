"""The card table and game options as JSON, so the browser draws cards from the engine's own data."""

from __future__ import annotations

from typing import Any

from ..cards import APTITUDE, OCCUPATIONS, GuestType
from ..config import LENGTHS, VARIANTS


def card_catalog() -> dict[str, Any]:
    aptitudes = {t: APTITUDE[t] for t in GuestType}
    return {
        "types": {t.value: {"colour": t.colour, "letter": t.letter,
                            "aptitude": a.value if a is not None else None} for t, a in aptitudes.items()},
        "occupations": {o.id: {"name": o.name, "type": o.type.value, "rank": o.rank, "pocket": o.pocket,
                               "copies": o.copies, "annex": o.annex_name, "annex_id": o.annex_id,
                               "effect": o.annex_text} for o in OCCUPATIONS},
    }


def options(bots: tuple[str, ...]) -> dict[str, Any]:
    return {"players": [1, 2, 3, 4], "lengths": list(LENGTHS), "variants": list(VARIANTS), "bots": list(bots)}
