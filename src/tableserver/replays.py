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
from .live import LiveTable, tagged
from .localize import localized, names_of
from .messages import result


def build_frames(rules: GameRules, settings: dict[str, Any], actions: Sequence[str],
                 actors: Sequence[int]) -> list[dict[str, Any]]:
    """The public view after setup and after each action, as spectators saw them, with the events between them
    and where the move's forced follow-ups begin among them (GameRules.follow_ups). The events are the log's
    (live.tagged), put in words for each reader (`in_words`)."""
    game = rules.start(settings)
    frames: list[dict[str, Any]] = [{"seq": 0, "action": None, "seat": None, "view": rules.view(game, None),
                                     "events": tagged(game.setup_events, 0), "follow_ups": []}]
    for number, (action, seat) in enumerate(zip(actions, actors, strict=True), 1):
        events = rules.apply(game, seat, action)
        said = tagged(events, number)
        frames.append({"seq": number, "action": str(action), "seat": seat, "view": rules.view(game, None),
                       "events": said, "follow_ups": rules.follow_ups(said)})
    return frames


def in_words(table: LiveTable, replay: dict[str, Any], lang: str) -> dict[str, Any]:
    """A replay as a reader gets it: every event in words, in `lang`."""
    names = names_of(table.seats, lang)
    frames = [{**frame, "events": localized(table, frame["events"], lang, names)} for frame in replay["frames"]]
    return {**replay, "frames": frames, "result": table.rules.result_words(replay["result"], lang)}


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
