"""Innkeepers in the browser, as a person plays it: headless Chromium on a real `bloodyinn serve`, on a
phone-sized page (390x844)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.tableserver.server_helpers import ServerProcess, note_policy_refusals

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

WIDTH = 390
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def fits(page: Any) -> bool:
    return bool(page.evaluate(f"document.documentElement.scrollWidth <= {WIDTH}"))


def click_a_move(page: Any) -> bool:
    """Take one step of this page's move by clicking: a card of the hand or a room when they are part of a
    legal move, else the first offered move; then Confirm. True if something was clicked."""
    try:
        target = (page.query_selector("#confirm:not([disabled])") or page.query_selector("#hand .pc.placeable")
                  or page.query_selector(".player.me .hroom.placeable") or page.query_selector("#menu .choice"))
        if target is None:
            return False
        target.click(timeout=2000)
        return True
    except Exception:  # the page was redrawn under the click (a new state arrived): look again
        return False


def test_a_person_plays_innkeepers_against_bots_from_the_lobby_to_the_end(browser: Any, server: ServerProcess) -> None:
    page = browser.new_context(viewport={"width": WIDTH, "height": 844}).new_page()
    refused: list[str] = []
    note_policy_refusals(page, refused)
    shots = server.database.parent
    page.goto(server.url + "/")
    page.select_option("#game", "innkeepers")
    page.fill("#name", "Ann")
    page.select_option("#players", "3")
    page.select_option("#seats select[data-seat='1']", "bot:easy")
    page.select_option("#seats select[data-seat='2']", "bot:medium")
    page.check("#flags [data-flag='must_follow']")  # I-G-9 switched at this table
    assert page.is_hidden("#variants") and fits(page)
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    table_id = page.url.split("/table/")[1]
    page.wait_for_selector("#hand .pc.placeable")
    assert page.inner_text("header.top h1") == "Innkeepers"
    # The bots have chosen their cards; nobody sees them before everyone has chosen (I-G-14).
    page.wait_for_function("() => document.querySelectorAll('#board .pc.back').length === 2")
    assert fits(page)
    # The Rules panel: the rules in plain words and every assumption, on or off at this table.
    page.click("#help summary")
    assert page.locator("#help tr[data-assumption]").count() == 30
    assert "off" in page.inner_text("#help tr[data-assumption='I-G-9']")
    assert "on" in page.inner_text("#help tr[data-assumption='I-G-15']")
    # The rules in plain words as this table plays them, from the server (innkeepers.summary): must_follow here.
    rules = page.inner_text("#help #rules-text")
    assert "If you hold a card of the customer's suit, you must play one of them" in rules
    assert "need not follow suit" not in rules and "Second place is the runner-up" in rules  # I-G-9, I-G-11
    page.screenshot(path=str(shots / "innkeepers-start.png"), full_page=True)
    page.click("#help summary")
    deadline = time.monotonic() + 150
    moves = 0
    while not page.is_visible("#winners"):
        assert time.monotonic() < deadline, "the game did not finish in time"
        if click_a_move(page):
            moves += 1
            if moves == 60:
                assert fits(page)
                page.screenshot(path=str(shots / "innkeepers-mid.png"), full_page=True)
        else:
            page.wait_for_timeout(30)
    assert page.locator("#result tbody tr").count() == 3  # the score breakdown of every seat
    winners = page.inner_text("#winners")
    assert winners.endswith(" wins.") or winners.startswith("Shared win")
    assert page.locator("#result td[data-label='Bonus card']").count() == 3 and fits(page)  # labelled on a phone
    assert page.inner_text("#actions-title") == "Game over"
    page.screenshot(path=str(shots / "innkeepers-end.png"), full_page=True)
    # The replay steps through every public position, drawn as the table was.
    page.click("#replay-link")
    page.wait_for_selector("#position")
    page.keyboard.press("End")
    assert page.inner_text("header.top h1") == "Innkeepers" and page.locator("#board .trick-seat").count() == 3
    assert "move 0 of" not in page.inner_text("#position") and fits(page)
    page.screenshot(path=str(shots / "innkeepers-replay.png"), full_page=True)
    # The lobby names the game of each table and shows one game's tables on request.
    page.goto(server.url + "/")
    row = page.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    assert "Innkeepers" in row.inner_text() and "must follow" in row.inner_text()
    page.select_option("#filter", "bloodyinn")
    row.wait_for(state="detached")
    page.select_option("#filter", "innkeepers")
    row.wait_for()
    assert refused == []  # the lobby and the table run whole under the Content-Security-Policy
    page.context.close()


def test_two_people_choose_their_cards_at_once_and_see_only_their_own(browser: Any, server: ServerProcess) -> None:
    ann, bob = browser.new_context().new_page(), browser.new_context().new_page()
    ann.goto(server.url + "/")
    ann.select_option("#game", "innkeepers")
    ann.fill("#name", "Ann")
    ann.select_option("#seats select[data-seat='1']", "human")
    ann.click("#create-button")
    ann.wait_for_url("**/table/**")
    bob.goto(ann.url + "?join=1")
    bob.wait_for_selector("#join-form:not([hidden])")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector("#hand .pc.placeable")
    card = ann.locator("#hand .pc.placeable").first
    chosen = card.get_attribute("data-card")
    card.click()
    ann.click("#confirm")
    ann.wait_for_selector(f"#board [data-trick-seat='0'] [data-card='{chosen}']")  # Ann sees her own card...
    bob.wait_for_selector("#board [data-trick-seat='0'] .pc.back")  # ...Bob sees that she chose, not what
    assert bob.locator(f"#board [data-card='{chosen}']").count() == 0
    assert "still choosing" not in ann.inner_text("#turn-note") and "deciding" in ann.inner_text("#turn-note")
    bob.screenshot(path=str(server.database.with_name("innkeepers-bob-waits.png")), full_page=True)
    bob.locator("#hand .pc.placeable").first.click()
    bob.click("#confirm")
    revealed = f"Ann reveals {chosen[:-1]}{SUITS[chosen[-1]]}."
    for page in (ann, bob):  # everything is revealed once both have chosen
        page.wait_for_selector(f"#log-box li:has-text('{revealed}')")
    ann.context.close()
    bob.context.close()
