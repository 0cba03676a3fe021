"""What every game's bots share: what a bot is (`Bot`), the uniformly random baseline and building a bot by name
from a game's table of bot factories, in its reproducible build or its timed one (`TimeCapped`). Each game keeps
its own bots; these pieces know nothing of any game."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

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


@dataclass(frozen=True)
class TimeCapped(Generic[BotType]):
    """A bot factory with two builds of one search. Called with a seed, it builds the reproducible bot: its
    budget of iterations alone fixes every decision, so a run's results depend on its seeds only, never on the
    machine, its load or the backend the games ran on (tournaments, self-play, research, benchmarks). `timed`
    builds the bot a face seats: the same search also stopped by a clock, so that a move comes within about a
    second on a slow or busy machine, at the price of moves that depend on that machine."""

    reproducible: Callable[[int | None], BotType]
    timed: Callable[[int | None], BotType]

    def __call__(self, seed: int | None = None) -> BotType:
        return self.reproducible(seed)


def bot_by_name(factories: Mapping[str, Callable[[int | None], BotType]], name: str, seed: int | None,
                timed: bool = False) -> BotType:
    """The bot `factories[name]` builds for `seed`: its reproducible build, or with `timed` the build a face
    seats (the same for a bot that has no clock); an unknown name is a ValueError listing the known ones."""
    try:
        factory = factories[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(factories)}") from None
    if timed and isinstance(factory, TimeCapped):
        return factory.timed(seed)
    return factory(seed)
