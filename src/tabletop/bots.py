"""What every game's bots share: what a bot is (`Bot`), the uniformly random baseline and building a bot by name
from a game's table of bot factories. Each game keeps its own bots; these pieces know nothing of any game."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

Action = TypeVar("Action")
BotType = TypeVar("BotType")


class Bot(Protocol[Action]):
    """Chooses one of `legal` for the seat whose `view` it is given."""

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomBot:
    """The baseline: a uniformly random legal action, whatever the game."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self._rng.choice(legal)


def bot_by_name(factories: Mapping[str, Callable[[int | None], BotType]], name: str, seed: int | None) -> BotType:
    """The bot `factories[name]` builds for `seed`; an unknown name is a ValueError listing the known ones."""
    try:
        factory = factories[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(factories)}") from None
    return factory(seed)
