"""Command-line options that pick where games run and how bots think, declared once so every command of both games
reads the same (typer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from .catalog import _

if TYPE_CHECKING:
    from .executors import Executor

JobsOption = Annotated[int, typer.Option(
    "--jobs", "-j", min=0, help="Games at once (0: every core, or every CPU of the Ray cluster).")]
BackendOption = Annotated[str, typer.Option(
    "--backend", "-b", help="Where games run: serial (this process), process (this machine's cores) or ray.")]
AddressOption = Annotated[str | None, typer.Option(
    "--address", help="Ray cluster to join with --backend ray (e.g. auto or ray://head:10001); "
                      "default: a local Ray.")]
TimedOption = Annotated[bool, typer.Option(
    "--timed", help="Let the bots stop on a clock, as in the terminal game and at the web table (about a second a "
                    "move): quicker on a busy machine, but the results then depend on the machine and are not "
                    "reproducible. Default: their iteration budgets alone, the same results on any machine and "
                    "backend.")]


def say_if_timed(console: Any, timed: bool) -> None:
    """The one line a --timed run prints first: its results are not reproducible."""
    if timed:
        console.print(_("--timed: the bots stop on a clock, so these results depend on this machine's speed and "
                        "load, and are not reproducible."), style="bold yellow", soft_wrap=True)


def executor_from_options(backend: str, jobs: int, address: str | None) -> Executor:
    """The executor the --backend/--jobs/--address options ask for, or a usage error naming the bad option."""
    from .executors import make_executor

    try:
        return make_executor(backend, jobs or None, address)
    except (ValueError, ImportError) as error:
        raise typer.BadParameter(str(error)) from None
