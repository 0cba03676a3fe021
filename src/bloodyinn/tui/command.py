"""`bloodyinn play`: set the table from the command line and start the terminal game."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tabletop.cli import LangOption, play_at_table
from tabletop.i18n import choose_language, set_language

from ..commands.options import VariantOption
from ..errors import BloodyInnError
from ..game import new_game
from ..texts import render_error
from .table import default_seats, parse_seats

# The options that set up a new table; a loaded game keeps the table it was saved with.
TABLE_OPTIONS = {"seats": "--seats", "players": "--players", "length": "--length", "variant": "--variant",
                 "seed": "--seed"}


def play(
    ctx: typer.Context,
    seats: Annotated[str | None, typer.Option(
        "--seats", help="Who sits at the table, in seat order: human or a bot level (easy, medium, hard, random),"
                        " comma-separated. Default: you against two medium bots.")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", min=1, max=4, help="Number of players; the other seats are medium bots."
                                              " 1 is solitaire.")] = None,
    length: Annotated[str, typer.Option(help="Game length: short or long.")] = "short",
    variant: VariantOption = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed for the deck (default: random).")] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume a saved game.", exists=True,
                                              dir_okay=False)] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Save file (default: bloodyinn-<date>.json here, or the --load file).")] = None,
    autosave: Annotated[bool, typer.Option(help="Save after every move.")] = True,
    pace: Annotated[float, typer.Option(min=0.0, help="Seconds between the bots' moves (space skips).")] = 0.8,
    lang: LangOption = None,
) -> None:
    """Play The Bloody Inn in the terminal, against bots or hot-seat with friends."""
    if lang is not None:  # the command line set the language already (from a --lang anywhere, or the environment)
        set_language(choose_language(lang))
    from .app import BloodyInnApp
    from .session import Session, default_save_path

    def new_session() -> Session:
        table = parse_seats(seats) if seats else default_seats(players)
        if players is not None and len(table) != players:
            raise typer.BadParameter(f"--seats names {len(table)} seat(s) but --players is {players}")
        game = new_game(players=len(table), length=length, variants=variant or (), seed=seed)
        return Session(game, table, save or default_save_path(), autosave)

    play_at_table(ctx, TABLE_OPTIONS, load, save, autosave, load_session=Session.load, new_session=new_session,
                  errors=(BloodyInnError,), explain=render_error,
                  run=lambda session, notices: BloodyInnApp(session, pace, notices).run(),
                  command="bloodyinn play")
