"""The Bloody Inn's own command-line options, declared once so they read the same in every command. Those that
pick where games run are the game-neutral `tabletop.options`, shared with Innkeepers."""

from __future__ import annotations

from typing import Annotated

import typer

from ..config import normalize_variant
from ..errors import ConfigError
from ..texts import render_error

VariantOption = Annotated[list[str] | None, typer.Option(
    "--variant", "-v", help="unlimited_wealth (uw) or first_come_first_served (fcfs); repeatable.")]


def variant_names(given: list[str] | None) -> tuple[str, ...]:
    """The variants --variant names, by their full names; an unknown one is a usage error in the reader's words."""
    try:
        return tuple(normalize_variant(v) for v in given or ())
    except ConfigError as error:
        raise typer.BadParameter(render_error(error), param_hint="'--variant' / '-v'") from None
