"""End-to-end, as people play: headless Chromium pages on a real `bloodyinn serve`."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest

from tests.tableserver.server_helpers import (
    ServerProcess,
    act,
    create_table,
    join,
    note_policy_refusals,
    play_until,
    state,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GAME_TIMEOUT = 150.0
BOT = "easy"


def take_turn(page: Any, choose: random.Random, keyboard: bool = False) -> bool:
    """If this page may move, click (or type) through one menu step; True if something was done."""
    try:
        confirm = page.query_selector("#confirm:not([disabled])")
        if confirm is not None:
            if keyboard:
                page.keyboard.press("Enter")
            else:
                confirm.click(timeout=2000)
            return True
        options = page.query_selector_all(".choice")
        if not options:
            return False
        if keyboard:
            page.keyboard.press(str(choose.randrange(min(len(options), 9)) + 1))
        else:
            choose.choice(options).click(timeout=2000)
        return True
    except Exception:  # the menu was redrawn under the click (a new state arrived): look again
        return False


def finished(page: Any) -> bool:
    return page.query_selector("#replay-link") is not None


def play_to_the_end(pages: list[Any], seed: int, keyboard: bool = False) -> None:
    choose = random.Random(seed)
    deadline = time.monotonic() + GAME_TIMEOUT
    while not all(finished(p) for p in pages):
        assert time.monotonic() < deadline, "the game did not finish in time"
        if not any(take_turn(p, choose, keyboard) for p in pages):
            pages[0].wait_for_timeout(30)


def create_from_lobby(page: Any, url: str, name: str, seats: list[str], clock: str = "none:0",
                      private: bool = False) -> str:
    page.goto(url + "/")
    page.fill("#name", name)
    page.wait_for_selector("#seats select")
    for seat, value in enumerate(seats):
        page.select_option(f"#seats select[data-seat='{seat}']", value)
    page.select_option("#clock", clock)
    if private:
        page.check("#private")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#status.online")
    return str(page.url.split("/table/")[1])


def sit_down(page: Any, name: str) -> None:
    """Arriving with a join link, a person is asked for a name and sits down."""
    page.wait_for_selector("#join-form:not([hidden])")
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_function(f"() => document.querySelector('#status').innerText.includes('playing as {name}')")


def test_two_people_play_a_whole_game(browser: Any, server: ServerProcess) -> None:
    ann_context, bob_context = browser.new_context(), browser.new_context()
    ann, bob = ann_context.new_page(), bob_context.new_page()
    refused: list[str] = []
    for page in (ann, bob):
        note_policy_refusals(page, refused)
    table_id = create_from_lobby(ann, server.url, "Ann", ["human", "human"])
    # Before anyone has moved, the page shows the whole commitment to the deck, to copy and compare later.
    fairness = httpx.get(f"{server.url}/api/tables/{table_id}").json()["fairness"]
    assert len(fairness["commitment"]) == 64 and ann.input_value("#deck-commitment") == fairness["commitment"]
    link = ann.input_value("#seats input")  # the join link Ann shares with Bob
    assert link.endswith(f"/table/{table_id}?join=1")
    bob.goto(link)
    sit_down(bob, "Bob")
    assert "playing as Bob" in bob.inner_text("#status")
    ann.wait_for_function("() => document.querySelector('#seats').innerText.includes('Bob · online')")
    play_to_the_end([ann, bob], seed=1)
    for page in (ann, bob):
        result = page.inner_text("#result")
        assert "Final score" in result and "winner" in result
    log = ann.inner_text("#log")
    assert "The game is over" in log
    ann.click("#replay-link")
    ann.wait_for_selector("#position")
    ann.wait_for_function("() => document.querySelector('#position').innerText.includes('move 0')")
    ann.keyboard.press("End")
    assert "Final score" in ann.inner_text("#result")
    last = ann.inner_text("#position")
    ann.keyboard.press("ArrowLeft")
    assert ann.inner_text("#position") != last
    ann.click("#verify")  # the deck was fixed before the game: checked in the browser
    ann.wait_for_selector("#verify-result li")
    checks = ann.locator("#verify-result li")
    assert checks.count() == 2 and ann.locator("#verify-result li.ok").count() == 2, ann.inner_text("#verify-result")
    ann.screenshot(path=str(server.database.with_name("replay.png")), full_page=True)
    assert refused == []  # lobby, table and replay pages run whole under the policy
    ann_context.close()
    bob_context.close()


def test_a_person_plays_a_bot_to_the_end_with_the_keyboard(browser: Any, server: ServerProcess) -> None:
    context = browser.new_context()
    page = context.new_page()
    levels = httpx.get(server.url + "/api/options").json()["bots"]
    create_from_lobby(page, server.url, "Cat", ["human", f"bot:{levels[-1]}"])
    play_to_the_end([page], seed=2, keyboard=True)
    assert "Final score" in page.inner_text("#result")
    assert f"bot ({levels[-1]})" in page.inner_text("#players")
    context.close()


def test_reconnect_mid_game_from_another_device(browser: Any, server: ServerProcess) -> None:
    ann_context, bob_context = browser.new_context(), browser.new_context()
    ann, bob = ann_context.new_page(), bob_context.new_page()
    table_id = create_from_lobby(ann, server.url, "Ann", ["human", "human"])
    personal_link = ann.input_value("#own-link-url")
    bob.goto(f"{server.url}/table/{table_id}?join=1")
    sit_down(bob, "Bob")
    choose = random.Random(3)
    moves = 0
    deadline = time.monotonic() + GAME_TIMEOUT
    while moves < 12:
        assert time.monotonic() < deadline, f"only {moves} moves made in time"
        if not (take_turn(ann, choose) or take_turn(bob, choose)):
            ann.wait_for_timeout(30)
        else:
            moves += 1
    ann.wait_for_timeout(300)
    seq_before = httpx.get(f"{server.url}/api/tables/{table_id}").json()["moves"]
    assert seq_before > 0
    ann_context.close()  # Ann leaves...
    # A context closed on a loaded machine may not send its socket's close: the server's ping (20 s, then 20 s
    # to answer) notices, so the wait allows for that path too.
    bob.wait_for_function("() => document.querySelector('#seats').innerText.includes('Ann · away')", timeout=60_000)
    phone = browser.new_context().new_page()  # ...and comes back on another device with her link
    phone.goto(personal_link)
    phone.wait_for_selector("#status.online")
    assert "playing as Ann" in phone.inner_text("#status")
    bob.wait_for_function("() => document.querySelector('#seats').innerText.includes('Ann · online')")
    log_lines = phone.locator("#log li").count()
    assert log_lines > seq_before
    before = httpx.get(f"{server.url}/api/tables/{table_id}").json()["moves"]
    for _ in range(200):
        take_turn(phone, choose) or take_turn(bob, choose)
        if httpx.get(f"{server.url}/api/tables/{table_id}").json()["moves"] >= before + 4:
            break
        phone.wait_for_timeout(30)
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["moves"] >= before + 4
    bob_context.close()


def test_a_spectator_watches_live(browser: Any, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=12)
        token0 = join(client, table_id, 0, "<img src=x onerror=window.pwned=1>")  # names are shown as text
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{server.url}/table/{table_id}")
        page.wait_for_selector("#status.online")
        assert "watching" in page.inner_text("#status")
        assert "<img src=x" in page.inner_text("#seats") and page.evaluate("window.pwned") is None
        assert page.query_selector(".choice") is None
        assert page.query_selector("[data-join='1']") is not None  # the open seat can be taken
        assert page.query_selector("[data-join='0']") is None
        assert "Waiting for players" in page.inner_text("#board")  # nothing of the deal before every seat is taken
        tokens = {0: token0, 1: join(client, table_id, 1)}
        page.wait_for_selector("#board [data-room]")
        seat = state(client, table_id)["view"]["current_player"]
        mine = state(client, table_id, seat, tokens[seat])
        action = mine["choices"][0]
        assert act(client, table_id, seat, tokens[seat], 0, action["text"]).status_code == 200
        room = action["room"]
        page.wait_for_function(f"() => document.querySelector('[data-room=\"{room}\"] .card') !== null")
        assert "Put the" in page.inner_text("#log")
        page.reload()
        page.wait_for_selector("#status.online")
        assert page.locator(f"[data-room='{room}'] .card").count() == 1
        context.close()


def test_seat_tokens_stay_out_of_shared_links_and_can_be_revoked(browser: Any, server: ServerProcess) -> None:
    ann_context, guest_context, phone_context = browser.new_context(), browser.new_context(), browser.new_context()
    ann = ann_context.new_page()
    ann.on("dialog", lambda dialog: dialog.accept())
    table_id = create_from_lobby(ann, server.url, "Ann", ["human", "bot:" + BOT])
    assert ann.url == f"{server.url}/table/{table_id}"  # the address bar never carries the token
    assert "playing as Ann" in ann.inner_text("#status")
    watch_link = ann.input_value("#watch-link")
    assert "token" not in watch_link
    guest = guest_context.new_page()
    guest.goto(watch_link)  # the link people share gives no seat
    guest.wait_for_selector("#status.online")
    assert "watching" in guest.inner_text("#status") and guest.is_hidden("#own-link")
    ann.click("#own-link summary")
    own_link = ann.input_value("#own-link-url")
    assert "token=" in own_link and "do not share it" in ann.inner_text("#own-link")
    phone = phone_context.new_page()
    phone.goto(own_link)  # Ann's own link, on her phone
    phone.wait_for_selector("#status.online")
    assert "playing as Ann" in phone.inner_text("#status")
    assert "token" not in phone.url  # read once, then removed from the address bar
    ann.screenshot(path=str(server.database.with_name("own-link.png")), full_page=True)
    ann.click("#revoke")
    ann.wait_for_function(f"() => document.querySelector('#own-link-url').value !== {own_link!r}")
    ann.wait_for_selector("#status.online")
    assert "playing as Ann" in ann.inner_text("#status") and "old one no longer works" in ann.inner_text("#seat-alert")
    phone.wait_for_function("() => document.querySelector('#seat-alert').innerText.includes('revoked')")
    phone.wait_for_selector("#status.online")
    assert "watching" in phone.inner_text("#status")
    stranger = browser.new_context().new_page()
    stranger.goto(own_link)  # the old link is dead
    stranger.wait_for_function("() => document.querySelector('#seat-alert').innerText.includes('not valid')")
    assert "watching" in stranger.inner_text("#status") or "reconnecting" in stranger.inner_text("#status")
    for context in (ann_context, guest_context, phone_context):
        context.close()


def seat_numbers(text: str) -> list[str]:
    return re.findall(r"\bP[1-4]\b", text)


def test_the_table_page_explains_the_game_to_a_newcomer(browser: Any, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        table_id = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=5)
        token = join(client, table_id, 0, "Ann")
        # Season 2 (R-ROUND-2): the entrance stack is the reshuffled exit stack, its cards known to all.
        now = play_until(client, table_id, 0, token, lambda s: bool(s["view"]["entrance"]["cards"])
                         and s["view"]["current_player"] == 0)
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/table/{table_id}#seat=0&token={token}")
    page.wait_for_selector("#status.online")
    assert page.inner_text("#settings-pill") == "Short game · no variant"
    headings = page.locator("#log .log-head").all_inner_texts()
    assert headings[0] == "Round 1" and "Season 2" in headings and f"Round {now['view']['round']}" in headings
    chips = page.locator("#entrance-cards .chip").all_inner_texts()
    assert len(chips) == len(now["view"]["entrance"]["cards"]) > 0
    for player in now["view"]["players"]:  # R-MONEY-1: checks shown with their value
        shown = page.inner_text(f"[data-seat='{player['seat']}'] [data-checks-value]")
        assert shown == f"({player['checks_value']}F)"
    for part in ("#info", "#players", "#seats", "#log", "#actions"):  # names, never P1/P2
        assert seat_numbers(page.inner_text(part)) == [], part
    assert "Ann" in page.inner_text("#players") and "easy bot" in page.inner_text("#players")
    assert not page.is_visible("#help ul")
    page.click("#help summary")
    assert "Checks are safe savings" in page.inner_text("#help")
    page.context.close()


def test_phone_sized_pages_fit_and_keep_the_move_on_the_screen(browser: Any, server: ServerProcess) -> None:
    width, height = 390, 844
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    shots = server.database.parent

    def on_screen(selector: str) -> bool:
        box = page.locator(selector).first.bounding_box()
        return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] >= 0 \
            and box["y"] + box["height"] <= height

    def fits() -> bool:
        return bool(page.evaluate(f"document.documentElement.scrollWidth <= {width}"))

    table_id = create_from_lobby(page, server.url, "Ann", ["human", "bot:easy"])
    page.wait_for_selector(".choice")
    assert fits()
    # The board is ~1,250 px tall here: the move panel stays on the screen without scrolling, over the board's
    # lower part, and comes before the players, the seats and the log.
    assert page.evaluate("window.scrollY") == 0 and on_screen("#board h2")
    assert on_screen("#actions-title") and on_screen("#menu .choice")
    page.screenshot(path=str(shots / "phone-move.png"))
    actions = page.locator("#actions").bounding_box()
    for later in ("#players", "#seats", "#log-box"):
        assert page.locator(later).bounding_box()["y"] > actions["y"]
    with httpx.Client(base_url=server.url) as client:  # a busier lobby, with long names
        for number, name in enumerate(("Maximiliana-Theodora", "Bartholomew-Alexander")):
            other = create_table(client, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=number)
            join(client, other, 0, name)
    page.goto(server.url + "/")
    page.wait_for_selector(f"tr[data-table='{table_id}']")
    assert fits()
    token = page.evaluate(f"JSON.parse(localStorage.getItem('bloodyinn:table:{table_id}')).token")
    with httpx.Client(base_url=server.url) as client:
        play_until(client, table_id, 0, token, lambda s: s["view"]["is_over"], seed=4)
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("#replay-link")
    assert fits()
    for row in range(2):  # every seat's total is on the screen (it was a column off to the right)
        assert on_screen(f"#result tbody tr:nth-child({row + 1}) td.total")
    assert page.inner_text("#info").lower().count("over") == 1  # the header says it once
    page.screenshot(path=str(shots / "phone-score.png"))
    page.click("#replay-link")
    page.wait_for_selector("#position")
    page.keyboard.press("End")
    assert fits()
    page.context.close()


def my_token(page: Any, table_id: str) -> str:
    return str(page.evaluate(f"JSON.parse(localStorage.getItem('bloodyinn:table:{table_id}')).token"))


def test_clock_undo_private_table_resign_and_rematch(browser: Any, server: ServerProcess) -> None:
    ann = browser.new_context().new_page()
    ann.on("dialog", lambda dialog: dialog.accept())
    # Against a bot, with a clock: the countdown shows, and a move can be taken back.
    solo_id = create_from_lobby(ann, server.url, "Ann", ["human", "bot:easy"], clock="realtime:60")
    ann.wait_for_selector(".choice")
    assert "left for you" in ann.inner_text("#clock") and ann.query_selector("#undo") is None
    before = httpx.get(f"{server.url}/api/tables/{solo_id}").json()["moves"]
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.url}/api/tables/{solo_id}").json()["moves"] == before:
        assert time.monotonic() < deadline, "no move was made"
        take_turn(ann, random.Random(1))
    ann.wait_for_selector("#undo")
    ann.click("#undo")
    deadline = time.monotonic() + 10
    while httpx.get(f"{server.url}/api/tables/{solo_id}").json()["moves"] != before:
        assert time.monotonic() < deadline, "the undo did not take the move back"
        ann.wait_for_timeout(50)
    ann.wait_for_selector("#undo", state="detached")  # back at the first decision: nothing more to undo
    # A private table: not listed, the invite link seats Bob; Bob resigns; after the end, a rematch.
    table_id = create_from_lobby(ann, server.url, "Ann", ["human", "human"], private=True)
    link = ann.input_value("#seats input")
    assert "invite=" in link
    assert table_id not in [t["id"] for t in httpx.get(server.url + "/api/tables").json()]
    bob = browser.new_context().new_page()
    bob.on("dialog", lambda dialog: dialog.accept())
    bob.goto(server.url + f"/table/{table_id}")  # without the invite: watching only
    bob.wait_for_selector("#status.online")
    assert bob.is_hidden("#join-form") and bob.query_selector("#seats input[aria-label^='Join link']") is None
    bob.goto(link)
    sit_down(bob, "Bob")
    bob.click("#resign")
    ann.wait_for_function("() => document.querySelector('#seats').innerText.includes('resigned')")
    with httpx.Client(base_url=server.url) as client:
        play_until(client, table_id, 0, my_token(ann, table_id), lambda s: s["view"]["is_over"], seed=7)
    ann.wait_for_selector("#rematch")
    ann.click("#rematch")
    ann.wait_for_url(lambda url: table_id not in url)
    ann.wait_for_function("() => document.querySelector('#status').innerText.includes('playing as Ann')")
    rematch_id = ann.url.split("/table/")[1]
    bob.wait_for_selector("#rematch-invite")  # Bob sees the invitation...
    bob.click("#rematch")  # ...and takes his own seat in the new game
    bob.wait_for_url(f"**/table/{rematch_id}")
    bob.wait_for_function("() => document.querySelector('#status').innerText.includes('playing as Bob')")
    ann.wait_for_function("() => document.querySelector('#seats').innerText.includes('Bob · online')")
    ann.context.close()
    bob.context.close()


def test_a_tab_beyond_the_connection_limit_says_why_and_connects_once_a_place_is_free(
        browser: Any, tmp_path: Any) -> None:
    server = ServerProcess(tmp_path / "tabs.sqlite3", options=("--max-connections-per-address", "1")).start()
    try:
        with httpx.Client(base_url=server.url) as client:
            table_id = create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=5)
        context = browser.new_context()
        first, second = context.new_page(), context.new_page()
        first.goto(f"{server.url}/table/{table_id}")
        first.wait_for_selector("#status.online")
        second.goto(f"{server.url}/table/{table_id}")
        second.wait_for_function("() => document.querySelector('#status').innerText.includes('too many connections')")
        assert "close another tab or window of this server first" in second.inner_text("#turn-note")
        assert "tries again every 15 s" in second.inner_text("#turn-note")
        second.screenshot(path=str(tmp_path / "too-many-tabs.png"), full_page=True)
        first.close()  # a place frees up: the other tab gets in at its next try
        second.wait_for_selector("#status.online", timeout=20_000)
        assert "Take an open seat to play" in second.inner_text("#turn-note")
        context.close()
    finally:
        server.stop()


def test_the_lobby_pages_through_many_tables(browser: Any, tmp_path: Any) -> None:
    server = ServerProcess(tmp_path / "lobby.sqlite3", options=("--tables-per-minute", "0")).start()
    try:
        with httpx.Client(base_url=server.url) as client:
            created = [create_table(client, [{"kind": "human"}, {"kind": "human"}], seed=None) for _ in range(25)]
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#tables tr[data-table]")
        rows = page.locator("#tables tr[data-table]")
        assert rows.count() == 20 and page.is_disabled("#newer") and page.is_enabled("#older")
        assert rows.first.get_attribute("data-table") == created[-1]  # newest first
        page.screenshot(path=str(tmp_path / "lobby.png"), full_page=True)
        page.click("#older")
        page.wait_for_function("() => document.querySelectorAll('#tables tr[data-table]').length === 5")
        assert "tables 21-25" in page.inner_text("#page-info") and page.is_disabled("#older")
        assert page.locator("#tables tr[data-table]").last.get_attribute("data-table") == created[0]
        page.click("#newer")
        page.wait_for_function("() => document.querySelectorAll('#tables tr[data-table]').length === 20")
        context.close()
    finally:
        server.stop()


def test_a_name_typed_while_the_lobby_loads_is_kept(browser: Any, server: ServerProcess) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('bloodyinn:name', 'Remembered')")
    held: list[Any] = []
    # The lobby's options held back until the name is typed.
    page.route("**/api/options*", lambda route: held.append(route))
    page.reload()
    deadline = time.monotonic() + 30
    while not held:
        assert time.monotonic() < deadline, "the lobby never asked for its options"
        page.wait_for_timeout(20)
    page.fill("#name", "Ann")
    held[0].continue_()
    page.wait_for_selector("#seats select")
    assert page.input_value("#name") == "Ann"  # not the remembered name loaded after it
    context.close()
