"""Typing an action in a game's notation; the engine's message shows if it is not legal."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..catalog import N_, _
from .translate import TranslatedBindings


class NotationScreen(TranslatedBindings, ModalScreen[Any]):
    """Dismissed with the action `validate` accepts, or None on Escape. `validate` raises one of `errors`, whose
    message (in words from `explain`) is shown, for anything not legal now; the game is not touched until the
    action comes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, validate: Callable[[str], Any], examples: Sequence[str], notes: Sequence[str] = (),
                 placeholder: str = "", errors: tuple[type[Exception], ...] = (ValueError,),
                 explain: Callable[[Exception], str] = str) -> None:
        super().__init__()
        self._validate = validate
        self._examples = examples
        self._notes = notes
        self._placeholder = placeholder
        self._errors = errors
        self._explain = explain

    def compose(self) -> Any:
        with Vertical(id="notation"):
            yield Static(Text(_("Type an action in notation, then Enter (Escape cancels)."), style="bold"))
            yield Static(Text(_("Legal now, for example: {examples}").format(examples=" | ".join(self._examples)),
                              style="dim"))
            for note in self._notes:
                yield Static(Text(note, style="dim"))
            yield Input(placeholder=self._placeholder, id="notation-input")
            yield Static(id="notation-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            action = self._validate(event.value)
        except self._errors as exc:
            refused = _("Not accepted: {reason}").format(reason=self._explain(exc))
            self.query_one("#notation-error", Static).update(Text(refused, style="bold red"))
            return
        self.dismiss(action)

    def action_cancel(self) -> None:
        self.dismiss(None)
