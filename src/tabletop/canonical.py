"""Reading an action object back through its game's notation, so that an engine never silently coerces a
field (room "5" or 5.0, True for a count or a seat). Standard library only: engines import it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, TypeVar

A = TypeVar("A")


def canonical(action: object, parse: Callable[[str], A], types: tuple[type, ...],
              error: type[Exception]) -> A:
    """The canonical form of an action, given as text or as an object: its notation (`parse`) read back. An
    object is refused with `error` unless it is one of `types`, each field is what the notation writes and the
    action makes sense (no room 99)."""
    if isinstance(action, str):
        return parse(action)
    if not isinstance(action, types):
        raise error(f"not an action: {action!r}")
    try:
        text = str(action)
    except Exception:  # any field that cannot even be written out is the caller's bad input
        raise error(f"malformed action {action!r}") from None
    try:
        read = parse(text)
    except error as problem:
        raise error(f"malformed action {action!r}: {problem}") from None
    if not _same_kinds(read, action):
        raise error(f"malformed action {action!r}: a field of the wrong type")
    return read


def _same_kinds(read: Any, given: Any) -> bool:
    if type(read) is not type(given):
        return False
    if isinstance(read, tuple):
        return len(read) == len(given) and all(_same_kinds(a, b) for a, b in zip(read, given))
    if is_dataclass(read):
        return all(_same_kinds(getattr(read, f.name), getattr(given, f.name)) for f in fields(read))
    return True
