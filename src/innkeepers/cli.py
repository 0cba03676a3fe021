"""The `innkeepers` console script. Each sub-command lives in its own module under `commands/` and is registered
here; heavy imports happen inside the commands so the CLI starts fast."""

from __future__ import annotations

import typer

from tabletop.cli import LangOption, run_translated

from .commands.selfplay import selfplay
from .commands.simulate import simulate
from .commands.tournament import tournament
from .tui.command import play

app = typer.Typer(help="The innkeepers trick-taking game: play in the terminal, simulate games, pit bots against "
                       "each other, write self-play data.", no_args_is_help=True, add_completion=False)
app.command()(simulate)
app.command()(play)
app.command()(tournament)
app.command()(selfplay)


@app.callback()
def _root(lang: LangOption = None) -> None:
    """The innkeepers trick-taking game."""


def main() -> None:
    run_translated(app, "innkeepers")


if __name__ == "__main__":
    main()
