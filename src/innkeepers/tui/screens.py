"""Screens over the table: the help (keys, rules, every assumption and whether it is on), the hand-over between
people at one keyboard, and the end of the game."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tabletop.tui import app as tabletop_app
from tabletop.tui.translate import TranslatedBindings

from ..assumptions import ASSUMPTIONS, Assumption
from ..cards import BONUS_BY_ID
from ..config import GameConfig
from ..game import Game
from ..texts import assumption_text, bonus_name, player_name, render_note, rules_summary
from ..texts.catalog import N_, _
from . import render

KEYS = N_("""\
  Up/Down, Enter  pick an option; Enter (or y) confirms every decision
  1-9             pick by number: a card by its place in your hand,
                  a room by its number (10-15: 1, then the 2nd digit);
                  a placement waits for a room's number (or arrows)
  Backspace, Esc  step back
  Tab             to the choices, the boards, the log (heavy frame)
  : or t          type an action: play 7s, place room12, pass
  h               hint: the hard bot's 3 best moves, with the points
                  it expects to be ahead of the best rival
  u               take back your last decision, until the cards are
                  shown (a reveal or a draw stands); against bots only
  space           skip the bots' pauses
  s               save now (the game also saves after each move)
  b               the next hotel board
  ?               this help
  q               quit (--load resumes)
""")

def assumption_state(assumption: Assumption, config: GameConfig) -> tuple[bool, str]:
    """(switched, words): whether this game plays the alternative of the assumption, and what it plays."""
    name = assumption.flag_name
    if name == "players":
        return False, _("this game: {n} players").format(n=config.players)
    if not name:
        return False, _("always (no flag)")
    value = getattr(config, name)
    default = getattr(GameConfig(), name)
    flag = f"{name}={value!r}"
    if value == default:
        return False, _("default ({flag})").format(flag=flag)
    if assumption.alternative:
        return True, _("SWITCHED ON: {flag}: {alternative}").format(flag=flag,
                                                                     alternative=assumption_text(assumption.alternative))
    return True, _("SWITCHED ON: {flag}").format(flag=flag)


def assumptions(config: GameConfig) -> Group:
    """Every assumption of this edition, each with its default and whether this game switches it."""
    lines: list[RenderableType] = [Text(_("Assumptions: where the draft is silent, this edition plays..."), "bold")]
    for assumption in ASSUMPTIONS:
        switched, words = assumption_state(assumption, config)
        head = Text.assemble((assumption.id, "bold"), f" {assumption_text(assumption.question)}: ",
                             assumption_text(assumption.default))
        lines += [head, Padding(Text(words, style="bold red" if switched else "dim"), (0, 0, 0, 2))]
    return Group(*lines)


def help_text(config: GameConfig) -> Group:
    return Group(Text(_("Keys, no mouse needed"), style="bold"), Text(_(KEYS).rstrip("\n")), Text(""),
                 Text(_("The rules in plain words"), style="bold"), Text("\n\n".join(rules_summary(config))),
                 Text(""), Text(_(render.LEGEND), style="dim"),
                 Text(""), assumptions(config))


class HelpScreen(TranslatedBindings, ModalScreen[None]):
    DOMAINS = ("innkeepers",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", N_("Close"))]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self._config = config

    def compose(self) -> Any:
        with VerticalScroll(id="help") as box:
            box.border_title = _("Help: arrows and PgUp/PgDn scroll, Escape closes")
            yield Static(help_text(self._config))

    def action_close(self) -> None:
        self.dismiss(None)


class HandoverScreen(TranslatedBindings, ModalScreen[None]):
    """At a table of several people: the screen hides every hand until the next person says they are there."""

    DOMAINS = ("innkeepers",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", N_("I am here"))]

    def __init__(self, label: str, what: str) -> None:
        super().__init__()
        self._label = label
        self._what = what

    def compose(self) -> Any:
        with Vertical(id="handover"):
            yield Static(Text.assemble((_("{player}'s turn").format(player=self._label), "bold"),
                                       " " + _("to {what}.").format(what=self._what) + "\n\n"
                                       + _("Everyone else, look away: {player}'s hand shows next.").format(
                                           player=self._label) + "\n\n",
                                       (_("{player}, press Enter when you are at the keyboard.").format(
                                           player=self._label), "bold")))

    def action_ready(self) -> None:
        self.dismiss(None)


# ------------------------------------------------------------------------------------------------ the end


def tie_break(game: Game) -> str | None:
    """Why the winners won when points were tied (I-R-39, I-G-27), from the engine's breakdown and winners."""
    rows = game.score_breakdown()
    best = max(row["total"] for row in rows)
    tied = [row for row in rows if row["total"] == best]
    if len(tied) < 2:
        return None
    matched = ", ".join(f"{player_name(row['seat'])}: {row['meeples']}" for row in tied)
    if len(game.winners()) > 1:
        return _("Tied at {points} points and on matched amenities ({matched}): the win is shared.").format(
            points=best, matched=matched)
    return _("Tied at {points} points: the most matched amenities wins ({matched}).").format(points=best,
                                                                                            matched=matched)


def results(game: Game, labels: list[str]) -> Group:
    """Final scores with the breakdown, the bonus cards, the tie-break and the winners."""
    table = Table(header_style="bold", box=None, padding=(0, 1, 0, 0), pad_edge=False)
    headings = (_("Player"), _("Meeple"), _("Cube"), _("Host"), _("Upgr"), _("Refer"), _("Kept"), _("Bonus"),
                _("Total"))
    for number, heading in enumerate(headings):
        table.add_column(heading, justify="left" if number == 0 else "right", no_wrap=True)
    winners = game.winners()
    for row in game.score_breakdown():
        seat = row["seat"]
        table.add_row(Text(labels[seat] + (" *" if seat in winners else ""), style=render.SEAT_STYLE[seat]),
                      f"{row['meeples']}x3", f"{row['cubes']}x2", str(row["hosted"]), f"{row['upgraded']}x2",
                      str(row["referrals"]), f"-{row['penalties']}", f"+{row['bonus']}",
                      Text(str(row["total"]), style="bold"))
    bonuses = [Text(f"{labels[row['seat']]}: {bonus_name(BONUS_BY_ID[row['bonus_card']])}, +{row['bonus']}")
               for row in game.score_breakdown()]
    names = ", ".join(labels[s] for s in winners)
    winning = _("Winners: {names}") if len(winners) > 1 else _("Winner: {names}")
    lines: list[RenderableType] = [
        Text(_("The game is over: {reason}.").format(reason=render_note(game.view(None)["end_reason"])),
             style="bold"), Text(""), table,
        Text(_("Meeple +3 each, cube +2, referral hosted +1 (upgraded +2), referral made +1, kept -1."),
             style="dim"),
        Text(""), Text(_("Bonus cards"), style="bold"), *bonuses, Text(""),
        Text(winning.format(names=names), style="bold")]
    reason = tie_break(game)
    if reason:
        lines.append(Text(reason))
    lines += [Text(""), Text(_("Escape: back to the table and the log    q: quit"), style="dim")]
    return Group(*lines)


class EndScreen(tabletop_app.EndScreen):
    DOMAINS = ("innkeepers",)
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Table and log"))]

    def __init__(self, game: Game, labels: list[str]) -> None:
        super().__init__(results(game, labels))
