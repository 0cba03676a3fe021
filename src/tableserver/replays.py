"""Replays of finished games: every public position and the events between them.

Replaying a long game through the engine takes a while, so it is done in a worker thread, and the result is
kept in a small LRU cache: a finished game never changes.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from .games import GameRules
from .live import LiveTable
from .messages import result


def build_frames(rules: GameRules, settings: dict[str, Any], actions: Sequence[str],
                 actors: Sequence[int]) -> list[dict[str, Any]]:
    """The public view after setup and after each action, as spectators saw them, with the events between them
    and where the move's forced follow-ups begin among them (GameRules.follow_ups)."""
    game = rules.start(settings)
    frames: list[dict[str, Any]] = [{"seq": 0, "action": None, "seat": None, "view": rules.view(game, None),
                                     "events": [e.to_dict() for e in game.setup_events], "follow_ups": []}]
    for number, (action, seat) in enumerate(zip(actions, actors, strict=True), 1):
        events = rules.apply(game, seat, action)
        said = [e.to_dict() for e in events]
        frames.append({"seq": number, "action": str(action), "seat": seat, "view": rules.view(game, None),
                       "events": said, "follow_ups": rules.follow_ups(said)})
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
        game, rules = table.game, table.rules
        frames = await asyncio.to_thread(build_frames, rules, game.config.to_dict(), rules.history(game),
                                         list(table.actors))
        built = {"record": game.record(), "frames": frames, "result": result(table)}
        self._replays[table.id] = built
        while len(self._replays) > self._size:
            self._replays.popitem(last=False)
        return built
