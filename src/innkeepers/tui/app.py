"""The Textual app: the table and the hotels, the chooser and the log, with bots playing on worker threads.

The screen always shows one seat's view (`game.view(seat)`), never the full state. Against bots that is the
person's seat. At a table of several people it is nobody's (hands hidden) until the next person to decide has
said, on the hand-over screen, that they are at the keyboard; it goes back to nobody's as soon as they have
decided, so a committed card is never in view when the next person sits down.
"""

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

from tabletop.tui.chooser import ChooserPanel
from tabletop.tui.notation import NotationScreen

from ..actions import Action
from ..errors import InnkeepersError
from .choice import Chooser
from .render import DECISIONS
from .screens import EndScreen, HandoverScreen, HelpScreen
from .session import HEADLINE, Session
from .widgets import BoardPanel, StatusBar, TablePanel

# A decision in the log ("P2: places the customer ..."), as opposed to its consequences.
DECISION = re.compile(r"P\d: ")
CSS = """
#status { height: 2; padding: 0 1; background: $boost; }
#main { height: 1fr; }
#left { width: 2fr; min-width: 50; scrollbar-size-vertical: 1; }
#side { width: 1fr; min-width: 30; max-width: 60; }
TablePanel, BoardPanel { border: round $primary; padding: 0 1; height: auto; }
BoardPanel { padding: 0; }
#chooser { border: round $accent; padding: 0 1; height: auto; max-height: 80%; }
#options { height: auto; max-height: 7; border: none; padding: 0; }
#details { height: auto; color: $text-muted; margin-top: 1; }
#log { border: round $primary; height: 1fr; min-height: 4; }
NotationScreen, HelpScreen, HandoverScreen { align: center middle; }
#notation, #handover { width: 100%; max-width: 90; height: auto; border: thick $accent; background: $surface;
                       padding: 1 2; }
#help { width: 100%; max-width: 110; height: 100%; border: thick $accent; background: $surface; padding: 0 1;
        scrollbar-size-vertical: 1; }
#notation-error { margin-top: 1; }
#end { padding: 1 2; height: 1fr; }
"""


