"""The browser pages: the lobby, a table and a finished game's replay (their scripts and styles are under
/static)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(str(files("tableserver.web") / "static"))

router = APIRouter(include_in_schema=False)


@router.api_route("/", methods=["GET", "HEAD"])
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.api_route("/table/{table_id}", methods=["GET", "HEAD"])
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.api_route("/table/{table_id}/replay", methods=["GET", "HEAD"])
async def replay_page(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")
