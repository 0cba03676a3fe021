"""What the `play` commands of both games share."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import typer

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
    return f"--load resumes the saved table, so {', '.join(given)} {'is' if len(given) == 1 else 'are'} ignored."


def play_at_table(ctx: typer.Context, table_options: dict[str, str], load: Path | None, save: Path | None,
                  autosave: bool, *, load_session: Callable[[Path, Path | None, bool], S],
                  new_session: Callable[[], S], errors: tuple[type[Exception], ...],
                  run: Callable[[S, tuple[str, ...]], None], command: str) -> None:
    """What a `play` command does around its game's app: resume the --load file (warning about ignored table
    options) or set a new table, save at once, run the app with the notices to show, and say afterwards where
    the game is saved, or that it is not (exit status 1). `errors` (and ValueError) from setting the table become
    a bad-parameter message."""
    notices: tuple[str, ...] = ()
    refused: tuple[type[Exception], ...] = (*errors, ValueError)
    try:
        if load is not None:
            session = load_session(load, save, autosave)
            warning = ignored_by_load(ctx, table_options)
            if warning:
                typer.echo(f"Warning: {warning}", err=True)
                notices = (warning,)
        else:
            session = new_session()
    except refused as exc:
        raise typer.BadParameter(str(exc)) from None
    session.checkpoint()
    run(session, notices)
    if session.unsaved:  # said, and in the exit status, so that a script notices too
        reason = session.save_error or "saving after each move is off (--no-autosave) and s was not pressed since"
        typer.echo(f"Your game is not saved: {reason}.", err=True)
        raise typer.Exit(1)
    if session.save_path is not None and session.save_path.exists() and not session.game.is_over:
        typer.echo(f"Your game is saved in {session.save_path}; resume it with:"
                   f" {command} --load {session.save_path}")
