"""The Bloody Inn's card table as JSON (GET /api/cards), so the browser draws cards from the engine's own data,
with the names and effects the edition in the reader's language prints."""

from __future__ import annotations

from typing import Any

from bloodyinn.cards import APTITUDE, OCCUPATIONS, GuestType
from bloodyinn.texts import annex_text, annex_title, occupation_name


def card_catalog(lang: str) -> dict[str, Any]:
    aptitudes = {t: APTITUDE[t] for t in GuestType}
    return {
        "types": {t.value: {"colour": t.colour, "letter": t.letter,
                            "aptitude": a.value if a is not None else None} for t, a in aptitudes.items()},
        "occupations": {o.id: {"name": occupation_name(o.id, lang), "type": o.type.value, "rank": o.rank,
                               "pocket": o.pocket, "copies": o.copies, "annex": annex_title(o.id, lang) or None,
                               "annex_id": o.annex_id, "effect": annex_text(o.id, lang) or None}
                        for o in OCCUPATIONS},
    }
