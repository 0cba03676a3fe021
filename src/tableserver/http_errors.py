"""Every HTTP error answered the same way: a JSON {error, message} (schemas.ErrorOut) with its status, and
Retry-After on a refusal that passes (429)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match

from tabletop.validation import validation_problems

from .errors import ServiceError
from .language import _, reader_language
from .security import ERROR_HEADERS

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def answer_errors(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return JSONResponse(exc.to_dict(reader_language(request)), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(validation_problems(exc.errors(), reader_language(request)))
        return JSONResponse({"error": "bad_request", "message": problems}, status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        """Starlette's and FastAPI's own refusals: no such path, a method the path does not take, a body that
        cannot be parsed (JSON nested too deeply, say)."""
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = _allowed(request)
        code, message = _explain(request, exc, headers, reader_language(request))
        return JSONResponse({"error": code, "message": message}, status_code=exc.status_code, headers=headers)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        # Starlette logs the traceback after answering; the client learns only that it was not their fault.
        message = _("the server failed to answer {method} {path}; please try again", reader_language(request))
        return JSONResponse({"error": "internal",
                             "message": message.format(method=request.method, path=request.url.path)},
                            status_code=500, headers=ERROR_HEADERS)


def _allowed(request: Request) -> str:
    """Every method the request's path takes (Starlette names only those of the first route of that path)."""
    routes = request.app.router.routes
    return ", ".join(method for method in METHODS
                     if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in routes))


def _explain(request: Request, exc: HTTPException, headers: dict[str, str], lang: str) -> tuple[str, str]:
    path = request.url.path
    if exc.status_code == 404:
        return "not_found", _("there is nothing at {path}", lang).format(path=path)
    if exc.status_code == 405:
        return "method_not_allowed", _("{path} does not take {method} (it takes {allowed})", lang).format(
            path=path, method=request.method, allowed=headers["Allow"])
    if exc.status_code == 400:
        return "bad_request", _("the request body could not be read as JSON ({problem})", lang).format(
            problem=str(exc.detail).lower())
    return "error", str(exc.detail)
