"""Command-line options shared by several commands, declared once so they read the same everywhere. Those that
pick where games run are the game-neutral `tabletop.options`, shared with Innkeepers."""

from __future__ import annotations

from typing import Annotated

import typer

from tabletop.options import AddressOption, BackendOption, JobsOption, executor_from_options

VariantOption = Annotated[list[str] | None, typer.Option(
    "--variant", "-v", help="unlimited_wealth (uw) or first_come_first_served (fcfs); repeatable.")]

__all__ = ["AddressOption", "BackendOption", "JobsOption", "VariantOption", "executor_from_options"]
