"""innkeepers: the rules engine of the trick-taking innkeepers game (seed 003, spec innkeepers-spec.md).

    import innkeepers
    game = innkeepers.new_game(players=3, seed=42)
    while not game.is_over:
        seat = game.current_player                     # or any seat of game.pending_seats()
        game.apply(game.legal_actions(seat)[0], seat=seat)
    print(game.scores(), game.winners())
"""

from .actions import (
    Action,
    Choose,
    Pass,
    Pick,
    Place,
    Play,
    Refer,
    Refill,
    Refuse,
    Relocate,
    Upgrade,
    parse_action,
)
from .assumptions import ASSUMPTIONS, Assumption
from .config import FLAG_NAMES, GameConfig
from .errors import ConfigError, CorruptSaveError, IllegalActionError, InnkeepersError, NotationError
from .events import Event
from .game import Game, new_game

__version__ = "0.2.0.dev0"

__all__ = [
    "ASSUMPTIONS",
    "FLAG_NAMES",
    "Action",
    "Assumption",
    "Choose",
    "ConfigError",
    "CorruptSaveError",
    "Event",
    "Game",
    "GameConfig",
    "IllegalActionError",
    "InnkeepersError",
    "NotationError",
    "Pass",
    "Pick",
    "Place",
    "Play",
    "Refer",
    "Refill",
    "Refuse",
    "Relocate",
    "Upgrade",
    "new_game",
    "parse_action",
]
