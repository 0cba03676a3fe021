"""What both terminal games' apps do the same way: the log, bots playing on worker threads at a pace that space
skips, saving (and saying when autosave fails or works again), undo against bots, the notation prompt and the
end screen. Each game's app subclasses `TableApp` with its layout, its drawing and how a seat's decision is
validated and applied."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from ..catalog import N_, _
from ..session import HEADLINE, HintLine, TableSession
from .chooser import ChooserPanel
from .notation import NotationScreen
from .translate import TranslatedBindings

# A decision in the log ("P2: ..."), as opposed to its consequences.
DECISION = re.compile(r"\w\d\s?: ")


class EndScreen(TranslatedBindings, Screen[None]):
    """The results, with the way back to the board and the log. A game's subclass names where escape goes back
    to (its binding replaces this one in place, so the footer keeps the order)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, results: RenderableType) -> None:
        super().__init__()
        self._results = results

    def compose(self) -> Any:
        with VerticalScroll(id="end"):
            yield Static(self._results, id="results")
        yield Footer()

    def action_back(self) -> None:
        self.dismiss(None)


class TableApp(TranslatedBindings, App[None]):
    """A game at a terminal table. Subclasses draw (`refresh_board`), decide who plays next (`next_turn`), and
    implement the hooks below; the log widget is `#log` and the chooser `#chooser`."""

    # The chooser's keys, here rather than on the chooser so that they work whichever panel has the focus.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace,escape", "step_back", N_("Step back")),
        Binding("enter", "select", show=False),
        Binding("y", "confirm", show=False),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(10)),
    ]
    # The engine's refusals: shown as "Not accepted" and the game goes on.
    ERRORS: ClassVar[tuple[type[Exception], ...]] = (ValueError,)
    NOTATION_NOTES: ClassVar[tuple[str, ...]] = ()
    NOTATION_PLACEHOLDER: ClassVar[str] = ""
    HINT_REFUSAL: ClassVar[str] = N_("Hints are for your own turn.")

    session: TableSession

    def __init__(self, session: TableSession, pace: float = 0.8, notices: tuple[str, ...] = ()) -> None:
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

    # ------------------------------------------------------------------------------------------ the game's part

    def next_turn(self) -> None:
        """Show the board, then hand the decision to a person, the bots (`run_bots`), or the end screen."""
        raise NotImplementedError

    def refresh_board(self) -> None:
        """Draw the board; calls `announce_save_state`."""
        raise NotImplementedError

    def end_screen(self) -> EndScreen:
        raise NotImplementedError

    def bot_request(self) -> tuple[int, Any, dict[str, Any], list[Any]]:
        """The seat whose bot decides now, the bot, its view and the legal actions."""
        raise NotImplementedError

    def validate(self, seat: int, action: Any) -> Any:
        """`seat`'s action (or its notation) as the engine's action; raises one of `ERRORS` if not legal."""
        raise NotImplementedError

    def apply(self, seat: int, action: Any) -> list[str]:
        """Apply `seat`'s decision through the session; returns the new log lines."""
        raise NotImplementedError

    def notation_examples(self, seat: int) -> list[str]:
        raise NotImplementedError

    def refusal(self, error: Exception) -> str:
        """The engine's refusal in the language in use."""
        return str(error)

    def decide(self, seat: int, action: Any) -> None:
        """Play a person's decision (a game may ask about it first)."""
        self.commit(seat, action)

    # ------------------------------------------------------------------------------------------ log

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = _("Log")
        self.write(self.session.log)
        for notice in self.notices:
            self.write([notice])
            self.notify(notice, title=_("Note"), severity="warning", timeout=10)
        self.next_turn()

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

    def announce_save_state(self) -> None:
        """Say when saving starts failing (the game goes on) and when it works again."""
        error = self.session.save_error
        if error == self._save_error:
            return
        if error is not None:
            self.write([_("Not saved: {error}. The game goes on; s tries again.").format(error=error)])
            self.notify(_("{error}. The game goes on; s tries again.").format(error=error), title=_("Not saved"),
                        severity="error", timeout=10)
        else:
            self.notify(_("Saved to {path}").format(path=self.session.save_path), title=_("Saving works again"))
        self._save_error = error

    # ------------------------------------------------------------------------------------------ turns

    def person_to_decide(self) -> None:
        """A person decides next: the bots' pauses come back for the next bots' turn."""
        self._fast = False
        self._skip.clear()

    def game_over(self) -> None:
        self.chooser.wait(_("The game is over: r shows the results again, q quits."), _("Game over"))
        self.action_results()

    @work(exclusive=True, group="bots")
    async def run_bots(self) -> None:
        session = self.session
        # The bots' last move stays in view while the next bot thinks.
        lines: list[str] = []
        while not session.game.is_over and not session.human_to_play:
            seat, bot, view, legal = self.bot_request()
            if not self._hurried:
                self.chooser.wait(_("{player} is thinking...  (space: skip the pauses)").format(
                    player=session.labels[seat]), _("Bots' turn"), lines)
            # The bot thinks on a thread so the screen stays responsive; it only sees its seat's view.
            try:
                action = self.validate(seat, await asyncio.to_thread(bot.choose, view, legal))
            except Exception as exc:  # a broken bot must not end the game: its seat plays at random instead
                self.write([_("The bot of {player} failed ({error}); it plays at random.").format(
                    player=session.labels[seat], error=exc)])
                action = random.Random(len(session.game.actions)).choice(legal)
            lines = self.commit(seat, action, next_turn=False)
            if not session.game.is_over and not session.human_to_play and not self._hurried:
                # Each bot's move stays in view for a moment; skipped, the screen is drawn once at the end.
                self.refresh_board()
                self.chooser.wait(_("{player} has played.  (space: skip the pauses)").format(
                    player=session.labels[seat]), _("Bots' turn"), lines)
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

    def commit(self, seat: int, action: Any, next_turn: bool = True) -> list[str]:
        """Apply a decision and log it; returns the log lines (the engine's message if it was refused)."""
        try:
            lines = self.apply(seat, action)
        except self.ERRORS as exc:
            message = self.refusal(exc)
            lines = [_("Not accepted: {reason}").format(reason=message)]
            self.notify(message, title=_("Not accepted"), severity="error")
        self.write(lines)
        if next_turn:
            self.next_turn()
        return lines

    def on_chooser_panel_decided(self, message: ChooserPanel.Decided) -> None:
        seat = self.session.seat
        assert seat is not None
        self.decide(seat, message.action)

    # ------------------------------------------------------------------------------------------ keys

    @property
    def choosing(self) -> bool:
        """A person is choosing on the board, with no dialog over it."""
        panels = self.screen.query(ChooserPanel)
        return bool(panels) and panels.first().chooser is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys for playing are hidden once the game is over, and the results key only appears then; the
        chooser's keys only act while a person is choosing."""
        if action in ("step_back", "select", "confirm", "pick"):
            return self.choosing
        over = self.session.game.is_over
        if action == "results":
            return over and not isinstance(self.screen, EndScreen)
        if action == "skip":
            return not over and bool(self.session.bots)
        if action in ("hint", "undo", "notation"):
            return not over
        return True

    def action_results(self) -> None:
        if not isinstance(self.screen, EndScreen):
            self.push_screen(self.end_screen())

    def action_step_back(self) -> None:
        self.chooser.back()

    def action_select(self) -> None:
        self.chooser.select()

    def action_confirm(self) -> None:
        self.chooser.confirm()

    def action_pick(self, digit: int) -> None:
        self.chooser.pick(digit)

    def action_skip(self) -> None:
        self._fast = True
        self._skip.set()

    def action_undo(self) -> None:
        if self.session.game.is_over:
            self.notify(_("The game is over."))
            return
        if not self.session.can_undo:
            self.notify(self.session.undo_refusal)
            return
        self.workers.cancel_group(self, "bots")
        self.write(self.session.undo())
        self.next_turn()

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except OSError as exc:
            self.notify(_("Could not save: {error}").format(error=exc), title=_("Not saved"), severity="error")
            return
        self.write([_("Game saved to {path}.").format(path=path)])
        self.notify(_("Saved to {path}").format(path=path), title=_("Saved"))
        if self.session.save_error is not None and path == self.session.save_path:
            self.session.save_error = self._save_error = None
            self.refresh_board()

    def action_notation(self) -> None:
        seat = self.session.seat
        if not self.session.human_to_play or seat is None or self.chooser.chooser is None:
            self.notify(_("Wait for your turn to type an action."))
            return

        def done(action: Any) -> None:
            if action is not None:
                self.decide(seat, action)
            else:
                self.chooser.option_list.focus()

        self.push_screen(NotationScreen(lambda text: self.validate(seat, text), self.notation_examples(seat),
                                        [self.translate(note) for note in self.NOTATION_NOTES],
                                        self.translate(self.NOTATION_PLACEHOLDER), self.ERRORS, self.refusal), done)

    def action_hint(self) -> None:
        if not self.session.human_to_play or self.chooser.chooser is None:
            self.notify(self.translate(self.HINT_REFUSAL))
            return
        self.chooser.show_note([_("Asking the hard bot for advice...")])
        self.fetch_hint()

    @work(exclusive=True, group="hint")
    async def fetch_hint(self) -> None:
        session = self.session
        moves = len(session.game.actions)
        view, legal = session.hint_request()
        found = await asyncio.to_thread(session.hints, view, legal)
        if len(session.game.actions) != moves:  # the position changed while the bot thought: the advice is stale
            return
        lines = self.hint_lines(found)
        self.chooser.show_note(lines, found[0].action if found else None)
        if self.log_hints:
            self.write(lines)

    def hint_lines(self, found: list[HintLine]) -> list[str]:
        raise NotImplementedError

    @property
    def log_hints(self) -> bool:
        """Whether the advice also goes to the log."""
        return True
