"""Command-line options the innkeepers commands share: the assumption flags."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..config import FLAG_NAMES, GameConfig
from ..texts.catalog import _

DEFAULT_FLAGS = GameConfig().flags()
BOOLEAN_FLAGS = [name for name in FLAG_NAMES if isinstance(DEFAULT_FLAGS[name], bool)]

FlagOption = Annotated[list[str] | None, typer.Option(
    "--flag", "-f", help=f"Switch an assumption flag: NAME for {', '.join(BOOLEAN_FLAGS)}, or NAME=VALUE for "
                         f"any flag ({', '.join(FLAG_NAMES)}); repeat for several.")]


def parse_flags(given: list[str] | None) -> dict[str, Any]:
    """`['must_follow', 'suit_order=cdhs']` -> new_game keywords; raises typer.BadParameter for an unknown flag
    or a boolean flag given a value that is not true/false (the engine checks the rest)."""
    flags: dict[str, Any] = {}
    for item in given or ():
        name, has_value, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in FLAG_NAMES:
            raise typer.BadParameter(_("unknown flag {name!r}; known: {known}").format(
                name=name, known=", ".join(FLAG_NAMES)))
        if name in BOOLEAN_FLAGS:
            if has_value and value.lower() not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                raise typer.BadParameter(_("{name} is true or false, got {value!r}").format(name=name, value=value))
            flags[name] = not has_value or value.lower() in ("true", "1", "yes", "on")
        elif not has_value:
            raise typer.BadParameter(_("{name} needs a value: -f {name}=VALUE (default {default!r})").format(
                name=name, default=DEFAULT_FLAGS[name]))
        else:
            flags[name] = value
    return flags
