"""Duplicate deals and the statistics over them."""

from __future__ import annotations

from collections import Counter

from bloodyinn.bots.arena import GameResult, GameSpec, duplicate_schedule
from tabletop.ratings import elo, mean_interval, standings, wilson


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


def _result(entrants: tuple[int, ...], scores: list[int], winners: list[int]) -> GameResult:
    spec = GameSpec(0, 0, len(entrants), "short", (), entrants, tuple("ab"[e] for e in entrants))
    return GameResult(spec, scores, winners, False, None, [1] * len(entrants), [0.1] * len(entrants))


def test_standings_and_ratings() -> None:
    results = [_result((0, 1), [30, 10], [0]), _result((1, 0), [5, 20], [1]), _result((0, 1), [9, 9], [0, 1])]
    table = {s.entrant: s for s in standings(results, ["a", "b"])}
    assert table["a"].wins == 2.5 and table["b"].wins == 0.5
    assert table["a"].wins + table["b"].wins == len(results)
    assert table["a"].mean_score == (30 + 20 + 9) / 3
    ratings = elo(results, ["a", "b"])
    assert ratings["a"] > 1500 > ratings["b"]
    assert abs(ratings["a"] + ratings["b"] - 3000) < 1e-6
    even = elo([_result((0, 1), [1, 0], [0]), _result((0, 1), [0, 1], [1])], ["a", "b"])
    assert abs(even["a"] - even["b"]) < 1e-6


def test_intervals() -> None:
    low, high = wilson(97, 100)
    assert 0.9 < low < 0.97 < high < 1.0
    assert wilson(0, 10)[0] == 0.0
    mean, half = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and 0 < half < 2
