"""The guided choice of a move, built only from an engine's legal actions.

The legal actions are narrowed step by step by grouping them on their fields: first the kind of action, then
the steps that kind declares (a target, a payment, a room...). A step with a single option is taken
automatically, and every decision ends the same way: a last look at the action and Enter (or y) to confirm it;
only those keys confirm, so a number typed there starts a new choice instead. Whatever the path, the result is
one of the legal actions given, so nothing illegal can be submitted.

A game's chooser subclasses `GuidedChoice` and says what its steps are (`kind_step`, `kind_steps`) and how an
action reads (`describe`). Actions are any hashable objects with a `kind` attribute and a canonical `str`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..catalog import _, ngettext


@dataclass(frozen=True)
class Option:
    label: str
    actions: tuple[Any, ...]
    info: str = ""
    # The number key that picks it, when the option has a number of its own (a room); else its place in the list.
    number: int | None = None


@dataclass(frozen=True)
class Step:
    name: str
    prompt: str
    key: Callable[[Any], Hashable]
    label: Callable[[Any], str]
    info: Callable[[Any], str] = field(default=lambda action: "")
    number: Callable[[Any], int | None] = field(default=lambda action: None)
    # Nothing is pointed at first, so Enter alone cannot take an option: the player names one (where a card
    # goes matters too much for a default).
    explicit: bool = False


class GuidedChoice:
    """The state of one guided choice among `legal`. Subclasses set their own attributes before calling
    `super().__init__`, which takes the steps that need no choice at once."""

    def __init__(self, legal: Sequence[Any]) -> None:
        self.legal = tuple(legal)
        # (step, option, taken automatically) for each step passed so far.
        self.path: list[tuple[Step, Option, bool]] = []
        self.result: Any = None
        self._settle()

    # ------------------------------------------------------------------------------------------ a game's part

    @property
    def kind_step(self) -> Step:
        """The first step: which kind of action."""
        raise NotImplementedError

    @property
    def kind_steps(self) -> dict[str, list[Step]]:
        """For each kind of action, the steps that narrow it down after the kind is chosen."""
        raise NotImplementedError

    def describe(self, action: Any) -> str:
        """A plain sentence for an action, without the player's name."""
        raise NotImplementedError

    def silent(self, step: Step, option: Option) -> bool:
        """Whether a step taken automatically says nothing worth repeating in the crumbs (the only kind)."""
        return step.name == "kind"

    def details(self, option: Option) -> list[str]:
        """Sentences for the detail pane: what the single action does, or what the option is about."""
        if len(option.actions) == 1:
            said = self.describe(option.actions[0])
            lines = [] if self.step is not None and self.step.name == "confirm" else [said[:1].upper() + said[1:] + "."]
            return [*lines, option.info] if option.info else lines
        lines = [option.info] if option.info else []
        lines.append(ways(len(option.actions)))
        return lines

    # ------------------------------------------------------------------------------------------ state

    @property
    def candidates(self) -> tuple[Any, ...]:
        return self.path[-1][1].actions if self.path else self.legal

    @property
    def step(self) -> Step | None:
        """The step waiting for a choice, or None once the action is decided."""
        if self.result is not None:
            return None
        steps = self._steps()
        if len(self.path) < len(steps):
            return steps[len(self.path)]
        if len(self.candidates) > 1:
            return self._exact_step
        return self._confirm_step

    def options(self) -> list[Option]:
        step = self.step
        if step is None:
            return []
        groups: dict[Hashable, list[Any]] = {}
        for action in self.candidates:
            groups.setdefault(step.key(action), []).append(action)
        return [Option(step.label(group[0]), tuple(group), step.info(group[0]), step.number(group[0]))
                for group in groups.values()]

    @property
    def prompt(self) -> str:
        step = self.step
        return step.prompt if step else _("Decided.")

    @property
    def crumbs(self) -> str:
        if self.step is not None and self.step.name == "confirm":  # the Confirm option says it all
            return ""
        return " > ".join(option.label for step, option, auto in self.path if not (auto and self.silent(step, option)))

    # ------------------------------------------------------------------------------------------ moves

    def choose(self, option: Option) -> Any:
        """Take `option` at the current step; returns the action once it is fully decided, else None."""
        step = self.step
        if step is None:
            return self.result
        self.path.append((step, option, False))
        self._settle()
        return self.result

    def back(self) -> bool:
        """Undo the last choice made by hand (and the automatic ones after it); False if there is none."""
        manual = [i for i, (_, _, auto) in enumerate(self.path) if not auto]
        if not manual:
            return False
        del self.path[manual[-1]:]
        self.result = None
        self._settle()
        return True

    def restart(self) -> None:
        """Back to the first choice made by hand."""
        while self.back():
            pass

    def _settle(self) -> None:
        """Take every step that has a single option, and decide the action when nothing is left to ask."""
        while True:
            step = self.step
            if step is None:
                return
            if step.name == "confirm":
                # Every decision, forced or not, waits for the same confirmation, so the player sees what happens.
                if self.path and self.path[-1][0].name == "confirm":
                    self.result = self.candidates[0]
                return
            options = self.options()
            if len(options) > 1:
                return
            self.path.append((step, options[0], True))

    # ------------------------------------------------------------------------------------------ steps

    def _steps(self) -> list[Step]:
        kinds = {action.kind for action in self.candidates}
        if len(kinds) > 1 or not self.path:
            return [self.kind_step]
        return [self.kind_step, *self.kind_steps.get(next(iter(kinds)), [])]

    @property
    def _exact_step(self) -> Step:
        return Step("exact", _("Choose exactly"), str, self.describe)

    @property
    def _confirm_step(self) -> Step:
        return Step("confirm", _("Enter or y confirms, Backspace goes back, a number starts again:"), str,
                    lambda a: _("Confirm: {action}").format(action=self.describe(a)))


def ways(count: int) -> str:
    """What an option that stands for several actions says."""
    return ngettext("{n} way to do it: the next steps narrow it down.",
                    "{n} ways to do it: the next steps narrow them down.", count).format(n=count)
