"""The panel where a person makes a guided choice: a prompt, numbered options, details. Its keys (digits, Enter,
y, Backspace and Escape) are bound by the app, so that they work whichever panel has the focus."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption

from ..catalog import _
from .choice import GuidedChoice, Option

# Shown at the Confirm step instead of a number: only Enter (or y) confirms.
CONFIRM_MARK = "↵"


class ChooserPanel(VerticalScroll):
    """Pick the action, then its targets and follow-ups, by arrows and Enter or by number keys. On a small
    terminal the panel scrolls, so that a long hint or preview is never cut off.

    An option with a number of its own (a room) has that number; the others are numbered after `own_numbers`
    (the highest room), so that a number never means a room on one step and something else on another. With
    `two_digits` (boards of more than nine rooms), a digit that begins a two-digit option's number waits for a
    second digit: 1 then 2 picks room 12, while 1 then Enter takes what is highlighted (room 1)."""

    class Decided(Message):
        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    def __init__(self, own_numbers: int, two_digits: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.own_numbers = own_numbers
        self.two_digits = two_digits
        self.chooser: GuidedChoice | None = None
        self._options: list[Option] = []
        # A note kept under the details for the whole decision (the hint), whatever option is highlighted.
        self._note: list[str] = []
        self._advice: Any = None
        # The first digit typed of a two-digit number, waiting for the second.
        self._first_digit: int | None = None

    def compose(self) -> Any:
        yield Static(id="prompt")
        yield OptionList(id="options")
        yield Static(id="details")

    def on_mount(self) -> None:
        self.border_title = _("Your move")

    @property
    def option_list(self) -> OptionList:
        return self.query_one("#options", OptionList)

    @property
    def confirming(self) -> bool:
        """Whether the choice waits for its confirmation."""
        step = self.chooser.step if self.chooser is not None else None
        return step is not None and step.name == "confirm"

    def load(self, chooser: GuidedChoice, title: str) -> None:
        if self.chooser is None:  # the step-back key comes back (redrawing the footer only when it changes)
            self.call_after_refresh(self.refresh_bindings)
        self.chooser = chooser
        self._note, self._advice = [], None
        self.border_title = title
        self._refresh()
        self.option_list.focus()

    def wait(self, message: str, title: str | None = None, details: Sequence[str] = ()) -> None:
        """No decision for a person right now: show why (a bot is thinking, the game is over)."""
        if self.chooser is not None:
            self.call_after_refresh(self.refresh_bindings)
        self.chooser = None
        self._options = []
        self._note, self._advice = [], None
        self._first_digit = None
        self.border_title = _("Waiting") if title is None else title
        self.query_one("#prompt", Static).update(Text(message))
        self.option_list.clear_options()
        self.show_details(list(details))

    def show_note(self, lines: list[str], action: Any = None) -> None:
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
            lines = self.chooser.details(self._options[index])
            if self._first_digit is not None:
                lines = [_("{digit}…: type the second digit, or Enter for the highlighted option.").format(
                    digit=self._first_digit), *lines]
            self.show_details(lines)
        elif self._options:
            self.show_details([_("Type an option's number, or point at one with the arrows and press Enter.")])
        else:
            self.show_details([])

    def _refresh(self) -> None:
        chooser = self.chooser
        assert chooser is not None
        self._first_digit = None
        self._options = chooser.options()
        crumbs = chooser.crumbs
        prompt = Text(chooser.prompt, style="bold")
        if crumbs:
            prompt.append("\n" + _("so far: {crumbs}").format(crumbs=crumbs), style="dim")
        self.query_one("#prompt", Static).update(prompt)
        option_list = self.option_list
        option_list.clear_options()
        option_list.add_options([ListOption(Text(self._label(n, o)), id=str(i))
                                 for i, (n, o) in enumerate(zip(self.numbers, self._options, strict=True))])
        step = chooser.step
        if self._options and not (step is not None and step.explicit):
            option_list.highlighted = 0
        self._point_at_advice()
        self._show_highlighted()
        self.scroll_home(animate=False)

    def _label(self, number: int, option: Option) -> str:
        if self.confirming:
            return f"{CONFIRM_MARK} {option.label}"
        if self.two_digits and max(self.numbers, default=0) >= 10:
            return f"{number:>2}. {option.label}"
        return f"{number}. {option.label}" if number < 10 else f"   {option.label}"

    def on_option_list_option_highlighted(self) -> None:
        self._show_highlighted()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick(event.option_index)

    @property
    def numbers(self) -> list[int]:
        """The number key of each option: a room's option has the room's number, as everywhere; the others
        are numbered on from the highest room there can be (from 1 when no option is a room)."""
        own = any(o.number is not None for o in self._options)
        following = itertools.count(self.own_numbers + 1 if own else 1)
        return [o.number if o.number is not None else next(following) for o in self._options]

    # ------------------------------------------------------------------------------------------ keys

    def pick(self, digit: int) -> None:
        """A number key. At the Confirm step it starts a new choice, which the digit begins."""
        if self.chooser is None:
            return
        if self.confirming:
            self.chooser.restart()
            self._refresh()
            if self.confirming:  # a forced move: nothing to choose again
                self.notify(_("Enter (or y) confirms."), timeout=3)
                return
        numbers = self.numbers
        if self._first_digit is not None:
            number, self._first_digit = self._first_digit * 10 + digit, None
            if number in numbers:
                self._pick(numbers.index(number))
            else:
                self.notify(_("There is no option {number} here.").format(number=number), severity="warning",
                            timeout=3)
                self._show_highlighted()
            return
        if self.two_digits and digit > 0 and any(n // 10 == digit for n in numbers):
            # Ambiguous until the next key: highlight the one-digit option if there is one, else the first
            # two-digit one it begins.
            self._first_digit = digit
            start = numbers.index(digit) if digit in numbers else next(i for i, n in enumerate(numbers)
                                                                      if n // 10 == digit)
            self.option_list.highlighted = start
            self._show_highlighted()
            return
        if digit in numbers:
            self._pick(numbers.index(digit))
        else:
            self.notify(_("There is no option {number} here.").format(number=digit), severity="warning", timeout=3)

    def select(self) -> None:
        """Enter, wherever the focus is: take the highlighted option."""
        index = self.option_list.highlighted
        if self.chooser is not None and index is not None:
            self._pick(index)

    def confirm(self) -> None:
        """y: confirm the action, at the Confirm step only."""
        if self.confirming:
            self._pick(0)

    def back(self) -> None:
        if self.chooser is not None and self.chooser.back():
            self._refresh()

    def _pick(self, index: int) -> None:
        self._first_digit = None
        if self.chooser is None or not 0 <= index < len(self._options):
            return
        action = self.chooser.choose(self._options[index])
        if action is not None:
            self.wait("...")
            self.post_message(self.Decided(action))
        else:
            self._refresh()
