"""Table chat and alerts in headless Chromium on a real server: each side of the table talks among itself, what
is said is shown as text, a person can mute another, the replay shows the talk, and a player looking elsewhere
is told (title, sound, notification) when someone sits down and when it is their move."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from tests.tableserver.server_helpers import ServerProcess, act, state
from tests.tableserver.test_server_e2e import create_from_lobby, my_token, sit_down

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

XSS = "<img src=x onerror=window.pwned=1> good luck"

# A page whose player looks elsewhere, with a browser that allows notifications: what it shows is recorded.
LOOKING_ELSEWHERE = """
window.__notes = []; window.__beeps = 0;
window.Notification = function (title) { window.__notes.push(title); };
window.Notification.permission = "default";
window.Notification.requestPermission = async () => { window.Notification.permission = "granted"; return "granted"; };
document.hasFocus = () => false;
window.AudioContext = class {
  constructor() { window.__beeps += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (next) => next, start() {}, stop() {} }; }
  createGain() { return { gain: {}, connect: (next) => next }; }
  close() {}
};
"""


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-send")


def said(page: Any) -> str:
    return str(page.inner_text("#chat-log"))


def test_each_side_talks_among_itself_as_text_and_a_person_can_mute_another(browser: Any,
                                                                           server: ServerProcess) -> None:
    ann, bob, cat = (browser.new_context().new_page() for _ in range(3))
    table_id = create_from_lobby(ann, server.url, "Ann", ["human", "human"])
    bob.goto(f"{server.url}/table/{table_id}?join=1")
    sit_down(bob, "Bob")
    cat.goto(f"{server.url}/table/{table_id}")
    cat.wait_for_selector("#status.online")
    assert "Spectators' chat" in cat.inner_text("#chat-side") and "Players' chat" in ann.inner_text("#chat-side")
    say(ann, XSS)
    bob.wait_for_selector("#chat-log li:has-text('good luck')")
    assert XSS in said(bob) and bob.evaluate("window.pwned") is None  # shown as text, never run
    cat.fill("#chat-name", "Cat")
    say(cat, "Bob should kill the Count")
    cat.wait_for_selector("#chat-log li:has-text('kill the Count')")
    assert "Cat (watching)" in said(cat)
    ann.wait_for_selector("#chat-log li:has-text('good luck')")
    assert "kill the Count" not in said(ann) + said(bob)  # the spectators' talk never reaches the players...
    assert "good luck" not in said(cat)  # ...nor theirs the spectators
    bob.click("#chat-log [data-author='seat:0'] [data-mute]")  # Bob mutes Ann
    say(ann, "are you there?")
    ann.wait_for_selector("#chat-log li:has-text('are you there?')")
    say(bob, "still here")
    bob.wait_for_selector("#chat-log li:has-text('still here')")
    assert "are you there?" not in said(bob) and "good luck" not in said(bob)
    assert "Muted: Ann" in bob.inner_text("#chat-muted")
    bob.reload()  # the mute is kept on Bob's browser
    bob.wait_for_selector("#chat-log li:has-text('still here')")
    assert "are you there?" not in said(bob)
    bob.click("#chat-muted [data-unmute]")
    assert "are you there?" in said(bob)
    bob.screenshot(path=str(server.database.with_name("chat.png")), full_page=True)
    # The replay shows what both sides said, each message where it was said.
    tokens = {0: my_token(ann, table_id), 1: my_token(bob, table_id)}
    choose = random.Random(5)
    with httpx.Client(base_url=server.url) as client:
        deadline = time.monotonic() + 150
        while not client.get(f"/api/tables/{table_id}").json()["over"]:
            assert time.monotonic() < deadline, "the game did not finish in time"
            for seat, token in tokens.items():
                mine = state(client, table_id, seat, token)
                if mine["choices"]:
                    act(client, table_id, seat, token, mine["seq"], choose.choice(mine["choices"])["text"])
    cat.goto(f"{server.url}/table/{table_id}/replay")
    cat.wait_for_selector("#position")
    cat.keyboard.press("End")
    cat.wait_for_selector("#chat-log li:has-text('still here')")
    assert XSS in said(cat) and "kill the Count" in said(cat) and cat.evaluate("window.pwned") is None
    for page in (ann, bob, cat):
        page.context.close()


def test_a_player_looking_elsewhere_is_told_when_someone_sits_down_and_when_it_is_their_move(
        browser: Any, server: ServerProcess) -> None:
    context = browser.new_context()
    context.add_init_script(LOOKING_ELSEWHERE)
    ann = context.new_page()
    table_id = create_from_lobby(ann, server.url, "Ann", ["human", "human"])
    ann.click("#notify")  # asks the browser, which allows it
    ann.wait_for_selector("#notify[aria-pressed='true']")
    ann.check("#sound")
    assert ann.evaluate("window.__notes") == []  # nothing yet: arriving at the page is no news
    bob = browser.new_context().new_page()
    bob.goto(f"{server.url}/table/{table_id}?join=1")
    sit_down(bob, "Bob")
    ann.wait_for_function("window.__notes.includes('Bob sat down')")
    assert ann.evaluate("window.__beeps") >= 1 and ann.title().startswith("(●) ")
    with httpx.Client(base_url=server.url) as client:  # Bob moves until it is Ann's turn
        bob_token = my_token(bob, table_id)
        deadline = time.monotonic() + 30
        while "Your move" not in ann.evaluate("window.__notes"):
            assert time.monotonic() < deadline, ann.evaluate("window.__notes")
            mine = state(client, table_id, 1, bob_token)
            if mine["choices"]:
                act(client, table_id, 1, bob_token, mine["seq"], mine["choices"][0]["text"])
            ann.wait_for_timeout(50)
    assert ann.title().startswith("(●) Your move")
    context.close()
    bob.context.close()
