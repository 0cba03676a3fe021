"""`bloodyinn simulate`: a whole game with uniformly random legal actions, as a readable log."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from ..game import new_game
from .options import VariantOption


def simulate(
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=4, help="Number of players (1-4).")] = 2,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed for the deck and the random choices.")] = 0,
    length: Annotated[str, typer.Option(help="Game length: short or long.")] = "short",
    variant: VariantOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the final scores.")] = False,
) -> None:
    """Play one game with uniformly random legal actions and print its log and final scores."""
    game = new_game(players=players, length=length, variants=variant or (), seed=seed)
    choices = random.Random(seed)
    if not quiet:
        for event in game.setup_events:
            typer.echo(event.text)
    while not game.is_over:
        action = choices.choice(game.legal_actions())
        events = game.apply(action)
        if not quiet:
            for event in events:
                typer.echo(event.text)
    typer.echo("")
    typer.echo("Final scores:")
    winners = game.winners()
    for row in game.score_breakdown():
        bonus = sum(b["amount"] for b in row["end_bonus"])
        mark = "  <- winner" if row["seat"] in winners else ""
        typer.echo(f"  P{row['seat'] + 1}: {row['total']}F (cash {row['cash']}F, {row['checks']} check(s),"
                   f" end-game annexes +{bonus}F, {row['corpses_under_own_annexes']} corpse(s) under own annexes)"
                   f"{mark}")
    if game.lost:
        typer.echo("The solitaire game is lost: the police found unburied corpses.")
    if game.solo_title():
        typer.echo(f"Title: {game.solo_title()}")
