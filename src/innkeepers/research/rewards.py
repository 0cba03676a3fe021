"""What a finished Innkeepers game pays each seat: the reward schemes of `tabletop.rewards` (`win_loss` by default,
`rank`, `margin`, `winners`) on the engine's scores and winners (I-R-39, I-G-27: the tie-break decides who won)."""

from __future__ import annotations

from tabletop.rewards import final_rewards as scheme_rewards
from tabletop.rewards import utility_bounds

from ..game import Game

MARGIN_SCALE = 10.0  # points: `margin` pays the mean score gap to the rivals / 10
MARGIN_BOUND = 15.0  # no score gap reaches 150 points (15 rooms of at most 5, referrals and kept cards aside)


def final_rewards(game: Game, scheme: str) -> list[float]:
    """Every seat's reward once the game is over (`tabletop.rewards` for the schemes)."""
    return scheme_rewards(scheme, game.scores(), game.winners(), MARGIN_SCALE)


def reward_bounds(scheme: str, players: int) -> tuple[float, float]:
    return utility_bounds(scheme, players, MARGIN_BOUND)
