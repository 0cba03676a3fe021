"""The errors the server reports to clients: a stable code, a clear message and an HTTP status.

A message is written as a template of the `tableserver` catalog with its values apart ("there is no table
{table}", table=...), so each client reads it in its own language (`text`); `message` is the English. A value
that is itself words is given as a function of the language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .language import _


class ServiceError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, retry_after: int | None = None, *,
                 render: Callable[[str], str] | None = None, **params: Any) -> None:
        self.template = message
        self.params = params
        self.render = render  # for words that are not the server's own (an engine's refusal)
        self.message = self.text("en")
        super().__init__(self.message)
        self.code = code
        self.status = status
        self.retry_after = retry_after  # seconds, for a refusal that passes (429): the Retry-After header

    def text(self, lang: str) -> str:
        """The message in `lang`."""
        if self.render is not None:
            return self.render(lang)
        words = _(self.template, lang)
        if not self.params:
            return words
        return words.format(**{name: value(lang) if callable(value) else value for name, value in self.params.items()})

    def to_dict(self, lang: str = "en") -> dict[str, str]:
        return {"error": self.code, "message": self.text(lang)}


def not_found(table_id: str) -> ServiceError:
    return ServiceError("not_found", "there is no table {table}", 404, table=repr(table_id))


def forbidden(message: str, **params: Any) -> ServiceError:
    return ServiceError("forbidden", message, 403, **params)


def stale(sent: int, current: int) -> ServiceError:
    return ServiceError(
        "stale", "stale action: it was chosen at move {sent}, but the table is now at move {current};"
        " nothing was applied, look at the new position and choose again", 409, sent=sent, current=current)


def illegal(message: str, render: Callable[[str], str] | None = None, **params: Any) -> ServiceError:
    return ServiceError("illegal", message, 422, render=render, **params)


def bad_request(message: str, **params: Any) -> ServiceError:
    return ServiceError("bad_request", message, 400, **params)


def expired(table_id: str) -> ServiceError:
    return ServiceError("expired", "table {table} expired: nobody moved at it for too long", 410, table=repr(table_id))
