"""The Textual app: the board, the chooser and the log, with bots playing on worker threads."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, RichLog

from tabletop.session import HintLine
from tabletop.tui.app import TableApp

from ..actions import Action
from ..bots import Bot
from ..config import NUM_ROOMS
from ..errors import BloodyInnError
from ..texts import render_action_in, render_error
from ..texts.catalog import N_, _
from . import notation
from .choice import Chooser
from .screens import CardsScreen, EndScreen, HelpScreen, LosingMoveScreen
from .session import Session
from .widgets import Board, ChooserPanel, InnPanel, PlayersPanel, StatusBar

CSS = """
#status { height: 2; padding: 0 1; background: $boost; }
#main { height: 1fr; }
#board { width: 3fr; scrollbar-size-vertical: 1; }
#side { width: 2fr; }
InnPanel, PlayersPanel { border: round $primary; padding: 0 1; height: auto; }
#chooser { border: round $accent; padding: 0 1; height: auto; max-height: 75%; scrollbar-size-vertical: 1; }
#options { height: auto; max-height: 16; border: none; padding: 0; }
#details { height: auto; color: $text-muted; margin-top: 1; }
#log { border: round $primary; height: 1fr; min-height: 6; }
/* The panel with the focus (Tab moves it) has a heavy frame. */
#board:focus InnPanel, #board:focus PlayersPanel, #chooser:focus-within, #log:focus { border: heavy $accent; }
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


class BloodyInnApp(TableApp):
    DOMAINS = ("bloodyinn",)
    CSS = CSS
    ERRORS = (BloodyInnError,)
    NOTATION_NOTES = (N_("Annexes by the name the board shows (under cellar; cellar.P2 when two players have one),"
                         " barns by player (under barn.P1)."),)
    NOTATION_PLACEHOLDER = N_("e.g. bribe room3 pay peasant")
    # Help and quit come first, so that a narrow terminal's footer still shows them.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "quit", N_("Quit")),
        Binding("h", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        Binding("i", "board_view", N_("Inn/innkeepers")),
        Binding("colon,t", "notation", N_("Type")),
        Binding("space", "skip", N_("Skip pauses")),
        Binding("s", "save", N_("Save")),
        Binding("r", "results", N_("Results")),
        Binding("c", "cards", N_("Cards")),
    ]
    session: Session

    def __init__(self, session: Session, pace: float = 0.8, notices: tuple[str, ...] = ()) -> None:
        super().__init__(session, pace, notices)
        self.title = _("The Bloody Inn")
        # At a hot-seat table, the person who decided last; a change of person is announced.
        self._last_human: int | None = None

    def compose(self) -> Any:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Board(id="board"):
                yield InnPanel(id="inn")
                yield PlayersPanel(id="players")
            with Vertical(id="side"):
                yield ChooserPanel(NUM_ROOMS, id="chooser")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Footer()

    # ------------------------------------------------------------------------------------------ turns

    def refresh_board(self) -> None:
        view = self.session.game.view(None)
        labels = self.session.labels
        self.query_one("#status", StatusBar).show(view, labels, self.session.save_error)
        self.announce_save_state()
        self.query_one("#inn", InnPanel).show(view)
        self.query_one("#players", PlayersPanel).show(view, labels)

    def next_turn(self) -> None:
        """Show the board, then hand the decision to a person, the bots, or the end screen."""
        self.refresh_board()
        session = self.session
        if session.game.is_over:
            self.game_over()
        elif session.human_to_play:
            self.person_to_decide()
            seat = session.seat
            assert seat is not None
            if seat != self._last_human and session.humans > 1:
                self.notify(_("{player}, your move.").format(player=session.labels[seat]), title=_("Hot seat"))
            self._last_human = seat
            self.chooser.load(Chooser(session.game), _("{player}: your move").format(player=session.labels[seat]))
        else:
            self.run_bots()

    def bot_request(self) -> tuple[int, Bot, dict[str, Any], list[Action]]:
        seat = self.session.seat
        assert seat is not None
        return (seat, *self.session.bot_request())

    def validate(self, seat: int, action: Action | str) -> Action:
        if isinstance(action, str):  # typed: annexes named as on the screen
            action = notation.to_engine(action, self.session.game.view(None))
        return self.session.game.validate(action)

    def apply(self, seat: int, action: Action | str) -> list[str]:
        return self.session.apply(action)

    def decide(self, seat: int, action: Action) -> None:
        """Play a person's decision; one that the engine says loses a solitaire game is asked about first."""
        if not self.session.game.loses_to_police(action):
            self.commit(seat, action)
            return

        def answer(play_it: bool | None) -> None:
            if play_it:
                self.commit(seat, action)
            else:
                self.next_turn()  # back to a fresh choice

        self.push_screen(LosingMoveScreen(render_action_in(self.session.game.state, action)), answer)

    def refusal(self, error: Exception) -> str:
        return render_error(error)

    def end_screen(self) -> EndScreen:
        return EndScreen(self.session.game, self.session.labels)

    def notation_examples(self, seat: int) -> list[str]:
        view = self.session.game.view(None)
        return [notation.shown(a, view) for a in self.session.game.legal_actions()[:3]]

    def hint_lines(self, found: list[HintLine]) -> list[str]:
        view = self.session.game.view(None)
        return [_("Hint from the hard bot:"),
                *(f"{n}. {h.text} [{notation.shown(h.action, view)}]" for n, h in enumerate(found, 1))]

    # ------------------------------------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "board_view":  # only on the board, when it does not fit (a small terminal)
            boards = self.screen.query(Board)
            return bool(boards) and boards.first().overflows
        return super().check_action(action, parameters)

    def on_board_overflow(self) -> None:
        """Offer the inn/innkeepers key when the board starts or stops overflowing (redrawing the footer only
        then: it is slow)."""
        self.refresh_bindings()

    def action_board_view(self) -> None:
        """On a small terminal the board scrolls: this key goes from the inn to the innkeepers and back, once the
        screen is refreshed (a change just made may still move the innkeepers' panel)."""
        self.call_after_refresh(self._toggle_board_view)

    def _toggle_board_view(self) -> None:
        board = self.query_one("#board", Board)
        players = self.query_one("#players", PlayersPanel)
        if board.scroll_y < min(players.virtual_region.y, board.max_scroll_y):
            board.scroll_to_widget(players, animate=False, top=True)
        else:
            board.scroll_home(animate=False)

    def action_cards(self) -> None:
        self.push_screen(CardsScreen())

    def action_help(self) -> None:
        self.push_screen(HelpScreen(solo=self.session.game.config.solo))
