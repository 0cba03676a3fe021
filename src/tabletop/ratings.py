"""Statistics over finished games: win rates and mean scores with 95% confidence intervals, and Elo-style
ratings fitted to every pairwise result (Bradley-Terry).

A result is any game's: it names the entrant (an index) in each seat, and gives each seat's score, decisions
and thinking time, and the winning seats (`Result`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

Z95 = 1.959964


class Seating(Protocol):
    @property
    def entrants(self) -> tuple[int, ...]:
        """The entrant (an index into the entrant names) in each seat."""
        ...


class Result(Protocol):
    """One finished game, as the statistics read it."""

    @property
    def spec(self) -> Seating: ...

    @property
    def scores(self) -> list[int]: ...

    @property
    def winners(self) -> list[int]: ...

    @property
    def decisions(self) -> list[int]:
        """Per seat: the decisions the bot made (forced ones excluded)."""
        ...

    @property
    def seconds(self) -> list[float]:
        """Per seat: the bot's thinking time."""
        ...


@dataclass(frozen=True)
class Standing:
    """One entrant's record. Shared wins count as a fraction of a win, so wins sum to the games won."""

    entrant: str
    games: int
    wins: float
    win_low: float
    win_high: float
    mean_score: float
    score_half_width: float
    seconds_per_decision: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def wilson(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + Z95 * Z95 / n
    centre = (p + Z95 * Z95 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal-approximation interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def entrant_scores(results: Sequence[Result], entrants: list[str]) -> dict[str, list[float]]:
    scores: dict[str, list[float]] = {name: [] for name in entrants}
    for r in results:
        for seat, e in enumerate(r.spec.entrants):
            scores[entrants[e]].append(float(r.scores[seat]))
    return scores


def standings(results: Sequence[Result], entrants: list[str]) -> list[Standing]:
    """Per entrant: games, wins, win rate interval, mean score interval and thinking time, best first."""
    games = dict.fromkeys(entrants, 0)
    wins = dict.fromkeys(entrants, 0.0)
    seconds = dict.fromkeys(entrants, 0.0)
    decisions = dict.fromkeys(entrants, 0)
    for r in results:
        for seat, e in enumerate(r.spec.entrants):
            name = entrants[e]
            games[name] += 1
            seconds[name] += r.seconds[seat]
            decisions[name] += r.decisions[seat]
            if seat in r.winners:
                wins[name] += 1 / len(r.winners)
    scores = entrant_scores(results, entrants)
    rows = []
    for name in entrants:
        low, high = wilson(wins[name], games[name])
        mean, half = mean_interval(scores[name])
        rows.append(Standing(name, games[name], wins[name], low, high, mean, half,
                             seconds[name] / decisions[name] if decisions[name] else 0.0))
    return sorted(rows, key=lambda s: (-s.win_rate, -s.mean_score))


def elo(results: Sequence[Result], entrants: list[str], iterations: int = 200) -> dict[str, float]:
    """Elo-style ratings (mean 1500, 400 points = 10:1 odds) fitted by Bradley-Terry to every pair of seats
    in every game: the higher score beats the lower, equal scores draw. One virtual draw against an average
    player keeps an unbeaten entrant's rating finite."""
    n = len(entrants)
    wins = [[0.0] * n for _ in range(n)]
    for r in results:
        seats = r.spec.entrants
        for a in range(len(seats)):
            for b in range(a + 1, len(seats)):
                i, j = seats[a], seats[b]
                if i == j:
                    continue
                sa, sb = _rank_key(r, a), _rank_key(r, b)
                if sa > sb:
                    wins[i][j] += 1
                elif sb > sa:
                    wins[j][i] += 1
                else:
                    wins[i][j] += 0.5
                    wins[j][i] += 0.5
    strength = [1.0] * n
    for _ in range(iterations):
        updated = []
        for i in range(n):
            won = sum(wins[i]) + 0.5  # the virtual draw against strength 1
            games = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i)
            games += 1 / (strength[i] + 1)
            updated.append(won / games)
        strength = updated
    logs = [400 * math.log10(s) for s in strength]
    shift = 1500 - sum(logs) / n
    return {entrants[i]: logs[i] + shift for i in range(n)}


def _rank_key(result: Result, seat: int) -> tuple[int, int]:
    """Winners above everyone (the tie-break already applied), then by score."""
    return (1 if seat in result.winners else 0, result.scores[seat])
