"""What the `play` commands of both games share, and the command line in the reader's language: `--lang` (or
the environment) chooses it before anything is printed, and every command's help is looked up in the catalogs."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
import typer.main

from . import cli_words
from .catalog import N_, _
from .i18n import Domain, LanguageError, choose_language, set_language
from .session import TableSession

S = TypeVar("S", bound=TableSession)


def ignored_by_load(ctx: typer.Context, table_options: dict[str, str]) -> str | None:
    """The warning for table options given together with --load, or None. `table_options` maps each parameter
    that sets up a new table to its option name ('seats': '--seats')."""
    # Typer bundles its own click, so the parameter source is compared by name.
    sources = {name: ctx.get_parameter_source(name) for name in table_options}
    given = [table_options[name] for name, source in sources.items()
             if source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")]
    if not given:
        return None
    text = _("--load resumes the saved table, so {options} is ignored.") if len(given) == 1 else \
        _("--load resumes the saved table, so {options} are ignored.")
    return text.format(options=", ".join(given))


def play_at_table(ctx: typer.Context, table_options: dict[str, str], load: Path | None, save: Path | None,
                  autosave: bool, *, load_session: Callable[[Path, Path | None, bool], S],
                  new_session: Callable[[], S], errors: tuple[type[Exception], ...],
                  explain: Callable[[Exception], str], run: Callable[[S, tuple[str, ...]], None],
                  command: str) -> None:
    """What a `play` command does around its game's app: resume the --load file (warning about ignored table
    options) or set a new table, save at once, run the app with the notices to show, and say afterwards where
    the game is saved, or that it is not (exit status 1). `errors` (and ValueError) from setting the table become
    a bad-parameter message, in the reader's language through `explain` (the game's `texts.render_error`)."""
    notices: tuple[str, ...] = ()
    refused: tuple[type[Exception], ...] = (*errors, ValueError)
    try:
        if load is not None:
            session = load_session(load, save, autosave)
            warning = ignored_by_load(ctx, table_options)
            if warning:
                typer.echo(_("Warning: {warning}").format(warning=warning), err=True)
                notices = (warning,)
        else:
            session = new_session()
    except refused as exc:
        raise typer.BadParameter(explain(exc)) from None
    session.checkpoint()
    run(session, notices)
    if session.unsaved:  # said, and in the exit status, so that a script notices too
        reason = session.save_error or _("saving after each move is off (--no-autosave) and s was not pressed since")
        typer.echo(_("Your game is not saved: {reason}.").format(reason=reason), err=True)
        raise typer.Exit(1)
    if session.save_path is not None and session.save_path.exists() and not session.game.is_over:
        typer.echo(_("Your game is saved in {path}; resume it with: {command}").format(
            path=session.save_path, command=f"{command} --load {session.save_path}"))


LangOption = Annotated[str | None, typer.Option(
    "--lang", help=N_("Language: en, fr or it (default: from LANGUAGE, LC_ALL or LANG)."))]


def language_in(argv: Sequence[str]) -> str | None:
    """The value of --lang (``--lang fr`` or ``--lang=fr``) wherever it stands in a command line."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def help_texts(command: Any, package: str) -> Iterator[str]:
    """Every help text, as written in English, of a command line's commands that `package` defines (not those
    other packages add through entry points) and of their options."""
    callback = getattr(command, "callback", None)
    if callback is None or callback.__module__.split(".")[0] == package:
        for text in (command.help, command.short_help, *(getattr(p, "help", None) for p in command.params)):
            if text:
                yield text
    for sub in getattr(command, "commands", {}).values():
        yield from help_texts(sub, package)


def run_translated(app: typer.Typer, package: str, argv: Sequence[str] | None = None) -> None:
    """Run a game's command line in the language --lang or the environment asks for: the language is set first,
    so that help, messages and the terminal game all use it. An unknown --lang is one clear error."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = language_in(argv)
    try:
        set_language(choose_language(lang))
    except LanguageError:
        typer.echo(_("Error: unknown language {lang!r}: choose one of en, fr, it.").format(lang=lang), err=True)
        raise SystemExit(2) from None
    cli_words.use_catalog()
    game = Domain(package)

    def translate(message: str) -> str:
        translated = game(message)
        return translated if translated != message else _(message)

    command = typer.main.get_command(app)
    cli_words.translate_command(command, translate)
    cli_words.run_command(command, argv, package)
