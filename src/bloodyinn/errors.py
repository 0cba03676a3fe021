"""The engine's exceptions. Every bad input raises one of these and leaves the game unchanged."""


class BloodyInnError(ValueError):
    """Base class of every error the engine raises for bad input."""


class ConfigError(BloodyInnError):
    """Invalid game settings."""


class IllegalActionError(BloodyInnError):
    """An action that is not legal now; the message names the rule (R-...) that forbids it."""

    def __init__(self, message: str, rule: str | None = None, **params: object) -> None:
        # The message is a template filled with `params`, so that a face can translate it (docs/languages.md).
        self.rule = rule
        self.template = message
        self.params = params
        text = message.format(**params) if params else message
        super().__init__(f"{text} ({rule})" if rule else text)


class NotationError(IllegalActionError):
    """Text that is not a well-formed action in the notation."""


class UnknownCardError(BloodyInnError):
    """A card name, id or number that is not in the card table."""


class PositionError(BloodyInnError):
    """A position (see `build_position`) that cannot exist in a game: the message says what is wrong."""


class CorruptSaveError(BloodyInnError):
    """A saved game or record that cannot be restored exactly."""
