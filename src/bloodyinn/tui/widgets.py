"""The board's widgets: status line, inn, players, and the guided action chooser."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption

from ..actions import Action
from . import render
from .choice import Chooser, Option


class StatusBar(Static):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[dict[str, Any], list[str], str | None] | None = None

    def show(self, view: dict[str, Any], labels: list[str], save_error: str | None = None) -> None:
        self._shown = (view, labels, save_error)
        text = render.status(view, labels, self.content_size.width)
        if save_error is not None:  # first on the second line, where a narrow screen still shows it
            head, phase = text.split("\n")
            text = Text.assemble(head, "\n", ("NOT SAVED (s retries)", "bold red"), "  ", phase)
        self.update(text)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class InnPanel(Static):
    def on_mount(self) -> None:
        self.border_title = "The inn"

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
        self.border_title = "Innkeepers"

    def show(self, view: dict[str, Any], labels: list[str]) -> None:
        self._shown = (view, labels)
        self.update(render.players(view, labels, self.content_size.width))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class ChooserPanel(Vertical):
    """Pick the action, then its targets, payment and follow-ups; Backspace steps back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "back", "Step back"),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
    ]

    class Decided(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chooser: Chooser | None = None
        self._options: list[Option] = []
        # A note kept under the details for the whole decision (the hint), whatever option is highlighted.
        self._note: list[str] = []
        self._advice: Action | None = None

    def compose(self) -> Any:
        yield Static(id="prompt")
        yield OptionList(id="options")
        yield Static(id="details")

    def on_mount(self) -> None:
        self.border_title = "Your move"

    @property
    def option_list(self) -> OptionList:
        return self.query_one("#options", OptionList)

    def load(self, chooser: Chooser, title: str) -> None:
        if self.chooser is None:  # the step-back key comes back (redrawing the footer only when it changes)
            self.call_after_refresh(self.refresh_bindings)
        self.chooser = chooser
        self._note, self._advice = [], None
        self.border_title = title
        self._refresh()
        self.option_list.focus()

    def wait(self, message: str, title: str = "Waiting", details: Sequence[str] = ()) -> None:
        """No decision for a person right now: show why (a bot is thinking, the game is over)."""
        if self.chooser is not None:
            self.call_after_refresh(self.refresh_bindings)
        self.chooser = None
        self._options = []
        self._note, self._advice = [], None
        self.border_title = title
        self.query_one("#prompt", Static).update(Text(message))
        self.option_list.clear_options()
        self.show_details(list(details))

    def show_note(self, lines: list[str], action: Action | None = None) -> None:
        """Keep `lines` in view for this decision and, at every step, highlight the option leading to
        `action` (the advice), when it is offered."""
        self._note, self._advice = lines, action
        self._point_at_advice()
        self._show_highlighted()

    def _point_at_advice(self) -> None:
        for index, option in enumerate(self._options):
            if self._advice is not None and self._advice in option.actions:
                self.option_list.highlighted = index

    def show_details(self, lines: list[str]) -> None:
        # The note (a hint the player asked for) comes first, so that a small terminal still shows it.
        note = [*self._note, ""] if self._note and lines else self._note
        self.query_one("#details", Static).update(Text("\n".join([*note, *lines])))

    def _show_highlighted(self) -> None:
        index = self.option_list.highlighted
        if self.chooser is not None and index is not None and index < len(self._options):
            self.show_details(self.chooser.details(self._options[index]))
        else:
            self.show_details([])

    def _refresh(self) -> None:
        chooser = self.chooser
        assert chooser is not None
        self._options = chooser.options()
        crumbs = chooser.crumbs
        prompt = Text(chooser.prompt, style="bold")
        if crumbs:
            prompt.append(f"\nso far: {crumbs}", style="dim")
        self.query_one("#prompt", Static).update(prompt)
        option_list = self.option_list
        option_list.clear_options()
        option_list.add_options([ListOption(Text(f"{n}. {o.label}" if n < 10 else f"   {o.label}"), id=str(i))
                                 for i, (n, o) in enumerate(zip(self.numbers, self._options, strict=True))])
        if self._options:
            option_list.highlighted = 0
            self._point_at_advice()
        self._show_highlighted()

    def on_option_list_option_highlighted(self) -> None:
        self._show_highlighted()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick(event.option_index)

    @property
    def numbers(self) -> list[int]:
        """The number key of each option: a room's option has the room's number, as everywhere; the others
        are numbered on from the highest room (from 1 when no option is a room)."""
        following = itertools.count(max((o.number for o in self._options if o.number is not None), default=0) + 1)
        return [o.number if o.number is not None else next(following) for o in self._options]

    def action_pick(self, number: int) -> None:
        if number in self.numbers:
            self._pick(self.numbers.index(number))

    def _pick(self, index: int) -> None:
        if self.chooser is None or not 0 <= index < len(self._options):
            return
        action = self.chooser.choose(self._options[index])
        if action is not None:
            self.wait("...")
            self.post_message(self.Decided(action))
        else:
            self._refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Stepping back only means something while a person is choosing."""
        return self.chooser is not None if action == "back" else True

    def action_back(self) -> None:
        if self.chooser is not None and self.chooser.back():
            self._refresh()
