"""`innkeepers simulate`: a whole game with uniformly random legal decisions, as a readable log."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from ..cards import BONUS_BY_ID, bonus_name
from ..errors import ConfigError
from ..game import new_game
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
        raise typer.BadParameter(f"unknown flag {', '.join(unknown)}; known: {', '.join(BOOLEAN_FLAGS)}")
    try:
        game = new_game(players=players, seed=seed, suit_order=suit_order, bonus_suit=bonus_suit,
                        **dict.fromkeys(flag or (), True))
    except ConfigError as exc:
        raise typer.BadParameter(str(exc)) from None
    choices = random.Random(seed)
    if not quiet:
        changed = {k: v for k, v in game.config.flags().items() if v != DEFAULT_FLAGS[k]}
        settings = ", ".join(f"{k}={v}" for k, v in changed.items()) or "the spec's defaults"
        typer.echo(f"Innkeepers, {players} players, seed {seed}; assumptions: {settings}.")
        for event in game.setup_events:
            typer.echo(event.text)
    while not game.is_over:
        seat = choices.choice(game.pending_seats())
        events = game.apply(choices.choice(game.legal_actions(seat)), seat=seat)
        if not quiet:
            for event in events:
                if event.kind != "commit":  # the reveal tells the cards; a commitment says nothing
                    typer.echo(event.text)
    typer.echo("")
    typer.echo("Final scores:")
    winners = game.winners()
    for row in game.score_breakdown():
        mark = "  <- winner" if row["seat"] in winners else ""
        typer.echo(f"  P{row['seat'] + 1}: {row['total']} points ({row['meeples']} meeple(s) x3, {row['cubes']} "
                   f"cube(s) x2, {row['hosted']} referral(s) hosted x1, {row['upgraded']} upgraded x2, "
                   f"{row['referrals']} referral(s) made x1, {row['penalties']} kept x-1, bonus +{row['bonus']} from "
                   f"{bonus_name(BONUS_BY_ID[row['bonus_card']])}){mark}")
