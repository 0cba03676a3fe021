"""The Bloody Inn's own command-line options, declared once so they read the same in every command. Those that
pick where games run are the game-neutral `tabletop.options`, shared with Innkeepers."""

from __future__ import annotations

from typing import Annotated

import typer

VariantOption = Annotated[list[str] | None, typer.Option(
    "--variant", "-v", help="unlimited_wealth (uw) or first_come_first_served (fcfs); repeatable.")]
