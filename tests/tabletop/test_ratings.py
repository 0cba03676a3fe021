"""Statistics over finished games, the same for every game: win shares, mean scores, Elo, 95% intervals."""

from __future__ import annotations

from bloodyinn.bots.arena import GameResult, GameSpec
from tabletop.ratings import elo, mean_interval, standings, wilson


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
