"""bloodyinn: an exact, fast rules engine for The Bloody Inn (Nicolas Robert, Pearl Games, 2015).

    import bloodyinn
    game = bloodyinn.new_game(players=3, length="short", seed=42)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    print(game.scores(), game.winners())
"""

from importlib.machinery import EXTENSION_SUFFIXES

from .actions import (
    Action,
    Bribe,
    Build,
    Bury,
    Kill,
    Pass,
    PayGravedigger,
    Place,
    Release,
    parse_action,
)
from .cards import CARDS, GuestType, Occupation, PaidAction, card
from .config import FIRST_COME_FIRST_SERVED, UNLIMITED_WEALTH, GameConfig
from .errors import (
    BloodyInnError,
    ConfigError,
    CorruptSaveError,
    IllegalActionError,
    NotationError,
    PositionError,
    UnknownCardError,
)
from .events import Event
from .game import Game, new_game
from .positions import build_position
from .rules import flow as _rules

# Whether this engine runs as modules compiled by mypyc, built at install where a C compiler is (docs/engine.md#
# compiled-build): the same rules either way, for benchmarks and bug reports to say which one ran.
COMPILED = (_rules.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def describe_action(game: Game, action: Action | str) -> str:
    """A plain-language sentence for `action` in `game`'s current position."""
    return game.describe(action)


__version__ = "0.2.0.dev0"

__all__ = [
    "CARDS",
    "COMPILED",
    "FIRST_COME_FIRST_SERVED",
    "UNLIMITED_WEALTH",
    "Action",
    "BloodyInnError",
    "Bribe",
    "Build",
    "Bury",
    "ConfigError",
    "CorruptSaveError",
    "Event",
    "Game",
    "GameConfig",
    "GuestType",
    "IllegalActionError",
    "Kill",
    "NotationError",
    "Occupation",
    "PaidAction",
    "Pass",
    "PayGravedigger",
    "Place",
    "PositionError",
    "Release",
    "UnknownCardError",
    "build_position",
    "card",
    "describe_action",
    "new_game",
    "parse_action",
]
