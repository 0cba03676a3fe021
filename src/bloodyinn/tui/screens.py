"""Screens over the board: the keys and legend, the cards, and the end of the game (the notation prompt is
`tabletop`'s `NotationScreen`)."""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tabletop.i18n import format_money
from tabletop.tui import app as tabletop_app
from tabletop.tui.notation import NotationScreen
from tabletop.tui.translate import TranslatedBindings

from ..cards import OCCUPATIONS
from ..game import Game
from ..rules.endgame import SOLO_TITLES
from ..texts import join_names, solo_title_name
from ..texts.catalog import N_, _, ngettext
from . import render

__all__ = ["CardsScreen", "EndScreen", "HelpScreen", "LosingMoveScreen", "NotationScreen"]

HELP = N_("""\
  Up/Down, Enter  pick an option   1-9  pick by number (room number)
  Backspace, Esc  step back        Enter or y confirms; a digit starts over
  : or t          type an action: bury baron under cellar, under barn.P1
  h  a hint from the hard bot      u  take back your last decision
  space  skip the bots' pauses     s  save now (also after each move)
  c  the cards and their annexes   i  the inn or the innkeepers
  Tab  to the choices, board, log  ?  this help   q  quit (--load resumes)

Cards: Name [XR]: X is the type letter, R the rank (0-3).
  M merchant (blue, bribes)   A artisan (red, builds)
  P police (grey, kills)      R religious (purple, buries)
  N noble (green)             Y peasant (yellow)
Keys and Room Service tokens: P1-P4, or white (a neutral key).
Cash track: up to 40F, a tick every 10F. Booty = cash + 10F per check.
""")


def solo_help() -> str:
    """The solitaire rules a player must know: the loss (R-SOLO-4) and the long game's titles (R-SOLO-5)."""
    bands = sorted(SOLO_TITLES)
    titles = [f"{low}-{high - 1}F {solo_title_name(name)}" for (low, name), (high, _n) in itertools.pairwise(bands)]
    titles.append(_("{money} and more: {title}").format(money=format_money(bands[-1][0]),
                                                         title=solo_title_name(bands[-1][1])))
    return ("\n" + _("Solitaire") + "\n"
            + _("  You lose at once if you have an unburied corpse when the police\n"
                "  investigate (a police guest in a room at the end of a round) or when\n"
                "  the game ends; you are asked before a move that does that.\n")
            + _("  Long game titles (below {money} none): ").format(money=format_money(bands[0][0]))
            + ", ".join(titles[:1]) + ",\n  " + ", ".join(titles[1:3]) + ",\n  " + ", ".join(titles[3:]) + ".\n")


def card_list() -> Group:
    """Every occupation: type, aptitude, pocket money, copies, then its annex and effect, indented. Lines that
    wrap at any width, so the reference reads on a small terminal too."""
    entries: list[RenderableType] = []
    for occ in OCCUPATIONS:
        head = render.card(occ.id)
        head.append(f"  {render.guest_type_name(occ.type.value)}", style=render.TYPE_STYLE[occ.type])
        head.append(f", {render.does(occ)}" if render.does(occ) else "")
        head.append(", " + ngettext("{money} pocket money, {n} copy", "{money} pocket money, {n} copies",
                                    occ.copies).format(money=format_money(occ.pocket), n=occ.copies))
        effect = Text(render.annex_text(occ) or _("No annex."), style="" if occ.annex_name else "dim")
        entries += [head, Padding(effect, (0, 0, 0, 2))]
    return Group(*entries)


