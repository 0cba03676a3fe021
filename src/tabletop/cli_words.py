"""The words the command-line library prints itself ("Usage:", "Options", "Show this message and exit.",
"Missing option", "Invalid value for", ...) in the language in use, from the tabletop catalog.

Typer carries its own copy of Click, which writes its words as English literals, and checks option values with
pydantic, which answers in English; Typer's own words go through gettext's `_`, that is the process-wide domain
read from .mo files on disk in the environment's language. So, in this one place:
- `use_catalog` points typer.core's `_` at the tabletop catalog (which follows --lang) and sets Typer's panel
  titles, which it computes once at import (scripts/catalogs.py extracts both modules' words into the catalog);
- `translate_command` gives every command a context whose help formatter writes "Usage:" in the language, and
  the --help option's help in it;
- `error_text` writes a usage error from what it carries (its kind, the option, the value; pydantic's error
  types through `tabletop.validation`), and `run_command` prints it as Typer does.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from typer._click.core import Command, Context
from typer._click.exceptions import (
    BadParameter,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer._click.formatting import HelpFormatter
from typer.exceptions import Abort

from .catalog import N_, _
from .validation import validation_message

# The modules of Typer that mark their words with gettext.
MODULES = ("typer.core", "typer.rich_utils")
# Typer's words computed at import: its help panels' titles and marks, its error panel's title.
_TYPER_WORDS = ("DEPRECATED_STRING", "DEFAULT_STRING", "ENVVAR_STRING", "REQUIRED_LONG_STRING",
                "ARGUMENTS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "COMMANDS_PANEL_TITLE", "ERRORS_PANEL_TITLE",
                "ABORTED_TEXT", "RICH_HELP")
# The messages Typer's Click writes as English literals, as templates: each is matched against a message to
# find its values, then written from the catalog.
_LITERALS = (
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Argument {name} takes {nargs} values."),
    N_("Option {name} does not take a value."),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {nargs} arguments."),
    N_("No such option: {name}"),
    N_("Value must be an iterable."),
    N_("Value {value} is not a valid {type}."),
    N_("{label} {path} does not exist."),
    N_("{label} {path} is a file."),
    N_("{label} {path} is a directory."),
    N_("{label} {path} is not readable."),
    N_("{label} {path} is not writable."),
)
# The kinds of path Typer names in those messages.
_LABELS = {"file": N_("File"), "dir": N_("Folder"), "path": N_("Path")}
_HELP_OPTION = N_("Show this message and exit.")
_FIELD = re.compile(r"\\\{(\w+)\\\}")


@cache
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile("^" + _FIELD.sub(r"(?P<\1>.+?)", re.escape(template)) + "$", re.DOTALL), template)
            for template in _LITERALS]


def translate_message(message: str) -> str:
    """A message Typer's Click wrote in English, in the language in use (as it was if it is none of them)."""
    for pattern, template in _patterns():
        found = pattern.match(message)
        if found:
            values = found.groupdict()
            if "label" in values:
                values["label"] = _(_LABELS.get(values["label"], values["label"]))
            return _(template).format(**values)
    return message


@cache
def _english_typer_words() -> dict[str, str]:
    """Typer's words as it computed them at import, before any translation (the catalog's keys)."""
    rich_utils = importlib.import_module("typer.rich_utils")
    return {name: getattr(rich_utils, name) for name in _TYPER_WORDS}


def use_catalog() -> None:
    """Typer speaks the language in use (set it first: the panel titles are translated now)."""
    english = _english_typer_words()
    core = importlib.import_module("typer.core")
    core._ = _  # type: ignore[attr-defined]
    rich_utils = importlib.import_module("typer.rich_utils")
    for name, message in english.items():
        setattr(rich_utils, name, _(message))


class _Formatter(HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _("Usage:") + " " if prefix is None else prefix)


class _Context(Context):
    formatter_class = _Formatter


def translate_command(command: Any, translate: Callable[[str], str]) -> None:
    """Every help text of a command line through `translate` (a game's catalog, then tabletop's), with "Usage:"
    and the --help option's help in the language in use."""
    command.context_class = _Context
    command.help = translate(command.help) if command.help else command.help
    command.short_help = translate(command.short_help) if command.short_help else command.short_help
    for param in command.params:
        if getattr(param, "help", None):
            param.help = translate(param.help)
    if isinstance(command, Command):
        help_option = command.get_help_option(_Context(command))
        if help_option is not None:
            help_option.help = _(_HELP_OPTION)
    for sub in getattr(command, "commands", {}).values():
        translate_command(sub, translate)


def _hint(error: BadParameter) -> str | None:
    if error.param_hint is not None:
        hint = error.param_hint
        return hint if isinstance(hint, str) else " / ".join(repr(x) for x in hint)
    return error.param.get_error_hint() if error.param is not None else None


def _bad_value(error: BadParameter) -> str:
    """What is wrong with the value: pydantic's errors by their types, else the message Typer or a command gave."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if callable(errors):
        return "; ".join(validation_message(item) for item in errors())
    return translate_message(error.message)


def error_text(error: ClickException) -> str:
    """A usage error in the language in use."""
    if isinstance(error, MissingParameter):
        hint = _hint(error) or ""
        kind = error.param_type or (error.param.param_type_name if error.param is not None else "")
        if kind == "option":
            text = _("Missing option {name}.").format(name=hint)
        elif kind == "argument":
            text = _("Missing argument {name}.").format(name=hint)
        else:
            text = _("Missing parameter {name}.").format(name=hint)
        choices = getattr(error.param, "type_descriptor", None)
        if choices is not None and getattr(choices, "is_choice", False) and choices.choices:
            text += " " + _("Choose from: {choices}").format(choices=", ".join(map(str, choices.choices)))
        return text
    if isinstance(error, BadParameter):
        where = _hint(error)
        message = _bad_value(error)
        if where is None:
            return _("Invalid value: {message}").format(message=message)
        return _("Invalid value for {name}: {message}").format(name=where, message=message)
    if isinstance(error, NoSuchOption) and error.possibilities:
        return _("{problem} (Possible options: {options})").format(
            problem=translate_message(error.message), options=", ".join(sorted(error.possibilities)))
    return translate_message(error.message)


def show_error(error: ClickException) -> None:
    """Print a usage error as Typer does (the usage line, where to find help, the message in a panel), in the
    language in use."""
    rich_utils = importlib.import_module("typer.rich_utils")
    translated = UsageError(error_text(error), getattr(error, "ctx", None))
    rich_utils.rich_format_error(translated)


def run_command(command: Command, argv: list[str], prog_name: str) -> None:
    """Run a command line as Typer does, its usage errors written by `show_error`; ends the process."""
    try:
        result = command.main(argv, prog_name=prog_name, standalone_mode=False)
    except NoArgsIsHelpError:  # the help is printed already
        raise SystemExit(2) from None
    except ClickException as error:
        show_error(error)
        raise SystemExit(error.exit_code) from None
    except Abort:
        importlib.import_module("typer.rich_utils").rich_abort_error()
        raise SystemExit(1) from None
    raise SystemExit(result if isinstance(result, int) else 0)  # an exit code, when a command ends with one
