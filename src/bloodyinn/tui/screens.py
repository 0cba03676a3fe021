"""Screens over the board: typing an action in notation, the keys and legend, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Static

from ..actions import Action
from ..cards import APTITUDE, OCCUPATIONS
from ..errors import BloodyInnError
from ..game import Game
from . import render


class NotationScreen(ModalScreen[Action | None]):
    """Type an action such as 'kill room3 pay brigadier'; the engine's message shows if it is not legal."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, validate: Callable[[str], Action], examples: list[str]) -> None:
        super().__init__()
        self._validate = validate
        self._examples = examples

    def compose(self) -> Any:
        with Vertical(id="notation"):
            yield Static(Text("Type an action in notation, then Enter (Escape cancels).", style="bold"))
            yield Static(Text("Legal now, for example: " + " | ".join(self._examples), style="dim"))
            yield Input(placeholder="e.g. bribe room3 pay peasant", id="notation-input")
            yield Static(id="notation-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            action = self._validate(event.value)
        except BloodyInnError as exc:
            self.query_one("#notation-error", Static).update(Text(f"Not accepted: {exc}", style="bold red"))
            return
        self.dismiss(action)

    def action_cancel(self) -> None:
        self.dismiss(None)


HELP = """\
Keys (no mouse needed)
  Up/Down, 1-9   pick an option          Enter      choose it
  Backspace      step back in the choice :  or t    type an action in notation
  h              ask the hard bot for a hint
  u              take back your last decision (and the bots' moves after it)
  space          skip the bots' pauses until your next turn
  s              save now (the game is also saved after every move)
  c              the cards: every guest, its aptitude and its annex's effect
  Tab            move between the choices, the board and the log (arrows then scroll)
  ?              this help                q          quit (resume with --load FILE)

Cards: Name [XR]: X is the type letter, R the rank (0-3).
  M merchant (blue, bribe)   A artisan (red, build)   P police (grey, kill)
  R religious (purple, bury) N noble (green)          Y peasant (yellow)
Keys and Room Service tokens show their owner as P1-P4 (white = neutral key).
Cash track: one '=' per franc, a tick every 10F, up to 40F. Booty = cash + 10F per check.
"""


def card_table() -> Table:
    """Every occupation: type, rank, pocket money, copies, aptitude and annex with its effect."""
    table = Table(title="The guests and their annexes", expand=True)
    for name in ("Card", "Type", "Pocket", "Copies", "Aptitude", "Annex and effect"):
        table.add_column(name, ratio=4 if name == "Annex and effect" else None, no_wrap=name != "Annex and effect")
    for occ in OCCUPATIONS:
        aptitude = APTITUDE[occ.type]
        table.add_row(render.card(occ.id), Text(occ.type.value, style=render.TYPE_STYLE[occ.type]),
                      f"{occ.pocket}F", str(occ.copies), aptitude.value if aptitude else "-",
                      render.annex_text(occ) or "-")
    return table


class CardsScreen(ModalScreen[None]):
    """The card reference, for a player who wants to check an annex's effect."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,c,q", "close", "Close")]

    def compose(self) -> Any:
        with VerticalScroll(id="cards"):
            yield Static(card_table())

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "Close")]

    def compose(self) -> Any:
        with Vertical(id="help"):
            yield Static(Text(HELP))

    def action_close(self) -> None:
        self.dismiss(None)


def tie_break(game: Game) -> str | None:
    """Why the winner won when booty was tied (R-END-7), from the engine's breakdown and winners."""
    rows = game.score_breakdown()
    best = max(row["total"] for row in rows)
    tied = [row for row in rows if row["total"] == best]
    if len(tied) < 2:
        return None
    corpses = ", ".join(f"P{row['seat'] + 1}: {row['corpses_under_own_annexes']}" for row in tied)
    if len(game.winners()) > 1:
        return f"Tied at {best}F and on corpses buried under own annexes ({corpses}): the victory is shared."
    return f"Tied at {best}F: the tie is broken by corpses buried under one's own annexes ({corpses})."


def end_bonus_text(bonus: dict[str, Any]) -> str:
    """'Park +2F (38F over the 40F cap, lost)': what the engine says the annex added, and what the cap took."""
    text = f"{render.bonus_title(bonus['annex'])} +{bonus['amount']}F"
    return text + f" ({bonus['lost']}F over the 40F cap, lost)" if bonus["lost"] else text


def results(game: Game, labels: list[str]) -> RenderableType:
    table = Table(title="Final booty", expand=False)
    for name in ("Innkeeper", "Cash", "Checks", "End-game annexes", "Corpses under own annexes", "Total"):
        table.add_column(name, justify="left" if name == "Innkeeper" else "right")
    winners = game.winners()
    for row in game.score_breakdown():
        bonus = ", ".join(end_bonus_text(b) for b in row["end_bonus"]) or "-"
        name = labels[row["seat"]] + ("  WINNER" if row["seat"] in winners else "")
        table.add_row(name, f"{row['cash']}F", f"{row['checks']} x 10F", bonus,
                      str(row["corpses_under_own_annexes"]), Text(f"{row['total']}F", style="bold"))
    lines: list[RenderableType] = [Text("The game is over.", style="bold"), Text(""), table, Text("")]
    if game.config.solo:
        if game.lost:
            lines.append(Text("Arrested! The police found unburied corpses: the game is lost.", style="bold red"))
        elif game.solo_title():
            lines.append(Text(f"You are a {game.solo_title()} ({game.scores()[0]}F).", style="bold"))
        elif game.config.length == "long":
            lines.append(Text(f"{game.scores()[0]}F: below 110F the rulebook gives no title.", style="bold"))
        else:
            lines.append(Text(f"{game.scores()[0]}F. (The rulebook's titles are for the long game.)",
                              style="bold"))
    else:
        names = " and ".join(labels[seat] for seat in winners)
        lines.append(Text(f"{'Winners' if len(winners) > 1 else 'Winner'}: {names}", style="bold"))
        reason = tie_break(game)
        if reason:
            lines.append(Text(reason))
    lines += [Text(""), Text("Escape: back to the board and the log    q: quit", style="dim")]
    return Group(*lines)


class EndScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Board and log"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, game: Game, labels: list[str]) -> None:
        super().__init__()
        self._game = game
        self._labels = labels

    def compose(self) -> Any:
        with Vertical(id="end"):
            yield Static(results(self._game, self._labels), id="results")
        yield Footer()

    def action_back(self) -> None:
        self.dismiss(None)
