"""What a finished game pays each seat, for learning agents: the reward schemes both games' research
environments, OpenSpiel games and self-play data offer, chosen by name when one is built.

- `win_loss` (the default): `(n * share - 1) / (n - 1)` for a game of n seats, `share` being 1/k for each of k
  winners and 0 for the others: +1 for a sole win, -1 for a loss in two players, 0 when everyone ties. Zero-sum.
- `rank`: the mean over the rivals of +1 (finished above), 0 (level), -1 (below); a seat is above another if it
  won and the other did not, else if it scored more. Zero-sum; the same as `win_loss` in two players.
- `margin`: the mean over the rivals of (own score - rival's score) / `scale` (each game says its scale).
  Zero-sum.
- `winners`: +1 for every winner (a shared win too), -1 for everyone else: the former default of The Bloody Inn,
  under which a tie pays as much as a win (and in self-play, more than a fair game). Not zero-sum.

All four need a game of two or more seats; a game without rivals (solitaire) pays its own reward.
"""

from __future__ import annotations

from collections.abc import Sequence

REWARD_SCHEMES: tuple[str, ...] = ("win_loss", "rank", "margin", "winners")
DEFAULT_REWARD = "win_loss"


def check_scheme(scheme: str) -> str:
    """`scheme` if it is a known reward scheme; otherwise a ValueError naming the known ones."""
    if scheme not in REWARD_SCHEMES:
        raise ValueError(f"unknown reward scheme {scheme!r}; known: {', '.join(REWARD_SCHEMES)}")
    return scheme


def is_zero_sum(scheme: str) -> bool:
    return check_scheme(scheme) != "winners"


def final_rewards(scheme: str, scores: Sequence[float], winners: Sequence[int], scale: float = 1.0) -> list[float]:
    """Every seat's reward for a finished game of `len(scores)` (two or more) seats, by `scheme` (see above).
    `winners` are the winning seats after the game's tie-break; `scale` divides the score margins."""
    check_scheme(scheme)
    n = len(scores)
    if n < 2:
        raise ValueError("reward schemes compare seats: a game needs two or more")
    won = set(winners)
    if scheme == "winners":
        return [1.0 if seat in won else -1.0 for seat in range(n)]
    if scheme == "win_loss":
        share = 1.0 / len(won) if won else 0.0
        return [(n * (share if seat in won else 0.0) - 1.0) / (n - 1) for seat in range(n)]
    if scheme == "margin":
        total = sum(scores)
        return [(n * scores[seat] - total) / ((n - 1) * scale) for seat in range(n)]
    keys = [(seat in won, scores[seat]) for seat in range(n)]
    return [sum((keys[seat] > keys[other]) - (keys[seat] < keys[other]) for other in range(n) if other != seat)
            / (n - 1) for seat in range(n)]


def utility_bounds(scheme: str, players: int, margin_bound: float) -> tuple[float, float]:
    """The least and greatest reward a seat can get under `scheme` with `players` seats; `margin_bound` bounds
    a `margin` reward (the game's largest score gap divided by its scale)."""
    check_scheme(scheme)
    if scheme == "win_loss":
        return -1.0 / (players - 1), 1.0
    if scheme == "margin":
        return -margin_bound, margin_bound
    return -1.0, 1.0
