"""The one interface every innkeepers bot implements.

A bot decides from what its seat may know — `game.view(seat)` — and that seat's legal actions, never from the
full state: other hands, bonus cards and the customer deck order stay hidden. Search bots imagine the hidden
cards with `Game.from_view(view, seed)`.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..actions import Action


class Bot(Protocol):
    """Chooses one of `legal` for the seat whose `view` it is given."""

    name: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...
