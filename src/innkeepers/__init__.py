"""innkeepers: the rules engine of the trick-taking innkeepers game (seed 003, spec innkeepers-spec.md).

    import innkeepers
    game = innkeepers.new_game(players=3, seed=42)
    while not game.is_over:
        seat = game.current_player                     # or any seat of game.pending_seats()
        game.apply(game.legal_actions(seat)[0], seat=seat)
    print(game.scores(), game.winners())
"""

from importlib.machinery import EXTENSION_SUFFIXES

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
from .rules import flow as _rules

# Whether this engine runs as modules compiled by mypyc, built at install where a C compiler is (docs/engine.md#
# compiled-build): the same rules either way, for benchmarks and bug reports to say which one ran.
COMPILED = (_rules.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__version__ = "0.2.0.dev0"

__all__ = [
    "ASSUMPTIONS",
    "COMPILED",
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
