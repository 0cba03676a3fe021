"""The engine's exceptions. Every bad input raises one of these and leaves the game unchanged."""


class InnkeepersError(ValueError):
    """Base class of every error the engine raises for bad input. Its message is a template filled with `params`
    (str(error) is the English sentence), so that a face can write it in its reader's language (docs/languages.md)."""

    def __init__(self, message: str, rule: str | None = None, **params: object) -> None:
        self.template = message
        self.rule = rule  # the rule ID an error names, kept as it is in every language
        self.params = params
        text = message.format(**params) if params else message
        super().__init__(f"{text} ({rule})" if rule else text)


class ConfigError(InnkeepersError):
    """Invalid game settings."""


class IllegalActionError(InnkeepersError):
    """An action that is not legal now; the message names the rule (I-R-n / I-G-n) that forbids it."""


class NotationError(IllegalActionError):
    """Text that is not a well-formed action in the notation."""


class CorruptSaveError(InnkeepersError):
    """A saved game or record that cannot be restored exactly."""
