"""A terminal of 80x24 shows everything in full (issue 9, item 10): no column cut short, the card reference
and the help readable, the innkeepers one key away. The same holds in a comfortable 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Static

from bloodyinn.tui import render, screens
from bloodyinn.tui.app import BloodyInnApp
from bloodyinn.tui.screens import HELP, CardsScreen, EndScreen, HelpScreen, solo_help
from bloodyinn.tui.session import Session
from tests.bloodyinn.engine_helpers import finish_night, make_game, make_state
from tests.bloodyinn.tui.tui_helpers import make_app, my_turn, rendered, run, wait_for, words

SIZES = [(80, 24), (120, 40)]
CUT = "…"  # what Rich and Textual print where they truncate
FRAME = "│┃ "  # a panel's frame: light, or heavy while the panel has the focus


@pytest.mark.parametrize("size", SIZES)
def test_the_board_shows_every_room_and_innkeeper_in_full(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ("human", "random", "random", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, my_turn(app))
            view = app.session.game.view(None)
            status = rendered(app.query_one("#status"))
            assert CUT not in status and f"Round {view['round']}" in status.splitlines()[0]
            inn = rendered(app.query_one("#inn"))
            assert CUT not in inn
            rows = [line.strip(FRAME) for line in inn.splitlines()[2:10]]
            for room, row in zip(view["rooms"], rows, strict=True):
                assert row.startswith(f"{room['room']} ")
                if room["guest"]:
                    occ = render.occ_of(room["guest"])
                    assert render.card_plain(room["guest"]) in row and f"{occ.pocket}F" in row
                    if size[0] >= 120 and occ.annex_name:  # room for each guest's annex too
                        assert occ.annex_name in row
            board = app.query_one("#board", VerticalScroll)
            if board.max_scroll_y > 0:  # a small terminal: the innkeepers are one key away, and back
                players = app.query_one("#players")
                await pilot.press("i")
                # Waited for, not paused for: on a loaded machine the layout may settle a frame later.
                await wait_for(pilot, lambda: board.scroll_y == min(players.virtual_region.y, board.max_scroll_y),
                               limit=5)
                assert board.scroll_y > 0
                await pilot.press("i")
                await wait_for(pilot, lambda: board.scroll_y == 0, limit=5)
            shown = rendered(app.query_one("#players"))
            assert CUT not in shown
            for player in view["players"]:
                assert f"P{player['seat'] + 1}" in shown and f"{player['cash']}F" in shown
                assert all(render.occ_of(card).name in shown for card in player["hand"])

    run(scenario)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [("human",), ("human", "random")])
def test_the_help_fits_whole(tmp_path: Path, size: tuple[int, int], seats: tuple[str, ...]) -> None:
    app = make_app(tmp_path, seats, seed=1)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            box = app.screen.query_one("#help", VerticalScroll)
            assert box.max_scroll_x == 0 and box.max_scroll_y == 0  # nothing to scroll to: all in view
            shown = rendered(box.query_one(Static))
            expected = HELP + (solo_help() if len(seats) == 1 else "")
            for line in expected.splitlines():
                assert line.rstrip() in shown  # every line whole, not wrapped or cut

    run(scenario)


@pytest.mark.parametrize("size", SIZES)
def test_the_card_reference_reads_at_any_width(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=1)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("c")
            assert isinstance(app.screen, CardsScreen)
            box = app.screen.query_one("#cards", VerticalScroll)
            assert box.max_scroll_x == 0  # no line wider than the screen
            shown = rendered(app.screen.query_one(Static))
            assert CUT not in shown
            text = words(shown)
            assert ("Distiller [A2] artisan, builds, 18F pocket money, 3 copies Distillery: At the end of each round,"
                    " do not pay the wages of one accomplice in your hand.") in text
            assert "Brigadier Chief [P2] police, kills" in text
            await pilot.press("end")
            await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y > 0)  # the end of the list can be reached

    run(scenario)


def test_the_end_table_reads_at_80_columns(tmp_path: Path) -> None:
    state = make_state(2, final_round=True, reshuffled=True, entrance=[], rest="gravedigger",
                       annexes={0: ["landscaper", "grocer"]},
                       exit=["cultivator", "mechanic"] * 4 + ["distiller"] * 2 + ["newsboy"],
                       cash=[38, 0], checks=[1, 0])
    game = make_game(state)
    finish_night(game)
    app = BloodyInnApp(Session(game, ("human", "medium"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
            shown = rendered(app.screen.query_one("#results"))
            assert CUT not in shown
            text = words(shown)
            assert "Winner: P1 (you)" in text and "Total" in text and "50F" in text
            assert ("P1 (you) at the end: Park +2F (38F over the 40F cap, lost),"
                    " Grocery +0F (4F over the 40F cap, lost).") in text

    run(scenario)


def test_a_hint_shows_on_a_small_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random", "random"), seed=5)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("h")
            details = app.query_one("#details")
            await wait_for(pilot, lambda: "Hint from the hard bot" in rendered(details), limit=60)
            lines = rendered(details).splitlines()
            advice = next(i for i, line in enumerate(lines) if line.startswith("1. "))
            chooser = app.query_one("#chooser")
            assert details.region.y + advice < chooser.region.bottom - 1  # the advice is inside the panel's frame

    run(scenario)


@pytest.mark.parametrize("seats", [("human", "random", "random", "random"), ("human",)])
def test_a_60x20_terminal_still_shows_every_room_number_key_tag_and_money(tmp_path: Path,
                                                                         seats: tuple[str, ...]) -> None:
    """Number keys pick rooms by their numbers, so the room column never goes (issue 20, item 13)."""
    app = make_app(tmp_path, seats, seed=3)

    async def scenario() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await wait_for(pilot, my_turn(app))
            view = app.session.game.view(None)
            inn = rendered(app.query_one("#inn"))
            rows = [line.strip(FRAME) for line in inn.splitlines()[2:10]]
            for room, row in zip(view["rooms"], rows, strict=True):
                key = room["key"]
                assert row.startswith(f"{room['room']} ")
                assert row.split()[1] == ("closed" if key is None else "white" if key == "white" else f"P{key + 1}")
                if room["guest"]:
                    occ = render.occ_of(room["guest"])
                    assert f"[{render.tag(occ)}]" in row and row.endswith(f"{occ.pocket}F")

    run(scenario)


def test_at_80x24_the_choice_panel_scrolls_to_every_hint_and_the_preview(tmp_path: Path) -> None:
    """Nothing in the choice panel is cut off (issue 20, item 13): what does not fit is a scroll away."""
    app = make_app(tmp_path, ("human", "random", "random"), seed=5)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("h")
            details = app.query_one("#details")
            await wait_for(pilot, lambda: "3. " in rendered(details), limit=60)
            text = words(rendered(details))
            assert "1. " in text and "2. " in text and "goes from the door to room" in text  # hints and preview
            chooser = app.query_one("#chooser", VerticalScroll)
            chooser.scroll_end(animate=False)
            await wait_for(pilot, lambda: details.region.bottom <= chooser.region.bottom - 1, limit=5)
            assert details.region.height == details.outer_size.height  # the whole of it is in view now

    run(scenario)


def test_counts_and_verbs_read_as_english() -> None:
    """Issue 20, item 13: '1 card', not '1 cards'; religious guests bury: 'buries', not 'burys'."""
    game = make_game(make_state(2, exit=["cultivator"]))
    console = Console(record=True, width=120, color_system=None)
    console.print(render.stacks(game.view(None)))
    console.print(screens.card_list())
    text = words(console.export_text())
    assert "Exit stack 1 card" in text and "1 cards" not in text
    assert "Monk [R1] religious, buries" in text and "burys" not in text
