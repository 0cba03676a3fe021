"""The Textual app: the board, the chooser and the log, with bots playing on worker threads."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, RichLog

from ..actions import Action
from ..errors import BloodyInnError
from . import render
from .choice import Chooser
from .screens import CardsScreen, EndScreen, HelpScreen, LosingMoveScreen, NotationScreen
from .session import HEADLINE, Session
from .widgets import ChooserPanel, InnPanel, PlayersPanel, StatusBar

NOTATION_NOTES = ("Annexes by card id (distiller.2), barns by player (barn.P1).",)
# A decision in the log ("P2: Kill the Count ..."), as opposed to its consequences.
DECISION = re.compile(r"P\d: ")
CSS = """
#status { height: 2; padding: 0 1; background: $boost; }
#main { height: 1fr; }
#board { width: 3fr; scrollbar-size-vertical: 1; }
#side { width: 2fr; }
InnPanel, PlayersPanel { border: round $primary; padding: 0 1; height: auto; }
#chooser { border: round $accent; padding: 0 1; height: auto; max-height: 70%; }
#options { height: auto; max-height: 16; border: none; padding: 0; }
#details { height: auto; color: $text-muted; margin-top: 1; }
#log { border: round $primary; height: 1fr; min-height: 6; }
NotationScreen, HelpScreen, CardsScreen, LosingMoveScreen { align: center middle; }
#cards { width: 100%; max-width: 110; height: 100%; border: thick $accent; background: $surface; padding: 0 1; }
#notation, #losing { width: 100%; max-width: 90; height: auto; border: thick $accent; background: $surface;
                     padding: 1 2; }
#help { width: 100%; max-width: 84; height: auto; max-height: 100%; border: thick $accent; background: $surface;
        padding: 0 1; scrollbar-size-vertical: 1; }
