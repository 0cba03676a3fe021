"""What the `play` commands of both games share."""

from __future__ import annotations

import typer


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
