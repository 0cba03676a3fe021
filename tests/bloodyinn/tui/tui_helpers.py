"""What the terminal-game tests share: building an app, reading the screen, and playing keys like a person."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from bloodyinn import new_game
from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.screens import EndScreen, LosingMoveScreen
from bloodyinn.tui.session import Session

SIZE = (160, 50)


def make_app(tmp_path: Path, seats: tuple[str, ...], seed: int, length: str = "short") -> BloodyInnApp:
    game = new_game(players=len(seats), length=length, seed=seed)
    return BloodyInnApp(Session(game, seats, tmp_path / "save.json"), pace=0)


def screen_text(widget: Static) -> str:
    """What a Static shows, as plain text."""
    content = widget.content
    if isinstance(content, Text):
        return content.plain
    console = Console(record=True, width=SIZE[0], color_system=None)
    console.print(content)
    return console.export_text()


async def wait_for(pilot: Pilot[None], ready: Callable[[], bool], limit: float = 20.0) -> None:
    """Let the app (and its bot workers) run until `ready()`."""
    for _ in range(int(limit / 0.01)):
        if ready():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never got there")


def my_turn(app: BloodyInnApp) -> Callable[[], bool]:
    return lambda: isinstance(app.screen, EndScreen) or (
        app.session.human_to_play and app.chooser.chooser is not None)


async def take_turn(app: BloodyInnApp, pilot: Pilot[None], choices: random.Random) -> None:
    """Make one decision with the number keys (or Enter), like a player trying things."""
    game = app.session.game
    moves = len(game.actions)
    while len(game.actions) == moves:
        await wait_for(pilot, lambda: app.chooser.chooser is not None or len(game.actions) > moves
                       or isinstance(app.screen, LosingMoveScreen))
        if len(game.actions) > moves:
            return
        if isinstance(app.screen, LosingMoveScreen):  # asked whether to lose the solitaire game: yes or no
            await pilot.press(choices.choice("yn"))
            continue
        numbers = app.chooser.numbers[:9]
        pick = choices.randrange(len(numbers))
        await pilot.press("enter" if pick == 0 else str(numbers[pick]))


async def play_to_end(app: BloodyInnApp, pilot: Pilot[None], seed: int) -> None:
    choices = random.Random(seed)
    for _ in range(2000):
        await wait_for(pilot, my_turn(app))
        if isinstance(app.screen, EndScreen):
            return
        await take_turn(app, pilot, choices)
    raise AssertionError("the game did not end")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def rendered(widget: Widget) -> str:
    """What a widget draws at its actual size on the screen, borders included, as plain text."""
    width, height = widget.outer_size
    return "\n".join(line.text for line in widget.render_lines(Region(0, 0, width, height)))


def words(text: str) -> str:
    """Text with every run of spaces and line breaks as one space, to find phrases however they wrap."""
    return " ".join(text.replace("│", " ").replace("┃", " ").split())  # frames: light, or heavy when focused
