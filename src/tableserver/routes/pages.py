"""The browser pages: the lobby, a table and a finished game's replay (their scripts and styles are under
/static), and the HTTP API's documentation."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse

from ..security import POLICY, docs_policy

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


@router.get("/docs")
async def api_docs() -> HTMLResponse:
    """FastAPI's interactive documentation of the HTTP API, under a policy that lets only its own inline
    script run."""
    page = get_swagger_ui_html(openapi_url="/openapi.json", title="Inn Tables · HTTP API", swagger_favicon_url="data:,")
    page.headers[POLICY] = docs_policy(re.findall(r"<script>(.*?)</script>", bytes(page.body).decode(), re.DOTALL))
    return page
