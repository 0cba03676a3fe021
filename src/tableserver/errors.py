"""The errors the server reports to clients: a stable code, a clear message and an HTTP status."""

from __future__ import annotations


class ServiceError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.retry_after = retry_after  # seconds, for a refusal that passes (429): the Retry-After header

    def to_dict(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


def not_found(table_id: str) -> ServiceError:
    return ServiceError("not_found", f"there is no table {table_id!r}", 404)


def forbidden(message: str) -> ServiceError:
    return ServiceError("forbidden", message, 403)


def stale(sent: int, current: int) -> ServiceError:
    return ServiceError(
        "stale", f"stale action: it was chosen at move {sent}, but the table is now at move {current};"
        " nothing was applied, look at the new position and choose again", 409)


def illegal(message: str) -> ServiceError:
    return ServiceError("illegal", message, 422)


def bad_request(message: str) -> ServiceError:
    return ServiceError("bad_request", message, 400)


def expired(table_id: str) -> ServiceError:
    return ServiceError("expired", f"table {table_id!r} expired: nobody moved at it for too long", 410)
