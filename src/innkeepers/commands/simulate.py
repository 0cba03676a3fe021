"""`innkeepers simulate`: a whole game with uniformly random legal decisions, as a readable log."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from ..errors import ConfigError
from ..game import new_game
from ..texts import bonus_name, player_name, render_error, render_event
from ..texts.catalog import _
from .options import BOOLEAN_FLAGS, DEFAULT_FLAGS


def simulate(
    players: Annotated[int, typer.Option("--players", "-p", min=2, max=4, help="Number of players (2-4).")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed for the deal and the random choices.")] = 0,
    flag: Annotated[list[str] | None, typer.Option(
        "--flag", "-f", help=f"Switch on an assumption flag: {', '.join(BOOLEAN_FLAGS)}.")] = None,
    suit_order: Annotated[str, typer.Option(help="Suits breaking equal numbers, highest first.")] = "shdc",
    bonus_suit: Annotated[str, typer.Option(help="customer or playing_card: whose suit bonus cards count.")]
    = "customer",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the final scores.")] = False,
) -> None:
    """Play one game with uniformly random legal decisions and print its log and final scores."""
    unknown = sorted(set(flag or ()) - set(BOOLEAN_FLAGS))
    if unknown:
        raise typer.BadParameter(_("unknown flag {names}; known: {known}").format(
            names=", ".join(unknown), known=", ".join(BOOLEAN_FLAGS)))
    try:
        game = new_game(players=players, seed=seed, suit_order=suit_order, bonus_suit=bonus_suit,
                        **dict.fromkeys(flag or (), True))
    except ConfigError as exc:
        raise typer.BadParameter(render_error(exc)) from None
    choices = random.Random(seed)
    if not quiet:
        changed = {k: v for k, v in game.config.flags().items() if v != DEFAULT_FLAGS[k]}
        settings = ", ".join(f"{k}={v}" for k, v in changed.items()) or _("the spec's defaults")
        typer.echo(_("Innkeepers, {players} players, seed {seed}; assumptions: {settings}.").format(
            players=players, seed=seed, settings=settings))
        for event in game.setup_events:
            typer.echo(render_event(event, fixed_rooms=game.config.fixed_rooms))
    while not game.is_over:
        seat = choices.choice(game.pending_seats())
        events = game.apply(choices.choice(game.legal_actions(seat)), seat=seat)
        if not quiet:
            for event in events:
                if event.kind != "commit":  # the reveal tells the cards; a commitment says nothing
                    typer.echo(render_event(event, fixed_rooms=game.config.fixed_rooms))
    typer.echo("")
    typer.echo(_("Final scores:"))
    winners = game.winners()
    for row in game.score_breakdown():
        mark = "  " + _("<- winner") if row["seat"] in winners else ""
        line = _("{player}: {total} points ({meeples} meeple(s) x3, {cubes} cube(s) x2, {hosted} referral(s) hosted"
                 " x1, {upgraded} upgraded x2, {referrals} referral(s) made x1, {penalties} kept x-1, bonus +{bonus}"
                 " from {card})").format(
            player=player_name(row["seat"]), total=row["total"], meeples=row["meeples"], cubes=row["cubes"],
            hosted=row["hosted"], upgraded=row["upgraded"], referrals=row["referrals"], penalties=row["penalties"],
            bonus=row["bonus"], card=bonus_name(row["bonus_card"]))
        typer.echo(f"  {line}{mark}")
