"""Security headers on every HTTP answer: a Content-Security-Policy under which a page runs only this server's
own script files (never inline script) and may not be framed, no MIME sniffing, and no referrer (a private
table's join link carries its invite code)."""

from __future__ import annotations

import base64
import hashlib

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "Content-Security-Policy"
# The game's pages: scripts, styles, images and connections (the table's WebSocket too) from this server only.
PAGES_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
                " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
# A server failure is answered outside every middleware (Starlette's ServerErrorMiddleware), so its handler
# sets these itself.
ERROR_HEADERS = {POLICY: PAGES_POLICY, **HEADERS}
SWAGGER_UI = "https://cdn.jsdelivr.net"  # where FastAPI's API documentation page loads Swagger UI from


def docs_policy(inline_scripts: list[str]) -> str:
    """The API documentation page's policy: Swagger UI from its CDN, and the page's own inline scripts
    allowed one by one, by their hash (FastAPI writes the page; no other inline script runs)."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
                      for s in inline_scripts)
    return (f"default-src 'self'; script-src 'self' {SWAGGER_UI} {hashes}; style-src 'self' {SWAGGER_UI};"
            " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


class SecurityHeaders:
    """Adds the headers to every HTTP response; a route that sets its own Content-Security-Policy keeps it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault(POLICY, PAGES_POLICY)
                for name, value in HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
