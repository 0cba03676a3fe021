"""What clients read before playing: each game's options, The Bloody Inn's card table, the WebSocket schema."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..games import DEFAULT_GAME, GAMES
from ..games.bloody_inn_cards import card_catalog
from ..language import reader_language
from ..protocol import websocket_schema

router = APIRouter(tags=["meta"])


@router.get("/api/options")
async def get_options(request: Request) -> dict[str, Any]:
    """Per game (`games`): player counts, bots and the game's own options (The Bloody Inn's lengths and
    variants, Innkeepers' assumption flags); The Bloody Inn's also at the top level. Words in the reader's
    language (`?lang=`, the `lang` cookie or Accept-Language)."""
    lang = reader_language(request)
    games = [rules.options(lang) for rules in GAMES.values()]
    bloody_inn = next(game for game in games if game["id"] == DEFAULT_GAME)
    return {**{key: bloody_inn[key] for key in ("players", "lengths", "variants", "bots")}, "games": games}


@router.get("/api/cards")
async def get_cards(request: Request) -> dict[str, Any]:
    """The card table: every occupation's name, type, colour, rank, pocket money, annex and effect (names and
    effects in the reader's language)."""
    return card_catalog(reader_language(request))


@router.get("/api/websocket-schema")
async def get_websocket_schema() -> dict[str, Any]:
    """JSON Schema of the WebSocket messages at /ws/tables/{table_id}, both directions."""
    return websocket_schema()
