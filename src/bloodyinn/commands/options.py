"""The Bloody Inn's own command-line options, declared once so they read the same in every command. Those that
pick where games run are the game-neutral `tabletop.options`, shared with Innkeepers."""

from __future__ import annotations

from typing import Annotated

import typer

from ..config import GameConfig, normalize_variant
from ..errors import ConfigError
from ..texts import render_error

VariantOption = Annotated[list[str] | None, typer.Option(
    "--variant", "-v", help="unlimited_wealth (uw) or first_come_first_served (fcfs); repeatable.")]


def checked_settings(players: int, length: str, given: list[str] | None) -> tuple[str, ...]:
    """The variants --variant names, by their full names, once the settings are checked: bad settings (an unknown
    variant or length) are a usage error in the reader's words, before any game is played."""
    try:
        variants = tuple(normalize_variant(v) for v in given or ())
        GameConfig(players=players, length=length, variants=frozenset(variants))
    except ConfigError as error:
        raise typer.BadParameter(render_error(error)) from None
    return variants
