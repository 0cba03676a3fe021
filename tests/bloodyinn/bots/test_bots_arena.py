"""Duplicate deals of The Bloody Inn: every entrant in every seat of every deal."""

from __future__ import annotations

from collections import Counter

from bloodyinn.bots.arena import duplicate_schedule


def test_duplicate_deals_seat_every_entrant_everywhere() -> None:
    specs = duplicate_schedule(["a", "b", "c"], players=3, deals=2, seed=10)
    assert len(specs) == 6
    for deal in (0, 1):
        games = [s for s in specs if s.deal == deal]
        assert {s.seed for s in games} == {10 + deal}
        for seat in range(3):
            assert sorted(s.entrants[seat] for s in games) == [0, 1, 2]


def test_more_entrants_than_seats_make_tables_and_fewer_repeat() -> None:
    specs = duplicate_schedule(["a", "b", "c"], players=2, deals=1)
    assert Counter(tuple(sorted(s.entrants)) for s in specs) == {(0, 1): 2, (0, 2): 2, (1, 2): 2}
    specs = duplicate_schedule(["a", "b"], players=4, deals=1)
    assert len(specs) == 4 and all(sorted(s.entrants) == [0, 0, 1, 1] for s in specs)
