"""The `bloodyinn` console script. Each sub-command lives in its own module under `commands/` (or its face's
package) and is registered here; heavy imports happen inside the commands so the CLI starts fast. Commands of
other installed packages join through the `bloodyinn.commands` entry points (the web server's `serve` and
`verify`), so this package imports none of them."""

from __future__ import annotations

from importlib.metadata import entry_points

import typer

from tabletop.cli import LangOption, run_translated

from .commands.hint import hint
from .commands.selfplay import selfplay
from .commands.simulate import simulate
from .commands.solo import solo
from .commands.tournament import tournament
from .tui.command import play

app = typer.Typer(help="The Bloody Inn: play, watch bots, run tournaments, serve the web app.",
                  no_args_is_help=True, add_completion=False)
app.command()(simulate)
app.command()(tournament)
app.command()(solo)
app.command()(hint)
app.command()(selfplay)
app.command()(play)
for plugin in entry_points(group="bloodyinn.commands"):
    app.command(plugin.name)(plugin.load())


@app.callback()
def _root(lang: LangOption = None) -> None:
    """The Bloody Inn: play, watch bots, run tournaments, serve the web app."""


def main() -> None:
    run_translated(app, "bloodyinn")


if __name__ == "__main__":
    main()
