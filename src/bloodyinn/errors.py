"""The engine's exceptions. Every bad input raises one of these and leaves the game unchanged."""


class BloodyInnError(ValueError):
    """Base class of every error the engine raises for bad input."""


class ConfigError(BloodyInnError):
    """Invalid game settings."""


class IllegalActionError(BloodyInnError):
    """An action that is not legal now; the message names the rule (R-...) that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class NotationError(IllegalActionError):
    """Text that is not a well-formed action in the notation."""


class UnknownCardError(BloodyInnError):
    """A card name, id or number that is not in the card table."""


class PositionError(BloodyInnError):
    """A position (see `build_position`) that cannot exist in a game: the message says what is wrong."""


class CorruptSaveError(BloodyInnError):
    """A saved game or record that cannot be restored exactly."""
