"""The screen's panels: the status line, the table (customer, trick, hand), each player's hotel."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from ..texts.catalog import _
from . import render


class Panel(Static):
    """A Static that redraws only when what it shows has changed (redrawing is what a turn costs most)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: Any = None

    def changed(self, *shown: Any) -> bool:
        if shown == self._shown:
            return False
        self._shown = shown
        return True


class StatusBar(Panel):
    def show(self, view: dict[str, Any], labels: list[str], save_error: str | None = None) -> None:
        if not self.changed(view["trick"], view["pending"], view["decision"], save_error,
                            [p["score"] for p in view["players"]], view["is_over"]):
            return
        text = render.status(view, labels)
        if save_error is not None:  # first on the second line, where a narrow screen still shows it
            head, _sep, waiting = text.plain.partition("\n")
            text = Text.assemble(text[:len(head)], "\n", (_("NOT SAVED (s retries)"), "bold red"), "  ", waiting)
        self.update(text)


class TablePanel(Panel):
    def on_mount(self) -> None:
        self.border_title = _("The table")

    def show(self, view: dict[str, Any], labels: list[str]) -> None:
        if self.changed(view["seat"], view["customer"], view["winner"], view["second"], view["decision"],
                        view["log"][-1:], view["deck"]["size"], view["draw_pile"], len(view["discard"]),
                        [(p["card"], p["committed"], p["hand"], p["bonus"]) for p in view["players"]]):
            self.update(render.table(view, labels))


class BoardPanel(Panel):
    """One seat's hotel, its name and score in the frame."""

    def __init__(self, seat: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seat = seat

    def show(self, view: dict[str, Any], labels: list[str]) -> None:
        player = view["players"][self.seat]
        if not self.changed(player["board"], player["score"], player["bonus"], player["kept"], player["hand_size"]):
            return
        self.border_title = render.player_heading(player, labels[self.seat]).markup
        self.update(render.board(player))