class CardsScreen(TranslatedBindings, ModalScreen[None]):
    """The card reference, for a player who wants to check an annex's effect."""

    DOMAINS = ("bloodyinn",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,c,q", "close", N_("Close"))]

    def compose(self) -> Any:
        with VerticalScroll(id="cards") as cards:
            cards.border_title = _("The guests and their annexes (arrows scroll, Escape closes)")
            yield Static(card_list())

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(TranslatedBindings, ModalScreen[None]):
    DOMAINS = ("bloodyinn",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", N_("Close"))]

    def __init__(self, solo: bool = False) -> None:
        super().__init__()
        self._solo = solo

    def compose(self) -> Any:
        with VerticalScroll(id="help") as help_box:
            help_box.border_title = _("Keys, no mouse needed (Escape closes)")
            yield Static(Text((_(HELP) + (solo_help() if self._solo else "")).rstrip("\n")))

    def action_close(self) -> None:
        self.dismiss(None)


class LosingMoveScreen(TranslatedBindings, ModalScreen[bool]):
    """Asked before a move that the engine says loses a solitaire game to the police."""

    DOMAINS = ("bloodyinn",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("y", "answer(True)", N_("Play it")),
                                             Binding("n,escape", "answer(False)", N_("Choose again"))]

    def __init__(self, move: str) -> None:
        super().__init__()
        self._move = move

    def compose(self) -> Any:
        with Vertical(id="losing"):
            yield Static(Text.assemble(
                (_("This move loses the game.") + "\n\n", "bold red"), f"{self._move}.\n\n",
                _("Afterwards you will have an unburied corpse when the police investigate or the game ends,"
                  " whatever you do this round: in solitaire that loses at once (R-SOLO-4).") + "\n\n",
                (_("y: play it anyway    n or Escape: choose again"), "bold")))

    def action_answer(self, play_it: bool) -> None:
        self.dismiss(play_it)


def tie_break(game: Game) -> str | None:
    """Why the winner won when booty was tied (R-END-7), from the engine's breakdown and winners."""
    rows = game.score_breakdown()
    best = max(row["total"] for row in rows)
    tied = [row for row in rows if row["total"] == best]
    if len(tied) < 2:
        return None
    corpses = ", ".join(f"{render.player(row['seat'])}: {row['corpses_under_own_annexes']}" for row in tied)
    if len(game.winners()) > 1:
        return _("Tied at {money} and on corpses buried under own annexes ({corpses}): the victory is shared.").format(
            money=format_money(best), corpses=corpses)
    return _("Tied at {money}: the tie is broken by corpses buried under one's own annexes ({corpses}).").format(
        money=format_money(best), corpses=corpses)


def end_bonus_text(bonus: dict[str, Any]) -> str:
    """'Park +2F (38F over the 40F cap, lost)': what the engine says the annex added, and what the cap took."""
    text = f"{render.bonus_title(bonus['annex'])} +{format_money(bonus['amount'])}"
    if bonus["lost"]:
        return text + " " + _("({money} over the 40F cap, lost)").format(money=format_money(bonus["lost"]))
    return text


def results(game: Game, labels: list[str]) -> RenderableType:
    """Each innkeeper's booty: cash and checks add up to the total, which includes what the end-game annexes
    added (shown apart, not added again), then the tie-break count; the winners marked, except in solitaire."""
    table = Table(title=_("Final booty"), expand=False)
    headings = (_("Innkeeper"), _("Cash"), _("Checks"), _("Total"), _("Of which end-game annexes"),
                _("Corpses under own annexes"))
    for number, name in enumerate(headings):
        table.add_column(name, justify="left" if number == 0 else "right")
    winners = [] if game.config.solo else game.winners()
    rows = game.score_breakdown()
    for row in rows:
        gained = sum(b["amount"] for b in row["end_bonus"])
        name = labels[row["seat"]] + ("  " + _("WINNER") if row["seat"] in winners else "")
        table.add_row(name, format_money(row["cash"]), f"{row['checks']} x {format_money(10)}",
                      Text(format_money(row["total"]), style="bold"),
                      format_money(gained) if row["end_bonus"] else "-", str(row["corpses_under_own_annexes"]))
    lines: list[RenderableType] = [Text(_("The game is over."), style="bold"), Text(""), table, Text("")]
    # Each annex's income in words under the table, where a narrow terminal has room for it.
    lines += [Text(_("{player} at the end: {bonuses}.").format(
        player=labels[row["seat"]], bonuses=", ".join(end_bonus_text(b) for b in row["end_bonus"])))
        for row in rows if row["end_bonus"]]
    if any(row["end_bonus"] for row in rows):
        lines.append(Text(""))
    if game.config.solo:
        if game.lost:
            lines.append(Text(_("Arrested! The police found unburied corpses: the game is lost."), style="bold red"))
        elif title := game.solo_title():
            lines.append(Text(_("You are a {title} ({money}).").format(title=solo_title_name(title),
                                                                         money=format_money(game.scores()[0])),
                              style="bold"))
        elif game.config.length == "long":
            lines.append(Text(_("{money}: below {least} the rulebook gives no title.").format(
                money=format_money(game.scores()[0]), least=format_money(min(SOLO_TITLES)[0])), style="bold"))
        else:
            lines.append(Text(_("{money}. (The rulebook's titles are for the long game.)").format(
                money=format_money(game.scores()[0])), style="bold"))
    else:
        names = join_names([labels[seat] for seat in winners])
        text = _("Winners: {names}") if len(winners) > 1 else _("Winner: {names}")
        lines.append(Text(text.format(names=names), style="bold"))
        reason = tie_break(game)
        if reason:
            lines.append(Text(reason))
    lines += [Text(""), Text(_("Escape: back to the board and the log    q: quit"), style="dim")]
    return Group(*lines)


class EndScreen(tabletop_app.EndScreen):
    DOMAINS = ("bloodyinn",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Board and log"))]

    def __init__(self, game: Game, labels: list[str]) -> None:
        super().__init__(results(game, labels))
