"""Replays of finished games: every public position and the events between them.

Replaying a long game through the engine takes a while, so it is done in a worker thread, and the result is
kept in a small LRU cache: a finished game never changes.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..config import GameConfig
from ..game import Game
from .live import LiveTable
from .messages import result


def build_frames(config: GameConfig, actions: Sequence[Action | str], actors: Sequence[int]) -> list[dict[str, Any]]:
    """The public view after setup and after each action, as spectators saw them."""
    game = Game(config)
    frames: list[dict[str, Any]] = [{"seq": 0, "action": None, "seat": None, "view": game.view(None),
                                     "events": [e.to_dict() for e in game.setup_events]}]
    for number, (action, seat) in enumerate(zip(actions, actors, strict=True), 1):
        events = game.apply(action)
        frames.append({"seq": number, "action": str(action), "seat": seat, "view": game.view(None),
                       "events": [e.to_dict() for e in events]})
    return frames


class ReplayCache:
    def __init__(self, size: int) -> None:
        self._size = size
        self._replays: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def replay(self, table: LiveTable) -> dict[str, Any]:
        """The record, frames and result of a finished game (the caller checks that it is over)."""
        cached = self._replays.get(table.id)
        if cached is not None:
            self._replays.move_to_end(table.id)
            return cached
        game = table.game
        frames = await asyncio.to_thread(build_frames, game.config, list(game.actions), list(table.actors))
        built = {"record": game.record(), "frames": frames, "result": result(table)}
        self._replays[table.id] = built
        while len(self._replays) > self._size:
            self._replays.popitem(last=False)
        return built
