"""The engine's exceptions. Every bad input raises one of these and leaves the game unchanged."""


class BloodyInnError(ValueError):
    """Base class of every error the engine raises for bad input. Its message is a template filled with `params`
    (str(error) is the English sentence), so that a face can write it in its reader's language (docs/languages.md)."""

    def __init__(self, message: str, rule: str | None = None, **params: object) -> None:
        self.template = message
        self.rule = rule  # the rule ID an error names, kept as it is in every language
        self.params = params
        text = message.format(**params) if params else message
        super().__init__(f"{text} ({rule})" if rule else text)


class ConfigError(BloodyInnError):
    """Invalid game settings."""


class IllegalActionError(BloodyInnError):
    """An action that is not legal now; the message names the rule (R-...) that forbids it."""


class NotationError(IllegalActionError):
    """Text that is not a well-formed action in the notation."""


class UnknownCardError(BloodyInnError):
    """A card name, id or number that is not in the card table."""


class PositionError(BloodyInnError):
    """A position (see `build_position`) that cannot exist in a game: the message says what is wrong."""


class CorruptSaveError(BloodyInnError):
    """A saved game or record that cannot be restored exactly."""
