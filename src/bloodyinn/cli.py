"""The `bloodyinn` console script. Each sub-command lives in its own module under `commands/` (or its face's
package) and is registered here; heavy imports happen inside the commands so the CLI starts fast."""

from __future__ import annotations

import typer

from .commands.hint import hint
from .commands.selfplay import selfplay
from .commands.simulate import simulate
from .commands.solo import solo
from .commands.tournament import tournament
from .server.command import serve, verify
from .tui.command import play

app = typer.Typer(help="The Bloody Inn: play, watch bots, run tournaments, serve the web app.",
                  no_args_is_help=True, add_completion=False)
app.command()(simulate)
app.command()(tournament)
app.command()(solo)
app.command()(hint)
app.command()(selfplay)
app.command()(serve)
app.command()(verify)
app.command()(play)


@app.callback()
def _root() -> None:
    """The Bloody Inn: play, watch bots, run tournaments, serve the web app."""


def main() -> None:
    app()


if __name__ == "__main__":
    main()
