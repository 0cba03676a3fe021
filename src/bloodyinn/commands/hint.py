"""`bloodyinn hint`: the best moves of a saved game for one seat, with the bot's estimate and a reason."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..texts import player_name, render_error
from ..texts.catalog import N_, _


def hint(
    savefile: Annotated[Path, typer.Argument(help="A saved game: Game.to_json, or a terminal-game save.", exists=True,
                                             dir_okay=False)],
    seat: Annotated[int | None, typer.Option("--seat", min=0, max=3,
                                             help="Seat to advise (default: the seat that must decide).")] = None,
    top: Annotated[int, typer.Option("--top", min=1, help="How many moves to show.")] = 3,
    level: Annotated[str, typer.Option("--level", help="easy, medium or hard.")] = "hard",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the search.")] = 0,
) -> None:
    """Show the best few moves for a seat of a saved game, each with its estimated value and a reason."""
    from ..bots import LEVELS
    from ..bots import hint as advise
    from ..errors import BloodyInnError
    from ..game import Game

    if level not in LEVELS:
        raise typer.BadParameter(_("unknown level {level!r}; known: {levels}").format(level=level,
                                                                                       levels=", ".join(LEVELS)))
    try:
        game = Game.from_json(_engine_save(savefile.read_text()))
    except BloodyInnError as exc:
        typer.echo(_("Cannot load {file}: {reason}").format(file=savefile, reason=render_error(exc)), err=True)
        raise typer.Exit(1) from None
    if game.is_over:
        typer.echo(_("The game is over: there is nothing left to decide."))
        return
    current = game.current_player
    assert current is not None  # the game is not over
    seat = current if seat is None else seat
    if seat != current:
        typer.echo(_("{player} has nothing to decide now: it is {current}'s turn ({decision}).").format(
            player=player_name(seat), current=player_name(current), decision=_decision(game.decision)))
        return
    view = game.view(seat)
    typer.echo(_("Best moves for {player} ({decision}, round {round}), level {level}:").format(
        player=player_name(seat), decision=_decision(game.decision), round=view["round"], level=level))
    for rank, h in enumerate(advise(view, game.legal_actions(), level=level, top=top, seed=seed), 1):
        typer.echo(f"{rank}. {h.action}  [{_estimate(h.value, level, game.config.solo)}]")
        typer.echo(f"   {h.reason}")


# The decisions waiting, in words (the engine names them by code).
_DECISIONS = {"place": N_("place"), "night": N_("night"), "gravedigger": N_("gravedigger"), "release": N_("release")}


def _decision(code: str | None) -> str:
    return _(_DECISIONS[code]) if code in _DECISIONS else str(code)


def _engine_save(text: str) -> str:
    """The engine's save inside a face's save file (the terminal game keeps it under "game"), or the text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return text  # Game.from_json reports the problem
    if isinstance(data, dict) and isinstance(data.get("game"), dict):
        return json.dumps(data["game"])
    return text


def _estimate(value: float, level: str, solo: bool) -> str:
    """The hard level estimates a win chance (in solitaire, what the position it looks ahead to is worth);
    the others score moves in francs."""
    if level != "hard":
        return _("score {value}").format(value=f"{value:+.1f}")
    if solo:
        return _("position worth {value}F").format(value=f"{value:.0f}")
    return _("win chance {value}").format(value=f"{value:.0%}")
