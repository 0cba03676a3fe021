"""`innkeepers play`: set the table from the command line and start the terminal game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tabletop.cli import LangOption, play_at_table
from tabletop.i18n import choose_language, set_language
from tabletop.table import parse_seats

from ..commands.options import FlagOption, parse_flags
from ..errors import InnkeepersError
from ..game import new_game
from ..texts import render_error
from .session import default_opponent, default_seats, seat_kinds

# The options that set up a new table; a loaded game keeps the table it was saved with.
TABLE_OPTIONS = {"seats": "--seats", "players": "--players", "flag": "--flag", "seed": "--seed"}


def play(
    ctx: typer.Context,
    seats: Annotated[str | None, typer.Option(
        "--seats", help=f"Who sits at the table, in seat order, comma-separated: {', '.join(seat_kinds())}."
                        " Several humans share the keyboard (hot seat)."
                        f" Default: you against two {default_opponent()} bots.")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", min=2, max=4, help="Number of players (2-4); the other seats are bots. Default 3.")]
    = None,
    flag: FlagOption = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed for the deal (default: random).")] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume a saved game.", exists=True,
                                              dir_okay=False)] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Save file (default: innkeepers-<date>.json here, or the --load file).")] = None,
    autosave: Annotated[bool, typer.Option(help="Save after every move.")] = True,
    pace: Annotated[float, typer.Option(min=0.0, help="Seconds between the bots' moves (space skips).")] = 0.8,
    lang: LangOption = None,
) -> None:
    """Play Innkeepers in the terminal, against bots or with friends at one keyboard."""
    if lang is not None:  # the command line set the language already (from a --lang anywhere, or the environment)
        set_language(choose_language(lang))
    from .app import InnkeepersApp
    from .session import Session, default_save_path

    def new_session() -> Session:
        table = parse_seats(seats, seat_kinds()[1:], range(2, 5)) if seats else default_seats(players or 3)
        if players is not None and len(table) != players:
            raise typer.BadParameter(f"--seats names {len(table)} seats but --players is {players}")
        game = new_game(players=len(table), seed=seed, **parse_flags(flag))
        return Session(game, table, save or default_save_path(), autosave)

    play_at_table(ctx, TABLE_OPTIONS, load, save, autosave, load_session=Session.load, new_session=new_session,
                  errors=(InnkeepersError,), explain=render_error,
                  run=lambda session, notices: InnkeepersApp(session, pace, notices).run(),
                  command="innkeepers play")
