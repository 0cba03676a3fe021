"""The board's widgets: status line, the board (inn and players); the guided action chooser is `tabletop`'s
`ChooserPanel`."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from tabletop.tui.chooser import ChooserPanel

from ..texts.catalog import _
from . import render

__all__ = ["Board", "ChooserPanel", "InnPanel", "PlayersPanel", "StatusBar"]


class StatusBar(Static):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[dict[str, Any], list[str], str | None] | None = None

    def show(self, view: dict[str, Any], labels: list[str], save_error: str | None = None) -> None:
        self._shown = (view, labels, save_error)
        text = render.status(view, labels, self.content_size.width)
        if save_error is not None:  # first on the second line, where a narrow screen still shows it
            head, phase = text.split("\n")
            text = Text.assemble(head, "\n", (_("NOT SAVED (s retries)"), "bold red"), "  ", phase)
        self.update(text)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class InnPanel(Static):
    def on_mount(self) -> None:
        self.border_title = _("The inn")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._view: dict[str, Any] | None = None

    def show(self, view: dict[str, Any]) -> None:
        self._view = view
        self.update(render.inn(view, self.content_size.width))

    def on_resize(self) -> None:
        if self._view is not None:
            self.update(render.inn(self._view, self.content_size.width))


class PlayersPanel(Static):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[dict[str, Any], list[str]] | None = None

    def on_mount(self) -> None:
        self.border_title = _("Innkeepers")

    def show(self, view: dict[str, Any], labels: list[str]) -> None:
        self._shown = (view, labels)
        self.update(render.players(view, labels, self.content_size.width))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class Board(VerticalScroll):
    """The inn and the innkeepers. On a small terminal it scrolls; it says when that starts or stops (a resize,
    a panel that grows), so that the app offers its key only then."""

    class Overflow(Message):
        """The board started or stopped being taller than its place."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.overflows = False

    def on_resize(self) -> None:
        overflows = self.max_scroll_y > 0
        if overflows != self.overflows:
            self.overflows = overflows
            self.post_message(self.Overflow())
