"""Play people can trust, in headless Chromium on a real server: no card before the table is full, a resigned
seat ranks last, no undo after the bots' cards are shown, bots tagged in the lobby, and a replay whose steps
list only what each did."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.tableserver.server_helpers import ServerProcess, create_table, join, play_until

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def wait_for(check: Any, seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def test_a_creator_sees_no_card_before_every_seat_is_taken(browser: Any, server: ServerProcess) -> None:
    ann, bob = browser.new_context().new_page(), browser.new_context().new_page()
    ann.goto(server.url + "/")
    ann.select_option("#game", "innkeepers")
    ann.fill("#name", "Ann")
    ann.select_option("#players", "3")
    ann.select_option("#seats select[data-seat='1']", "human")
    ann.select_option("#seats select[data-seat='2']", "bot:easy")
    ann.click("#create-button")
    ann.wait_for_url("**/table/**")
    ann.wait_for_selector("#waiting-note")
    # Ann cannot look at her seven cards and secret bonus card, then make the table again until they suit her.
    assert ann.locator("#hand, .pc, [data-bonus]").count() == 0 and ann.locator("#menu .choice").count() == 0
    assert "Waiting for 1 player" in ann.inner_text("#info") and "Waiting for players" in ann.inner_text("#actions")
    ann.screenshot(path=str(server.database.with_name("waiting.png")), full_page=True)
    bob.goto(ann.url + "?join=1")
    bob.wait_for_selector("#join-form:not([hidden])")
    assert bob.locator(".pc").count() == 0  # nor does anyone arriving
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    for page in (ann, bob):  # the last seat taken: the cards are dealt to everyone at once
        page.wait_for_selector("#hand .pc.placeable")
    assert ann.locator("#waiting-note").count() == 0
    ann.context.close()
    bob.context.close()


def test_a_resigned_seat_ranks_last_and_the_rules_and_result_say_so(browser: Any, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=21, stand_in="hard")
        tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bob")]
        client.post(f"/api/tables/{table_id}/resign", json={"seat": 0}, headers={"X-Seat-Token": tokens[0]})
        end = play_until(client, table_id, 1, tokens[1], lambda s: s["view"]["is_over"], seed=1)
    assert end["result"]["scores"][0] > end["result"]["scores"][1]  # Ann's bot outscored Bob
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/table/{table_id}#seat=0&token={tokens[0]}")
    page.wait_for_selector("#replay-link")
    rows = page.locator("#result tbody tr")
    assert rows.nth(0).get_attribute("data-result-seat") == "1" and "winner" in rows.nth(0).inner_text()
    ann = rows.nth(1).inner_text()
    assert ann.startswith("2.") and "Ann" in ann and "ranks last" in ann and "winner" not in ann
    page.click("#help summary")
    assert "ranks last" in page.inner_text("#ranking-rule")
    page.screenshot(path=str(server.database.with_name("resigned-ranks-last.png")), full_page=True)
    page.context.close()


def test_no_undo_once_the_bots_cards_are_shown(browser: Any, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=6,
                                game="innkeepers")
        token = join(client, table_id, 0, "Ann")
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/table/{table_id}#seat=0&token={token}")
    page.wait_for_selector("#board [data-trick-seat='1'] .pc.back")  # the bot chose, face down
    card = page.locator("#hand .pc.placeable").first
    card.click()
    page.click("#confirm")
    page.wait_for_selector("#log-box li:has-text('reveals')")  # both cards turned over
    page.wait_for_selector("#resign")  # the tools of the new position are drawn...
    assert page.locator("#undo").count() == 0  # ...without an undo: the trick cannot be played again knowing
    page.context.close()


def test_the_lobby_tags_bots_and_a_replay_step_lists_only_what_it_did(browser: Any, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        table_id = create_table(client, [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}], seed=4)
        wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["over"])
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    row = page.locator(f"tr[data-table='{table_id}']")
    row.wait_for()
    assert row.locator(".bot-tag").count() == 2
    assert "easy bot 1" in row.inner_text() and "easy bot 2" in row.inner_text()
    page.goto(f"{server.url}/table/{table_id}/replay")
    page.wait_for_selector("#position")
    page.wait_for_function("document.querySelector('#position').innerText.includes('move 0')")
    seen_night = False
    for _ in range(12):  # the first round: travelers placed, then night falls by itself
        page.keyboard.press("ArrowRight")
        step = page.inner_text("#step")
        acts = page.locator("#step li.act").count()
        if "Night falls." in step:
            assert acts == 0 and "then: Night falls." in page.inner_text("#position")
            assert page.inner_text("#step-title") == "Then"
            seen_night = True
            break
        assert acts <= 1  # a move's step has its own action only
    assert seen_night
    for _ in range(3):  # back to the last placement (a traveler may have arrived in between), without the night
        page.keyboard.press("ArrowLeft")
        if page.locator("#step li.act").count():
            break
    assert page.inner_text("#step-title") == "This move" and "Night falls." not in page.inner_text("#step")
    page.screenshot(path=str(server.database.with_name("replay-steps.png")), full_page=True)
    page.context.close()
