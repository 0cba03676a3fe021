"""The Innkeepers terminal game in French and Italian (docs/languages.md): the table and the chooser, the
hand-over between people, the help (keys and rules), a refused notation, the results and the log of a whole game
show no English string of the catalogs. (The help's list of assumptions is the engine's own English record.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from innkeepers.tui.app import InnkeepersApp
from innkeepers.tui.screens import EndScreen, HandoverScreen, HelpScreen
from tabletop.i18n import language
from tabletop.tui.notation import NotationScreen
from tests.innkeepers.tui.ink_tui_helpers import SIZE, make_app, my_turn, run, wait_for
from tests.tabletop.screen_languages import english_fragments, english_on, screen_text

DOMAINS = ("innkeepers", "tabletop")


async def _screens(app: InnkeepersApp, lang: str) -> dict[str, list[str]]:
    fragments = english_fragments(DOMAINS, lang)
    seen = {}
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, my_turn(app))
        if isinstance(app.screen, HandoverScreen):
            seen["hand-over"] = english_on(app, fragments)
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.chooser.chooser is not None)
        seen["table"] = english_on(app, fragments)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        seen["help"] = english_on(app, fragments)
        await pilot.press("escape")
        await pilot.press("colon")
        await wait_for(pilot, lambda: isinstance(app.screen, NotationScreen))
        await pilot.press(*"dance", "enter")
        await wait_for(pilot, lambda: "'dance'" in screen_text(app))
        seen["refusal"] = english_on(app, fragments)
    return seen


def test_the_check_finds_the_english_of_an_english_screen(tmp_path: Path) -> None:
    seen = {}

    async def scenario() -> None:
        seen.update(await _screens(make_app(tmp_path, ("human", "human"), seed=3), "fr"))

    run(scenario)
    assert all(len(found) >= 3 for found in seen.values()), seen


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_table_hand_over_and_prompt_are_in_the_language(tmp_path: Path, lang: str) -> None:
    seen = {}

    async def scenario() -> None:
        seen.update(await _screens(make_app(tmp_path, ("human", "human"), seed=3), lang))

    with language(lang):
        run(scenario)
    assert seen == {"hand-over": [], "table": [], "help": [], "refusal": []}


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_whole_games_log_and_results_are_in_the_language(tmp_path: Path, lang: str) -> None:
    fragments = english_fragments(DOMAINS, lang)
    seen = {}

    async def scenario() -> None:
        app = make_app(tmp_path, ("human", "easy", "easy"), seed=5)
        choices = random.Random(5)
        session = app.session
        while not session.game.is_over:  # played through the session: the screen shows the whole game
            seat = session.seat
            session.apply(choices.choice(session.game.legal_actions(seat)), seat)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
            seen["results"] = english_on(app, fragments)
            seen["log"] = sorted(piece for piece in fragments if any(piece in line for line in session.log))

    with language(lang):
        run(scenario)
    assert seen == {"results": [], "log": []}
