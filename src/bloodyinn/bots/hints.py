"""Hints: the best few moves of a position for one seat, with the bot's estimate and a plain reason."""

from __future__ import annotations

from typing import Any

from tabletop.bots import bot_by_name

from ..actions import Action, parse_action
from .base import Hint
from .greedy import GreedyBot
from .levels import LEVEL_FACTORIES, HardBot


def hint(view: dict[str, Any], legal: list[Action], level: str = "hard", top: int = 3,
         seed: int = 0) -> list[Hint]:
    """The `top` best actions for the seat whose `view` this is, best first.

    `legal` may be empty to take the view's own `legal_actions`. Values are the level's own estimate: the
    chance of winning in company (in solitaire, the francs the position looked ahead to is worth) for the
    search level, a score in francs for the greedy levels."""
    if not legal:
        legal = [parse_action(text) for text in view.get("legal_actions", ())]
    if not legal:
        return []
    if level not in LEVEL_FACTORIES:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVEL_FACTORIES)}")
    bot = bot_by_name(LEVEL_FACTORIES, level, seed, timed=True)  # a hint comes within about a second
    if not isinstance(bot, GreedyBot | HardBot):
        raise TypeError(f"level {level!r} cannot explain its moves")
    # A hint explains the level's considered judgement: the easy level's random slips are left out.
    if isinstance(bot, GreedyBot):
        bot = GreedyBot(seed)
    return bot.analyse(view, legal, top)
