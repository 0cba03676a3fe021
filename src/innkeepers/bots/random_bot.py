"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self._rng.choice(legal)
