"""The web pages in French and Italian (issue 21), as people play them: headless Chromium on a real
`tableserver serve`. A whole game of each game against bots, from the lobby to the replay, shows no English
sentence of the catalogs; the browser's Accept-Language chooses the language, the picker's choice is
remembered, and two people at one table each read the same log in their own language."""

from __future__ import annotations

import re
import time
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from babel.messages.pofile import read_po

from tests.tableserver.server_helpers import ServerProcess, note_policy_refusals

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SRC = Path(__file__).resolve().parents[2] / "src"
GAME_TIMEOUT = 240.0
# Everything a person reads on a page: its text, its title, and the words in tooltips, labels and placeholders.
PAGE_WORDS = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[title], [aria-label], [placeholder]')].flatMap((e) =>
    [e.getAttribute('title'), e.getAttribute('aria-label'), e.getAttribute('placeholder')])]
  .filter(Boolean).join('\\n')"""


@cache
def english_only(lang: str) -> tuple[str, ...]:
    """The English of every catalog (the server's and the games'), cut at its placeholders: the pieces of four
    words or more that no translation into `lang` contains. None of them may be on a page in `lang`."""
    english: set[str] = set()
    translated: list[str] = []
    for path in SRC.glob(f"*/locale/{lang}/LC_MESSAGES/*.po"):
        with path.open("rb") as po:
            for message in read_po(po, locale=lang):
                if not message.id:
                    continue
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                translated.extend(strings)
                for text in ids:
                    for piece in re.split(r"\{[^{}]*\}|<[^>]+>", text):
                        piece = piece.strip(" .,:;()·—")
                        if len(piece.split()) >= 4:
                            english.add(piece)
    everything = "\n".join(translated)
    return tuple(sorted(piece for piece in english if piece not in everything))


def english_on(page: Any, lang: str) -> list[str]:
    words = page.evaluate(PAGE_WORDS)
    return [piece for piece in english_only(lang) if piece in words]


def in_language(browser: Any, lang: str, width: int = 1280) -> Any:
    """A new browser whose Accept-Language asks for `lang`, and its page."""
    return browser.new_context(locale=lang, viewport={"width": width, "height": 900}).new_page()


def click_a_move(page: Any) -> bool:
    """One step of this page's move, whichever game: Confirm, else a card or room that is part of a legal move,
    else the first offered option. True if something was clicked."""
    try:
        target = (page.query_selector("#confirm:not([disabled])") or page.query_selector("#hand .pc.placeable")
                  or page.query_selector(".player.me .hroom.placeable") or page.query_selector("#menu .choice"))
        if target is None:
            return False
        target.click(timeout=2000)
        return True
    except Exception:  # the page was redrawn under the click (a new state arrived): look again
        return False


def play_to_the_end(page: Any, lang: str, shot: Path) -> None:
    """Play the page's seat until the final score shows; halfway through, the table in words is checked."""
    deadline = time.monotonic() + GAME_TIMEOUT
    moves = 0
    while page.query_selector("#replay-link") is None:
        assert time.monotonic() < deadline, "the game did not finish in time"
        if click_a_move(page):
            moves += 1
            if moves == 12:
                page.wait_for_selector("#log li")
                assert english_on(page, lang) == []
                page.screenshot(path=str(shot), full_page=True)
        else:
            page.wait_for_timeout(30)


GAMES = {"bloodyinn": ("L'Auberge sanglante", "The Bloody Inn"), "innkeepers": ("Aubergistes", "Locandieri")}


@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_whole_game_against_bots_shows_no_english(browser: Any, server: ServerProcess, lang: str, game: str) -> None:
    page = in_language(browser, lang)
    refused: list[str] = []
    note_policy_refusals(page, refused)
    shots = server.database.parent
    page.goto(server.url + "/")
    assert page.get_attribute("html", "lang") == lang  # the browser's Accept-Language chose it
    page.select_option("#game", game)
    page.fill("#name", "Ann")
    page.select_option("#seats select[data-seat='1']", "bot:easy")
    page.wait_for_selector("#tables tr")
    assert english_on(page, lang) == []
    page.screenshot(path=str(shots / f"{game}-{lang}-lobby.png"), full_page=True)
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#status.online")
    title = GAMES[game][0 if lang == "fr" else 1]
    assert page.inner_text("header.top h1") == title
    play_to_the_end(page, lang, shots / f"{game}-{lang}-table.png")
    page.wait_for_selector("#result:not([hidden])")
    page.click("#help summary")  # the rules help, open
    page.wait_for_selector("#help[open] li")
    assert english_on(page, lang) == []
    page.screenshot(path=str(shots / f"{game}-{lang}-end.png"), full_page=True)
    page.click("#replay-link")
    page.wait_for_selector("#position")
    page.keyboard.press("End")
    page.wait_for_selector("#result h2")
    assert english_on(page, lang) == []
    page.screenshot(path=str(shots / f"{game}-{lang}-replay.png"), full_page=True)
    assert refused == []  # the catalog comes from the server itself, under the pages' policy
    page.context.close()