#losing { border: thick $error; }
#notation-error { margin-top: 1; }
#end { padding: 1 2; height: 1fr; }
"""


class BloodyInnApp(App[None]):
    TITLE = "The Bloody Inn"
    CSS = CSS
    # Help and quit come first, so that a narrow terminal's footer still shows them.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("i", "board_view", "Inn/innkeepers"),
        Binding("colon,t", "notation", "Type"),
        Binding("space", "skip", "Skip pauses"),
        Binding("s", "save", "Save"),
        Binding("r", "results", "Results"),
        Binding("c", "cards", "Cards"),
    ]

    def __init__(self, session: Session, pace: float = 0.8, notices: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        # Said once the screen is up (e.g. command-line options that --load ignored).
        self.notices = notices
        # The save failure last shown, so each failure (and the recovery) is announced once.
        self._save_error: str | None = None
        # Set by the skip key: bots play without pauses until a person must decide again.
        self._fast = False
        self._skip = asyncio.Event()
        # Whether the board is taller than its place (a small terminal), for the inn/innkeepers key.
        self._board_overflows = False
        # At a hot-seat table, the person who decided last; a change of person is announced.
        self._last_human: int | None = None

    def compose(self) -> Any:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield InnPanel(id="inn")
                yield PlayersPanel(id="players")
            with Vertical(id="side"):
                yield ChooserPanel(id="chooser")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = "Log"
        self.write(self.session.log)
        for notice in self.notices:
            self.write([notice])
            self.notify(notice, title="Note", severity="warning", timeout=10)
        self.next_turn()

    # ------------------------------------------------------------------------------------------ turns

    @property
    def chooser(self) -> ChooserPanel:
        return self.query_one("#chooser", ChooserPanel)

    def write(self, lines: list[str]) -> None:
        log = self.query_one("#log", RichLog)
        for line in lines:
            if line.startswith(HEADLINE):
                log.write(Text(line, style="bold reverse"))
            else:
                log.write(Text(line, style="bold" if DECISION.match(line) else ""))

    def refresh_board(self) -> None:
        view = self.session.game.view(None)
        labels = self.session.labels
        self.query_one("#status", StatusBar).show(view, labels, self.session.save_error)
        self.announce_save_state()
        self.query_one("#inn", InnPanel).show(view)
        self.query_one("#players", PlayersPanel).show(view, labels)
        self.call_after_refresh(self._check_board_fit)

    def announce_save_state(self) -> None:
        """Say when saving starts failing (the game goes on) and when it works again."""
        error = self.session.save_error
        if error == self._save_error:
            return
        if error is not None:
            self.write([f"Not saved: {error}. The game goes on; s tries again."])
            self.notify(f"{error}. The game goes on; s tries again.", title="Not saved", severity="error",
                        timeout=10)
        else:
            self.notify(f"Saved to {self.session.save_path}", title="Saving works again")
        self._save_error = error

    def next_turn(self) -> None:
        """Show the board, then hand the decision to a person, the bots, or the end screen."""
        self.refresh_board()
        session = self.session
        if session.game.is_over:
            self.chooser.wait("The game is over: r shows the results again, q quits.", "Game over")
            self.action_results()
        elif session.human_to_play:
            self._fast = False
            self._skip.clear()
            seat = session.seat
            assert seat is not None
            if seat != self._last_human and sum(session.is_human(s) for s in range(len(session.seats))) > 1:
                self.notify(f"{session.labels[seat]}, your move.", title="Hot seat")
            self._last_human = seat
            self.chooser.load(Chooser(session.game), f"{session.labels[seat]}: your move")
        else:
            self.run_bots()

    @work(exclusive=True, group="bots")
    async def run_bots(self) -> None:
        session = self.session
        # The bots' last move stays in view while the next bot thinks.
        lines: list[str] = []
        while not session.game.is_over and not session.human_to_play:
            seat = session.seat
            assert seat is not None
            bot, view, legal = session.bot_request()
            self.chooser.wait(f"{session.labels[seat]} is thinking...  (space: skip the pauses)", "Bots' turn",
                              lines)
            # The bot thinks on a thread so the screen stays responsive; it only sees its seat's view.
            try:
                action = session.game.validate(await asyncio.to_thread(bot.choose, view, legal))
            except Exception as exc:  # a broken bot must not end the game: its seat plays at random instead
                self.write([f"The bot of {session.labels[seat]} failed ({exc}); it plays at random."])
                action = random.Random(len(session.game.actions)).choice(legal)
            lines = self.commit(action, next_turn=False)
            self.refresh_board()
            self.chooser.wait(f"{session.labels[seat]} has played.  (space: skip the pauses)", "Bots' turn", lines)
            if not session.game.is_over and not session.human_to_play:
                await self._pause()
        self.next_turn()

    async def _pause(self) -> None:
        if self._fast or self.pace <= 0:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), self.pace)

    def commit(self, action: Action, next_turn: bool = True) -> list[str]:
        """Apply a decision and log it; returns the log lines (the engine's message if it was refused)."""
        try:
            lines = self.session.apply(action)
        except BloodyInnError as exc:
            lines = [f"Not accepted: {exc}"]
            self.notify(str(exc), title="Not accepted", severity="error")
        self.write(lines)
        if next_turn:
            self.next_turn()
        return lines

    def on_chooser_panel_decided(self, message: ChooserPanel.Decided) -> None:
        self.decide(message.action)

    def decide(self, action: Action) -> None:
        """Play a person's decision; one that the engine says loses a solitaire game is asked about first."""
        if not self.session.game.loses_to_police(action):
            self.commit(action)
            return

        def answer(play_it: bool | None) -> None:
            if play_it:
                self.commit(action)
            else:
                self.next_turn()  # back to a fresh choice

        self.push_screen(LosingMoveScreen(self.session.game.describe(action)), answer)

    # ------------------------------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys for playing are hidden once the game is over, and the results key only appears then."""
        over = self.session.game.is_over
        if action == "results":
            return over and not isinstance(self.screen, EndScreen)
        if action == "skip":
            return not over and bool(self.session.bots)
        if action in ("hint", "undo", "notation"):
            return not over
        if action == "board_view":  # only on the board, when it does not fit (a small terminal)
            return self._board_overflows and bool(self.screen.query("#board"))
        return True

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_board_fit)

    def _check_board_fit(self) -> None:
        """Offer the inn/innkeepers key when the board starts or stops overflowing (redrawing the footer only
        then: it is slow)."""
        boards = self.screen.query("#board")
        overflows = bool(boards) and boards.first(VerticalScroll).max_scroll_y > 0
        if overflows != self._board_overflows:
            self._board_overflows = overflows
            self.refresh_bindings()

    def action_board_view(self) -> None:
        """On a small terminal the board scrolls: this key goes from the inn to the innkeepers and back."""
        board = self.query_one("#board", VerticalScroll)
        players = self.query_one("#players", PlayersPanel)
        if board.scroll_y < min(players.virtual_region.y, board.max_scroll_y):
            board.scroll_to_widget(players, animate=False, top=True)
        else:
            board.scroll_home(animate=False)

    def action_results(self) -> None:
        if not isinstance(self.screen, EndScreen):
            self.push_screen(EndScreen(self.session.game, self.session.labels))

    def action_skip(self) -> None:
        self._fast = True
        self._skip.set()

    def action_undo(self) -> None:
        if self.session.game.is_over:
            self.notify("The game is over.")
            return
        if not self.session.can_undo:
            self.notify("There is no decision of yours to take back.")
            return
        self.workers.cancel_group(self, "bots")
        self.write(self.session.undo())
        self.next_turn()

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except OSError as exc:
            self.notify(f"Could not save: {exc}", title="Not saved", severity="error")
            return
        self.write([f"Game saved to {path}."])
        self.notify(f"Saved to {path}", title="Saved")
        if self.session.save_error is not None and path == self.session.save_path:
            self.session.save_error = self._save_error = None
            self.refresh_board()

    def action_cards(self) -> None:
        self.push_screen(CardsScreen())

    def action_help(self) -> None:
        self.push_screen(HelpScreen(solo=self.session.game.config.solo))

    def action_notation(self) -> None:
        if not self.session.human_to_play:
            self.notify("Wait for your turn to type an action.")
            return
        game = self.session.game
        examples = [render.notation(a) for a in game.legal_actions()[:3]]

        def done(action: Action | None) -> None:
            if action is not None:
                self.decide(action)
            else:
                self.chooser.option_list.focus()

        self.push_screen(NotationScreen(game.validate, examples, NOTATION_NOTES, "e.g. bribe room3 pay peasant",
                                        (BloodyInnError,)), done)

    def action_hint(self) -> None:
        if not self.session.human_to_play:
            self.notify("Hints are for your own turn.")
            return
        self.chooser.show_note(["Asking the hard bot for advice..."])
        self.fetch_hint()

    @work(exclusive=True, group="hint")
    async def fetch_hint(self) -> None:
        game = self.session.game
        moves = len(game.actions)
        view, legal = self.session.hint_request()
        found = await asyncio.to_thread(Session.hints, view, legal)
        if len(game.actions) != moves:  # the position changed while the bot thought: the advice is stale
            return
        lines = ["Hint from the hard bot:",
                 *(f"{n}. {h.text} [{render.notation(h.action)}]" for n, h in enumerate(found, 1))]
        self.chooser.show_note(lines, found[0].action if found else None)
        self.write(lines)
