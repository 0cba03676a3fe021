"""Command-line options shared by several commands, declared once so they read the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

VariantOption = Annotated[list[str] | None, typer.Option(
    "--variant", "-v", help="unlimited_wealth (uw) or first_come_first_served (fcfs); repeatable.")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes to use (0: every core).")]