def test_two_people_at_one_table_read_the_same_log_each_in_their_language(browser: Any,
                                                                          server: ServerProcess) -> None:
    ann, bruno = in_language(browser, "fr"), in_language(browser, "it")
    ann.goto(server.url + "/")
    ann.fill("#name", "Ann")
    ann.select_option("#seats select[data-seat='1']", "human")
    ann.click("#create-button")
    ann.wait_for_url("**/table/**")
    table_id = ann.url.split("/table/")[1]
    bruno.goto(f"{ann.url}?join=1")
    bruno.wait_for_selector("#join-form:not([hidden])")
    bruno.fill("#join-name", "Bruno")
    bruno.click("#join-button")
    bruno.wait_for_function("() => document.querySelector('#status').innerText.includes('Bruno')")
    deadline = time.monotonic() + GAME_TIMEOUT
    # A few moves, some by each of them.
    while (len(ann.query_selector_all("#log li.act")) < 6 or "Bruno" not in ann.inner_text("#log")
           or "Ann" not in bruno.inner_text("#log")):
        assert time.monotonic() < deadline, ("the moves were not made in time", ann.inner_text("#status"),
                                             bruno.inner_text("#status"), ann.inner_text("#log")[-600:])
        # Both get their step each time round: with `or`, a page that always has something to click (a card to
        # pick while it is not its turn) would starve the other.
        ann_clicked = click_a_move(ann)
        if not (click_a_move(bruno) or ann_clicked):
            ann.wait_for_timeout(30)
    seq = httpx.get(f"{server.url}/api/tables/{table_id}").json()["moves"]
    for page in (ann, bruno):
        page.wait_for_function(f"() => document.querySelectorAll('#log li.act').length === {seq}")
    french, italian = ann.inner_text("#log").splitlines(), bruno.inner_text("#log").splitlines()
    # The same lines, each written for its reader: what the server sends each language, names included.
    assert len(french) == len(italian)
    for lang, lines in (("fr", french), ("it", italian)):
        log = httpx.get(f"{server.url}/api/tables/{table_id}/state?lang={lang}").json()["log"]
        assert [e["text"] for e in log] == [line for line in lines if line in {e["text"] for e in log}]
        assert len([e for e in log if e["kind"] == "action"]) == seq
    assert sum(f != i for f, i in zip(french, italian, strict=True)) > len(french) // 2
    assert any("Ann" in line for line in italian) and any("Bruno" in line for line in french)
    assert any(line.startswith("Manche 1") for line in french) and any(line.startswith("Round 1") for line in italian)
    for page, lang in ((ann, "fr"), (bruno, "it")):
        assert english_on(page, lang) == []
    ann.screenshot(path=str(server.database.with_name("log-fr.png")), full_page=True)
    bruno.screenshot(path=str(server.database.with_name("log-it.png")), full_page=True)
    ann.context.close()
    bruno.context.close()


def test_the_language_follows_accept_language_until_the_picker_chooses_one(browser: Any,
                                                                          server: ServerProcess) -> None:
    page = in_language(browser, "fr-CH")  # a regional tag of a language with a catalog
    page.goto(server.url + "/")
    assert page.get_attribute("html", "lang") == "fr" and page.inner_text("#new-title") == "Nouvelle table"
    page.wait_for_selector("#seats select")  # the page's scripts have run: the picker listens
    page.select_option("#lang", "it")  # the picker: the page comes back in Italian...
    page.wait_for_function("() => document.documentElement.lang === 'it'")
    assert page.inner_text("#new-title") == "Nuovo tavolo"
    page.wait_for_selector("#seats select")
    assert "Bot: facile" in page.inner_text("#seats")  # the scripts' words too
    page.select_option("#seats select[data-seat='1']", "bot:easy")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#status.online")
    # ...and stays so on every page of this browser, whatever Accept-Language says.
    assert page.get_attribute("html", "lang") == "it" and page.inner_text("#log-title") == "Registro della partita"
    page.goto(server.url + "/")
    assert page.inner_text("#new-title") == "Nuovo tavolo"
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.inner_text("#new-title") == "New table"
    page.context.close()
    # Another browser asking for a language without a catalog gets English.
    other = in_language(browser, "de-DE")
    other.goto(server.url + "/")
    assert other.get_attribute("html", "lang") == "en" and other.inner_text("#new-title") == "New table"
    other.context.close()
