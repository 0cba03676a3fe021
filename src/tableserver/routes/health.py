"""Health for proxies and orchestrators: `/healthz` (the process answers) and `/readyz` (it can serve: its
database answers, its schema is the newest migration, and on PostgreSQL it hears other replicas' changes)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.engine import Engine

from ..migrate import schema_problem
from .common import service_of

router = APIRouter(tags=["health"])


@router.get("/healthz")
async def live(request: Request) -> dict[str, Any]:
    """The process is up and its event loop answers; `replica` names it (host, process)."""
    return {"status": "live", "replica": request.app.state.replica}


@router.get("/readyz", responses={503: {"description": "not ready: `problems` says why"}})
async def ready(request: Request) -> Any:
    """Ready to take traffic: 200, else 503 with the problems (a proxy sends this replica nothing meanwhile)."""
    engine: Engine = request.app.state.engine
    problems = []
    try:
        problem = await asyncio.to_thread(schema_problem, engine)
    except Exception as exc:  # any failure to reach the database is the answer itself
        problem = f"the database does not answer: {type(exc).__name__}"
    if problem is not None:
        problems.append(problem)
    listener = service_of(request).listener
    if listener is not None and not listener.listening.is_set():
        problems.append("not listening for other replicas' changes (PostgreSQL LISTEN)")
    body = {"status": "not ready" if problems else "ready", "replica": request.app.state.replica,
            "problems": problems}
    return JSONResponse(body, status_code=503 if problems else 200)
