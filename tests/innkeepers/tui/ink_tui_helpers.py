"""What the Innkeepers terminal tests share: building an app, reading the screen, playing keys like a person."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from innkeepers import new_game
from innkeepers.tui.app import InnkeepersApp
from innkeepers.tui.screens import EndScreen, HandoverScreen
from innkeepers.tui.session import Session

SIZE = (120, 40)


def make_app(tmp_path: Path, seats: tuple[str, ...], seed: int, **flags: Any) -> InnkeepersApp:
    game = new_game(players=len(seats), seed=seed, **flags)
    return InnkeepersApp(Session(game, seats, tmp_path / "save.json"), pace=0)


def rendered(widget: Widget) -> str:
    """What a widget draws at its actual size on the screen, borders included, as plain text."""
    width, height = widget.outer_size
    return "\n".join(line.text for line in widget.render_lines(Region(0, 0, width, height)))


def screen(app: InnkeepersApp) -> str:
    """Every text on the terminal now, the screens under a dialog included, as plain text."""
    return "\n".join(rendered(widget) for layer in app.screen_stack for widget in layer.query("Static, RichLog")
                     if widget.display)


def end_text(app: InnkeepersApp) -> str:
    """The end screen's results as drawn, or nothing while they are not on the screen yet."""
    results = app.screen.query("#results") if isinstance(app.screen, EndScreen) else None
    text = rendered(results.first()) if results else ""
    return text if "Winner" in text else ""


def words(text: str) -> str:
    """Text with every run of spaces, frames and line breaks as one space, to find phrases however they wrap."""
    return " ".join(text.replace("│", " ").replace("┃", " ").split())  # frames: light, or heavy when focused


async def wait_for(pilot: Pilot[None], ready: Callable[[], bool], limit: float = 20.0) -> None:
    """Let the app (and its bot workers) run until `ready()`."""
    for _ in range(int(limit / 0.01)):
        if ready():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never got there")


def my_turn(app: InnkeepersApp) -> Callable[[], bool]:
    """A person is asked something: a decision, the hand-over screen, or the end screen."""
    return lambda: isinstance(app.screen, EndScreen | HandoverScreen) or (
        app.session.human_to_play and app.chooser.chooser is not None)


async def take_turn(app: InnkeepersApp, pilot: Pilot[None], choices: random.Random) -> None:
    """Make one decision with number keys (room numbers as typed digits) or Enter, like a player trying things."""
    game = app.session.game
    moves = len(game.actions)
    while len(game.actions) == moves:
        await wait_for(pilot, lambda: app.chooser.chooser is not None or len(game.actions) > moves)
        if len(game.actions) > moves:
            return
        numbers = app.chooser.numbers
        pick = choices.randrange(len(numbers))
        await pilot.press(*keys_for(numbers, numbers[pick]) if pick else ["enter"])


def keys_for(numbers: list[int], number: int) -> list[str]:
    """The keys that pick option `number`: its digits, and Enter after a digit that could begin another."""
    if number >= 10:
        return [str(number // 10), str(number % 10)]
    if any(n // 10 == number for n in numbers):
        return [str(number), "enter"]  # room 1 while rooms 10-15 are offered: Enter takes the highlighted 1
    return [str(number)]


async def play_to_end(app: InnkeepersApp, pilot: Pilot[None], seed: int) -> None:
    choices = random.Random(seed)
    for _ in range(3000):
        await wait_for(pilot, my_turn(app))
        if isinstance(app.screen, EndScreen):
            await wait_for(pilot, lambda: bool(end_text(app)))
            return
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            continue
        await take_turn(app, pilot, choices)
    raise AssertionError("the game did not end")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())
