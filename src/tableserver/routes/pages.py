"""The pages (lobby, table, replay), written in the reader's language, the scripts' catalog, and the API's
documentation page."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from pathlib import Path

import jinja2
from fastapi import APIRouter, HTTPException, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse

from tabletop.i18n import LANGUAGES, translations

from ..language import language_names, reader_language, script_catalog
from ..security import POLICY, docs_policy

STATIC = Path(str(files("tableserver.web") / "static"))
TEMPLATES = Path(str(files("tableserver.web") / "templates"))

router = APIRouter(include_in_schema=False)


@cache
def _templates(lang: str) -> jinja2.Environment:
    """The pages' templates, their words from the `tableserver` catalog in `lang`."""
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                                     extensions=["jinja2.ext.i18n"])
    environment.install_gettext_translations(translations("tableserver", lang), newstyle=True)  # type: ignore[attr-defined]
    return environment


def _page(request: Request, name: str) -> HTMLResponse:
    lang = reader_language(request)
    html = _templates(lang).get_template(name).render(lang=lang, languages=language_names())
    # A page differs by the language its reader asked for (cookie, Accept-Language).
    return HTMLResponse(html, headers={"Vary": "Cookie, Accept-Language", "Content-Language": lang})


@router.api_route("/", methods=["GET", "HEAD"])
async def lobby_page(request: Request) -> HTMLResponse:
    return _page(request, "index.html")


@router.api_route("/table/{table_id}", methods=["GET", "HEAD"])
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    return _page(request, "table.html")


@router.api_route("/table/{table_id}/replay", methods=["GET", "HEAD"])
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    return _page(request, "replay.html")


@router.get("/i18n/{lang}.json")
async def script_messages(lang: str) -> JSONResponse:
    """The translations of the pages' scripts in `lang` (static/i18n.js reads them)."""
    if lang not in LANGUAGES:
        raise HTTPException(404)
    return JSONResponse(script_catalog(lang), headers={"Cache-Control": "no-cache"})


@router.get("/docs")
async def api_docs() -> HTMLResponse:
    """FastAPI's interactive documentation of the HTTP API, under a policy that lets only its own inline
    script run."""
    page = get_swagger_ui_html(openapi_url="/openapi.json", title="Inn Tables · HTTP API", swagger_favicon_url="data:,")
    page.headers[POLICY] = docs_policy(re.findall(r"<script>(.*?)</script>", bytes(page.body).decode(), re.DOTALL))
    return page
