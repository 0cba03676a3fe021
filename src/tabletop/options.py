"""Command-line options that pick where games run, declared once so every command of both games reads the
same (typer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from .executors import Executor

JobsOption = Annotated[int, typer.Option(
    "--jobs", "-j", min=0, help="Games at once (0: every core, or every CPU of the Ray cluster).")]
BackendOption = Annotated[str, typer.Option(
    "--backend", "-b", help="Where games run: serial (this process), process (this machine's cores) or ray.")]
AddressOption = Annotated[str | None, typer.Option(
    "--address", help="Ray cluster to join with --backend ray (e.g. auto or ray://head:10001); "
                      "default: a local Ray.")]


def executor_from_options(backend: str, jobs: int, address: str | None) -> Executor:
    """The executor the --backend/--jobs/--address options ask for, or a usage error naming the bad option."""
    from .executors import make_executor

    try:
        return make_executor(backend, jobs or None, address)
    except (ValueError, ImportError) as error:
        raise typer.BadParameter(str(error)) from None