class InnkeepersApp(App[None]):
    TITLE = "Innkeepers"
    CSS = CSS
    # Help and quit come first, so that a narrow terminal's footer still shows them.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("colon,t", "notation", "Type"),
        Binding("b", "next_board", "Boards"),
        Binding("space", "skip", "Skip pauses"),
        Binding("s", "save", "Save"),
        Binding("r", "results", "Results"),
    ]

    def __init__(self, session: Session, pace: float = 0.8, notices: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        # Said once the screen is up (e.g. command-line options that --load ignored).
        self.notices = notices
        # The seat whose view is on the screen (None: nobody's, every hand hidden).
        self.viewer: int | None = session.seats.index("human") if session.humans == 1 else None
        # The save failure last shown, so each failure (and the recovery) is announced once.
        self._save_error: str | None = None
        # Set by the skip key: bots play without pauses until a person must decide again.
        self._fast = False
        self._skip = asyncio.Event()

    def compose(self) -> Any:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield TablePanel(id="table")
                for seat in range(len(self.session.seats)):
                    yield BoardPanel(seat, id=f"board{seat}")
            with Vertical(id="side"):
                yield ChooserPanel(two_digits=True, id="chooser")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Log"
        self.write(self.session.log)
        for notice in self.notices:
            self.write([notice])
            self.notify(notice, title="Note", severity="warning", timeout=10)
        self.next_turn()

    # ------------------------------------------------------------------------------------------ drawing

    @property
    def chooser(self) -> ChooserPanel:
        return self.query_one("#chooser", ChooserPanel)

    @property
    def hot_seat(self) -> bool:
        return self.session.humans > 1

    def write(self, lines: list[str]) -> None:
        log = self.query_one("#log", RichLog)
        for line in lines:
            if line.startswith(HEADLINE):
                log.write(Text(line, style="bold reverse"))
            else:
                log.write(Text(line, style="bold" if DECISION.match(line) else ""))

    def refresh_board(self) -> None:
        session = self.session
        view = session.game.view(self.viewer)
        labels = session.labels
        self.query_one("#status", StatusBar).show(view, labels, session.save_error)
        self.announce_save_state()
        self.query_one("#table", TablePanel).show(view, labels)
        for panel in self.query(BoardPanel):
            panel.show(view, labels)

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

    # ------------------------------------------------------------------------------------------ turns

    def next_turn(self) -> None:
        """Show the table, then hand the decision to a person, the bots, or the end screen."""
        session = self.session
        seat = session.seat
        if session.game.is_over:
            self.refresh_board()
            self.chooser.wait("The game is over: r shows the results again, q quits.", "Game over")
            self.action_results()
        elif session.human_to_play:
            assert seat is not None
            self._fast = False
            self._skip.clear()
            if self.hot_seat and self.viewer != seat:
                self.viewer = None  # nobody's hand in view while the keyboard changes hands
                self.refresh_board()
                self.chooser.wait(f"Waiting for {session.labels[seat]} to come to the keyboard.", "Hot seat")
                self.push_screen(HandoverScreen(session.labels[seat], DECISIONS[session.game.decision or "play"]),
                                 lambda _: self._sit_down(seat))
                return
            self.refresh_board()
            self.chooser.load(Chooser(session.game, seat, session.labels), f"{session.labels[seat]}: your move")
            self._show_relevant_board(seat)
        else:
            if self.hot_seat:
                self.viewer = None
            self.refresh_board()
            self.run_bots()

    def _sit_down(self, seat: int) -> None:
        self.viewer = seat
        self.next_turn()

    def _show_relevant_board(self, seat: int) -> None:
        """Placing a customer: the seat's own hotel; anything else: the table (the trick, the hand)."""
        left = self.query_one("#left", VerticalScroll)
        if self.session.game.decision in ("place", "host"):
            left.scroll_to_widget(self.query_one(f"#board{seat}"), animate=False, top=True)
        else:
            left.scroll_home(animate=False)

    @work(exclusive=True, group="bots")
    async def run_bots(self) -> None:
        session = self.session
        # The bots' last move stays in view while the next bot thinks.
        lines: list[str] = []
        while not session.game.is_over and not session.human_to_play:
            seat, bot, view, legal = session.bot_request()
            if not self._hurried:
                self.chooser.wait(f"{session.labels[seat]} is thinking...  (space: skip the pauses)", "Bots' turn",
                                  lines)
            # The bot thinks on a thread so the screen stays responsive; it only sees its seat's view.
            try:
                action = session.game.validate(await asyncio.to_thread(bot.choose, view, legal), seat=seat)
            except Exception as exc:  # a broken bot must not end the game: its seat plays at random instead
                self.write([f"The bot of {session.labels[seat]} failed ({exc}); it plays at random."])
                action = random.Random(len(session.game.actions)).choice(legal)
            lines = self.commit(seat, action, next_turn=False)
            if not session.game.is_over and not session.human_to_play and not self._hurried:
                # Each bot's move stays in view for a moment; skipped, the screen is drawn once at the end.
                self.refresh_board()
                self.chooser.wait(f"{session.labels[seat]} has played.  (space: skip the pauses)", "Bots' turn",
                                  lines)
                await self._pause()
        self.next_turn()

    @property
    def _hurried(self) -> bool:
        """No pauses between the bots' moves (space was pressed, or the pace is 0)."""
        return self._fast or self.pace <= 0

    async def _pause(self) -> None:
        if self._hurried:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), self.pace)

    def commit(self, seat: int, action: Action | str, next_turn: bool = True) -> list[str]:
        """Apply a decision and log it; returns the log lines (the engine's message if it was refused)."""
        try:
            lines = self.session.apply(action, seat)
        except InnkeepersError as exc:
            lines = [f"Not accepted: {exc}"]
            self.notify(str(exc), title="Not accepted", severity="error")
        self.write(lines)
        if next_turn:
            self.next_turn()
        return lines

    def on_chooser_panel_decided(self, message: ChooserPanel.Decided) -> None:
        seat = self.session.seat
        assert seat is not None
        self.commit(seat, message.action)

    # ------------------------------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys for playing are hidden once the game is over, and the results key only appears then."""
        over = self.session.game.is_over
        if action == "results":
            return over and not isinstance(self.screen, EndScreen)
        if action == "skip":
            return not over and bool(self.session.bots)
        if action == "undo":
            return not over and self.session.humans == 1
        if action in ("notation", "hint"):
            return not over
        if action == "next_board":
            return not isinstance(self.screen, EndScreen)
        return True

    def action_results(self) -> None:
        if not isinstance(self.screen, EndScreen):
            self.push_screen(EndScreen(self.session.game, self.session.labels))

    def action_skip(self) -> None:
        self._fast = True
        self._skip.set()

    def action_next_board(self) -> None:
        """Scroll to the next hotel board (after the last one, back to the table)."""
        left = self.query_one("#left", VerticalScroll)
        panels = [self.query_one("#table"), *(self.query_one(f"#board{s}") for s in range(len(self.session.seats)))]
        tops = [min(panel.virtual_region.y, left.max_scroll_y) for panel in panels]
        later = [i for i, top in enumerate(tops) if top > left.scroll_y]
        target = panels[later[0]] if later else panels[0]
        left.scroll_to_widget(target, animate=False, top=True)

    def action_undo(self) -> None:
        session = self.session
        if session.game.is_over:
            self.notify("The game is over.")
            return
        if session.humans != 1:
            self.notify("Undo is for games against bots only.")
            return
        if not session.can_undo:
            self.notify("There is no decision of yours to take back.")
            return
        self.workers.cancel_group(self, "bots")
        self.write(session.undo())
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

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.session.game.config))

    def action_notation(self) -> None:
        session = self.session
        seat = session.seat
        if not session.human_to_play or seat is None or self.chooser.chooser is None:
            self.notify("Wait for your turn to type an action.")
            return
        game = session.game
        examples = [str(a) for a in game.legal_actions(seat)[:3]]

        def done(action: Action | None) -> None:
            if action is not None:
                self.commit(seat, action)
            else:
                self.chooser.option_list.focus()

        self.push_screen(NotationScreen(lambda text: game.validate(text, seat=seat), examples,
                                        ("Cards 7s 12h, rooms room12, seats p2, customers lux-s-pool.",),
                                        "e.g. play 7s, place room12, pass", (InnkeepersError,)), done)

    def action_hint(self) -> None:
        if not self.session.human_to_play or self.chooser.chooser is None:
            self.notify("Hints are for your own decisions.")
            return
        self.chooser.show_note(["Asking the hard bot for advice..."])
        self.fetch_hint()

    @work(exclusive=True, group="hint")
    async def fetch_hint(self) -> None:
        session = self.session
        moves = len(session.game.actions)
        view, legal = session.hint_request()
        found = await asyncio.to_thread(session.hints, view, legal)
        if len(session.game.actions) != moves:  # the position changed while the bot thought: the advice is stale
            return
        lines = ["Hint (pts vs best rival):",
                 *(f"{n}. {h.text}" for n, h in enumerate(found, 1))]
        self.chooser.show_note(lines, found[0].action if found else None)
        if not self.hot_seat:  # at a shared keyboard the log stays free of a seat's private advice
            self.write(lines)
