"""The Textual app: the table and the hotels, the chooser and the log, with bots playing on worker threads.

The screen always shows one seat's view (`game.view(seat)`), never the full state. Against bots that is the
person's seat. At a table of several people it is nobody's (hands hidden) until the next person to decide has
said, on the hand-over screen, that they are at the keyboard; it goes back to nobody's as soon as they have
decided, so a committed card is never in view when the next person sits down.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, RichLog

from tabletop.session import HintLine
from tabletop.tui.app import TableApp
from tabletop.tui.chooser import ChooserPanel

from ..actions import Action
from ..bots import Bot
from ..cards import ROOMS
from ..errors import InnkeepersError
from ..texts import render_error
from ..texts.catalog import N_, _
from .choice import Chooser
from .render import DECISIONS
from .screens import EndScreen, HandoverScreen, HelpScreen
from .session import Session
from .widgets import BoardPanel, StatusBar, TablePanel

CSS = """
#status { height: 2; padding: 0 1; background: $boost; }
#main { height: 1fr; }
#left { width: 2fr; min-width: 50; scrollbar-size-vertical: 1; }
#side { width: 1fr; min-width: 30; max-width: 60; }
TablePanel, BoardPanel { border: round $primary; padding: 0 1; height: auto; }
BoardPanel { padding: 0; }
#chooser { border: round $accent; padding: 0 1; height: auto; max-height: 80%; scrollbar-size-vertical: 1; }
#options { height: auto; max-height: 7; border: none; padding: 0; }
#details { height: auto; color: $text-muted; margin-top: 1; }
#log { border: round $primary; height: 1fr; min-height: 4; }
/* The panel with the focus (Tab moves it) has a heavy frame. */
#left:focus TablePanel, #left:focus BoardPanel, #chooser:focus-within, #log:focus { border: heavy $accent; }
NotationScreen, HelpScreen, HandoverScreen { align: center middle; }
#notation, #handover { width: 100%; max-width: 90; height: auto; border: thick $accent; background: $surface;
                       padding: 1 2; }
#help { width: 100%; max-width: 110; height: 100%; border: thick $accent; background: $surface; padding: 0 1;
        scrollbar-size-vertical: 1; }
#notation-error { margin-top: 1; }
#end { padding: 1 2; height: 1fr; }
"""


class InnkeepersApp(TableApp):
    DOMAINS = ("innkeepers",)
    CSS = CSS
    ERRORS = (InnkeepersError,)
    NOTATION_NOTES = (N_("Cards 7s 12h, rooms room12, seats p2, customers lux-s-pool."),)
    NOTATION_PLACEHOLDER = N_("e.g. play 7s, place room12, pass")
    HINT_REFUSAL = N_("Hints are for your own decisions.")
    # Help and quit come first, so that a narrow terminal's footer still shows them.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "quit", N_("Quit")),
        Binding("h", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        Binding("colon,t", "notation", N_("Type")),
        Binding("b", "next_board", N_("Boards")),
        Binding("space", "skip", N_("Skip pauses")),
        Binding("s", "save", N_("Save")),
        Binding("r", "results", N_("Results")),
    ]
    session: Session

    def __init__(self, session: Session, pace: float = 0.8, notices: tuple[str, ...] = ()) -> None:
        super().__init__(session, pace, notices)
        self.title = _("Innkeepers")
        # The seat whose view is on the screen (None: nobody's, every hand hidden).
        self.viewer: int | None = session.seats.index("human") if session.humans == 1 else None

    def compose(self) -> Any:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield TablePanel(id="table")
                for seat in range(len(self.session.seats)):
                    yield BoardPanel(seat, id=f"board{seat}")
            with Vertical(id="side"):
                yield ChooserPanel(ROOMS, two_digits=True, id="chooser")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Footer()

    # ------------------------------------------------------------------------------------------ drawing

    @property
    def hot_seat(self) -> bool:
        return self.session.humans > 1

    def refresh_board(self) -> None:
        session = self.session
        view = session.game.view(self.viewer)
        labels = session.labels
        self.query_one("#status", StatusBar).show(view, labels, session.save_error)
        self.announce_save_state()
        self.query_one("#table", TablePanel).show(view, labels)
        for panel in self.query(BoardPanel):
            panel.show(view, labels)

    # ------------------------------------------------------------------------------------------ turns

    def next_turn(self) -> None:
        """Show the table, then hand the decision to a person, the bots, or the end screen."""
        session = self.session
        seat = session.seat
        if session.game.is_over:
            self.refresh_board()
            self.game_over()
        elif session.human_to_play:
            assert seat is not None
            self.person_to_decide()
            if self.hot_seat and self.viewer != seat:
                self.viewer = None  # nobody's hand in view while the keyboard changes hands
                self.refresh_board()
                self.chooser.wait(_("Waiting for {player} to come to the keyboard.").format(
                    player=session.labels[seat]), _("Hot seat"))
                decision = DECISIONS[session.game.decision or "play"]
                self.push_screen(HandoverScreen(session.labels[seat], _(decision)),
                                 lambda _: self._sit_down(seat))
                return
            self.refresh_board()
            self.chooser.load(Chooser(session.game, seat, session.labels),
                              _("{player}: your move").format(player=session.labels[seat]))
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

    def bot_request(self) -> tuple[int, Bot, dict[str, Any], list[Action]]:
        return self.session.bot_request()

    def validate(self, seat: int, action: Action | str) -> Action:
        return self.session.game.validate(action, seat=seat)

    def apply(self, seat: int, action: Action | str) -> list[str]:
        return self.session.apply(action, seat)

    def end_screen(self) -> EndScreen:
        return EndScreen(self.session.game, self.session.labels)

    def notation_examples(self, seat: int) -> list[str]:
        return [str(a) for a in self.session.game.legal_actions(seat)[:3]]

    def hint_lines(self, found: list[HintLine]) -> list[str]:
        return [_("Hint (pts vs best rival):"), *(f"{n}. {h.text}" for n, h in enumerate(found, 1))]

    def refusal(self, error: Exception) -> str:
        return render_error(error)

    @property
    def log_hints(self) -> bool:
        """At a shared keyboard the log stays free of a seat's private advice."""
        return not self.hot_seat

    # ------------------------------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return not self.session.game.is_over and self.session.humans == 1
        if action == "next_board":
            return not isinstance(self.screen, EndScreen)
        return super().check_action(action, parameters)

    def action_next_board(self) -> None:
        """Scroll to the next hotel board (after the last one, back to the table)."""
        left = self.query_one("#left", VerticalScroll)
        panels = [self.query_one("#table"), *(self.query_one(f"#board{s}") for s in range(len(self.session.seats)))]
        tops = [min(panel.virtual_region.y, left.max_scroll_y) for panel in panels]
        later = [i for i, top in enumerate(tops) if top > left.scroll_y]
        target = panels[later[0]] if later else panels[0]
        left.scroll_to_widget(target, animate=False, top=True)

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.session.game.config))
