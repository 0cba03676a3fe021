"""The one interface every bot implements.

A bot decides from what its seat may know — `game.view(seat)` — and the legal actions, never from the full
state: hidden card order stays hidden (R-INFO-2). Search bots imagine the hidden cards with
`Game.from_view(view, seed)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..actions import Action


@dataclass(frozen=True)
class Hint:
    """One suggested action with the bot's estimate of its value and a one-line reason in plain words."""

    action: Action
    value: float
    reason: str


class Bot(Protocol):
    """Chooses one of `legal` for the seat whose `view` it is given."""

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...
