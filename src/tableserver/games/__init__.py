"""The games a table can play, each behind the same `GameRules` interface (base.py)."""

from __future__ import annotations

from typing import Any

from ..errors import bad_request
from .base import GameRules
from .bloody_inn import BloodyInnRules
from .innkeepers import InnkeepersRules

# Each table holds its own game's rules; which game a table holds is known only when it is read (hence Any).
GAMES: dict[str, GameRules[Any, Any]] = {rules.id: rules for rules in (BloodyInnRules(), InnkeepersRules())}
DEFAULT_GAME = "bloodyinn"  # tables stored before there was a choice are Bloody Inn tables


def rules_for(game: str) -> GameRules[Any, Any]:
    try:
        return GAMES[game]
    except KeyError:
        raise bad_request("unknown game {game}; known: {known}", game=repr(game), known=", ".join(GAMES)) from None


__all__ = ["DEFAULT_GAME", "GAMES", "GameRules", "rules_for"]
