"""Duplicate deals: every deal (a seed) is replayed once per rotation of the seats, so each entrant meets the
same cards from every seat and the luck of the deal cancels out. This module only seats entrants and runs
the games; each game's arena says how one game is played."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypeVar

from .executors import Executor, make_executor

Spec = TypeVar("Spec")
Result = TypeVar("Result")


def seatings(entrants: int, players: int) -> list[tuple[int, ...]]:
    """Every table of entrants, in every rotation of its seats: the entrant index in each seat.

    With as many entrants as seats there is one table; with more, every combination of entrants gets a
    table; with fewer, the entrants are repeated around the table (and each rotation is still played)."""
    if players == 1 or entrants >= players:
        tables = [tuple(t) for t in combinations(range(entrants), players)]
    else:
        tables = [tuple(i % entrants for i in range(players))]
    return [table[shift:] + table[:shift] for table in tables for shift in range(players)]


def run(play: Callable[[Spec], Result], specs: Sequence[Spec], executor: Executor | None = None,
        progress: Callable[[Result], None] | None = None) -> list[Result]:
    """Play every game on `executor` (default: a process per core); results come back in schedule order.

    `play` must be a module-level function and every spec must carry its own seeds, so the results are the
    same whatever the backend and whatever the order the games finish in."""
    own = executor is None
    executor = executor or make_executor("process")
    jobs = [(play, index, spec) for index, spec in enumerate(specs)]
    results: list[tuple[int, Result]] = []
    try:
        for index, result in executor.map_unordered(_play_one, jobs):
            results.append((index, result))
            if progress is not None:
                progress(result)
    finally:
        if own:
            executor.close()
    return [result for _, result in sorted(results, key=lambda pair: pair[0])]


def _play_one(job: tuple[Callable[[Spec], Result], int, Spec]) -> tuple[int, Result]:
    """One job: its place in the schedule and its result (module-level, so every backend can ship it)."""
    play, index, spec = job
    return index, play(spec)
