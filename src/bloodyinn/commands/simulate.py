"""`bloodyinn simulate`: a whole game with uniformly random legal actions, as a readable log."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from tabletop.i18n import format_money

from ..errors import ConfigError
from ..game import new_game
from ..texts import player_name, render_error, render_event, solo_title_name
from ..texts.catalog import _, ngettext
from .options import VariantOption


def simulate(
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=4, help="Number of players (1-4).")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed for the deck and the random choices.")] = 0,
    length: Annotated[str, typer.Option(help="Game length: short or long.")] = "short",
    variant: VariantOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the final scores.")] = False,
) -> None:
    """Play one game with uniformly random legal actions and print its log and final scores."""
    try:
        game = new_game(players=players, length=length, variants=variant or (), seed=seed)
    except ConfigError as error:
        raise typer.BadParameter(render_error(error)) from None
    choices = random.Random(seed)
    if not quiet:
        for event in game.setup_events:
            typer.echo(render_event(event))
    while not game.is_over:
        action = choices.choice(game.legal_actions())
        events = game.apply(action)
        if not quiet:
            for event in events:
                typer.echo(render_event(event))
    typer.echo("")
    typer.echo(_("Final scores:"))
    winners = game.winners()
    for row in game.score_breakdown():
        bonus = sum(b["amount"] for b in row["end_bonus"])
        line = _("{player}: {total} (cash {cash}, {checks}, end-game annexes +{bonus}, {corpses} under own annexes)")
        line = line.format(player=player_name(row["seat"]), total=format_money(row["total"]),
                           cash=format_money(row["cash"]),
                           checks=ngettext("{n} check", "{n} checks", row["checks"]).format(n=row["checks"]),
                           bonus=format_money(bonus), corpses=ngettext(
                               "{n} corpse", "{n} corpses", row["corpses_under_own_annexes"]).format(
                               n=row["corpses_under_own_annexes"]))
        mark = "  " + _("<- winner") if row["seat"] in winners else ""
        typer.echo(f"  {line}{mark}")
    if game.lost:
        typer.echo(_("The solitaire game is lost: the police found unburied corpses."))
    title = game.solo_title()
    if title:
        typer.echo(_("Title: {title}").format(title=solo_title_name(title)))
