"""The terminal game in French and Italian (docs/languages.md): every screen a player meets — the board and the
chooser, the help, the cards, the notation prompt and its refusal, the results and the log of a whole game —
shows no English string of the catalogs, and the words are the editions' terms."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.screens import CardsScreen, EndScreen, HelpScreen
from tabletop.i18n import language
from tabletop.tui.notation import NotationScreen
from tests.bloodyinn.tui.tui_helpers import SIZE, make_app, my_turn, run, wait_for
from tests.tabletop.screen_languages import english_fragments, english_on, screen_text

TERMS = {"fr": ("Auberge sanglante", "Journal", "chambre", "Dépendance"),
         "it": ("locanda", "Registro", "stanza", "Annesso")}
DOMAINS = ("bloodyinn", "tabletop")


async def _screens(app: BloodyInnApp, lang: str) -> dict[str, list[str]]:
    """The English (of the strings `lang` translates) found on the board, the help, the cards and a refused
    notation."""
    fragments = english_fragments(DOMAINS, lang)
    seen = {}
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, my_turn(app))
        seen["board"] = english_on(app, fragments)
        seen["terms missing"] = [term for term in TERMS.get(lang, ()) if term.lower() not in screen_text(app).lower()]
        for key, screen in (("question_mark", HelpScreen), ("c", CardsScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda screen=screen: isinstance(app.screen, screen))
            seen[key] = english_on(app, fragments)
            await pilot.press("escape")
        await pilot.press("h")  # the hard bot's advice, with its reasons
        await wait_for(pilot, lambda: len(app.chooser._note) > 1, limit=60)  # the advice, not "asking..."
        seen["hint"] = english_on(app, fragments)
        await pilot.press("colon")
        await wait_for(pilot, lambda: isinstance(app.screen, NotationScreen))
        await pilot.press(*"dance", "enter")
        await wait_for(pilot, lambda: "'dance'" in screen_text(app))
        seen["refusal"] = english_on(app, fragments)
    return seen


def test_the_check_finds_the_english_of_an_english_screen(tmp_path: Path) -> None:
    seen = {}

    async def scenario() -> None:
        seen.update(await _screens(make_app(tmp_path, ("human", "easy"), seed=4), "fr"))

    run(scenario)
    assert all(len(found) >= 5 for name, found in seen.items() if name != "terms missing"), seen


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_screen_is_in_the_language(tmp_path: Path, lang: str) -> None:
    seen = {}

    async def scenario() -> None:
        app = make_app(tmp_path, ("human", "easy"), seed=4)
        seen.update(await _screens(app, lang))

    with language(lang):
        run(scenario)
    assert seen == {name: [] for name in seen}


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_whole_games_log_and_results_are_in_the_language(tmp_path: Path, lang: str) -> None:
    fragments = english_fragments(DOMAINS, lang)
    seen = {}

    async def scenario() -> None:
        app = make_app(tmp_path, ("human", "easy", "easy"), seed=9)
        choices = random.Random(9)
        while not app.session.game.is_over:  # played through the session: the screen shows the whole game
            app.session.apply(choices.choice(app.session.game.legal_actions()))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
            seen["results"] = english_on(app, fragments)
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, EndScreen))
            log = app.session.log
            seen["log"] = sorted(piece for piece in fragments if any(piece in line for line in log))

    with language(lang):
        run(scenario)
    assert seen == {"results": [], "log": []}
