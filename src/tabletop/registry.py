"""Which games are installed, and a new game of one by its id.

    from tabletop import registry
    registry.games()                                   # ['bloodyinn', 'innkeepers']
    game = registry.make("innkeepers", players=3, seed=7)

A game registers its class (a `tabletop.protocol.GameProtocol`) under the entry-point group "tabletop.games",
named by the game's id, in its package's metadata (pyproject.toml):

    [project.entry-points."tabletop.games"]
    mygame = "mygame.game:Game"

so a new game joins without any change here, and nothing is imported until a game is asked for.
"""

from __future__ import annotations

import secrets
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .protocol import GameProtocol

GROUP = "tabletop.games"


def games() -> list[str]:
    """The ids of the installed games, sorted."""
    return sorted({entry.name for entry in entry_points(group=GROUP)})


def game_class(game_id: str) -> type[GameProtocol[Any]]:
    """The class of the game registered as `game_id`; an unknown id is a ValueError naming the known ones."""
    cls: type[GameProtocol[Any]] = _entry(game_id).load()
    return cls


def make(game_id: str, **settings: Any) -> GameProtocol[Any]:
    """A new game of `game_id` with these settings (the game's own, as its `config.to_dict()` names them; a
    missing one takes its default). Without a seed one is drawn at random (and kept in the record). Bad settings
    raise the game's ConfigError."""
    settings.setdefault("seed", secrets.randbits(63))
    return game_class(game_id).from_settings(settings)


def _entry(game_id: str) -> EntryPoint:
    found = entry_points(group=GROUP, name=game_id)
    if not found:
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(games()) or 'none installed'}")
    return next(iter(found))
