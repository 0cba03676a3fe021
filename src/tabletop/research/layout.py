"""A flat observation vector described by its sections, for any game: each section's place in the vector."""

from __future__ import annotations

from collections.abc import Iterable

Row = tuple[str, int, int, str]  # (name, offset, size, meaning)


def lay_out(sections: Iterable[tuple[str, int, str]]) -> tuple[Row, ...]:
    """The sections (name, size, meaning) laid end to end from 0: each as (name, offset, size, meaning)."""
    offset = 0
    rows = []
    for name, size, meaning in sections:
        rows.append((name, offset, size, meaning))
        offset += size
    return tuple(rows)


def offsets(layout: tuple[Row, ...]) -> dict[str, int]:
    """Where each section starts, by name."""
    return {name: offset for name, offset, _, _ in layout}


def total_size(layout: tuple[Row, ...]) -> int:
    """The vector's length: where the last section ends."""
    return layout[-1][1] + layout[-1][2]
