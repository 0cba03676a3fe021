"""The screen at 80x24 and 120x40 (issue 11): status, table, hotels and chooser in full; the help lists the
rules and every assumption with whether this game switches it; the end table fits 80 columns and explains ties."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widget import Widget

from innkeepers import ASSUMPTIONS, Game
from innkeepers.summary import rules_summary
from innkeepers.tui.app import InnkeepersApp
from innkeepers.tui.screens import KEYS, HelpScreen
from innkeepers.tui.session import Session
from tests.innkeepers.ink_helpers import position, random_game
from tests.innkeepers.tui.ink_tui_helpers import end_text, make_app, my_turn, rendered, run, wait_for, words

SIZES = [(80, 24), (120, 40)]


def cell(board: str, room: int) -> tuple[str, str]:
    """A room's two lines of nine columns on a drawn board."""
    lines = board.splitlines()
    for number, line in enumerate(lines):
        column = line.find(f"{room:>3} ")
        if column >= 0 and line[column + 4:column + 7] in ("Pol", "Spa", "Res", "Gym", "Std"):
            return line[column:column + 9], lines[number + 1][column:column + 9]
    raise AssertionError(f"room {room} is not on the board")
CUT = "…"  # what Rich and Textual print where they truncate


def whole_on_screen(widget: Widget) -> Callable[[], bool]:
    return lambda: widget.region.height == widget.outer_size.height


@pytest.mark.parametrize("size", SIZES)
def test_every_room_of_every_hotel_shows_in_full(tmp_path: Path, size: tuple[int, int]) -> None:
    game = position(players=4, boards={0: {1: ("2s", "lux-s-pool"), 12: ("14h", "bud-h-restaurant", 1)},
                                       3: {15: ("15c", "lux-c-pool", 2, True)}}, customer="lux-d-gym")
    app = InnkeepersApp(Session(game, ("human", "random", "random", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, my_turn(app))
            status = rendered(app.query_one("#status"))
            assert CUT not in status and "trick 1/32" in status and "Waiting for P1 (you)" in status
            table = rendered(app.query_one("#table"))
            assert CUT not in table and "Luxury ♦ (wants the Gym): highest ♦ wins" in words(table)
            left = app.query_one("#left", VerticalScroll)
            for seat in range(4):
                board = app.query_one(f"#board{seat}")
                left.scroll_to_widget(board, animate=False, top=True)
                await wait_for(pilot, whole_on_screen(board), limit=5)
                shown = rendered(board)
                assert CUT not in shown
                for room in range(1, 16):
                    assert f" {room} " in f" {words(shown)} "
            own, host = rendered(app.query_one("#board0")), rendered(app.query_one("#board3"))
            assert cell(own, 1) == ("  1 Pol M", "  2♠ L♠  ")  # matched amenity: P1's meeple
            assert cell(own, 12) == (" 12 Res c", " 14♥ B♥<2")  # a referral from P2, with P2's cube
            assert cell(host, 15) == (" 15 Pol M", " 15♣ L♣<3")  # an upgraded referral from P3: P3's meeple
            assert cell(own, 2) == ("  2 Spa  ", "         ")
            chooser = "\n".join(rendered(part) for part in app.query_one("#chooser").children)
            assert CUT not in chooser and "Which card do you play?" in words(chooser)
            left.scroll_home(animate=False)
            await pilot.pause(0.05)
            if left.max_scroll_y == 0:  # everything in view: nothing for b to do
                return
            stops = []
            for _ in range(6):
                await pilot.press("b")
                await pilot.pause(0.05)
                stops.append(left.scroll_y)
                if left.scroll_y == 0:
                    break
            # b goes from the table down the hotels, one by one, then back to the table.
            assert len(stops) >= 2 and stops[-1] == 0 and stops[:-1] == sorted(set(stops[:-1])) and stops[0] > 0

    run(scenario)


@pytest.mark.parametrize("size", SIZES)
def test_help_lists_the_rules_and_every_assumption_with_its_state(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=1, must_follow=True, suit_order="cdhs")

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            box = app.screen.query_one("#help", VerticalScroll)
            assert box.max_scroll_x == 0  # no line wider than the screen
            shown = rendered(box.query_one("Static"))
            assert all(line.rstrip() in shown for line in KEYS.splitlines())  # every key line whole, not wrapped
            text = words(shown)
            assert CUT not in text
            # The rules as this game plays them (I-G-9 must_follow, I-G-10 suit_order), each paragraph whole.
            assert all(words(paragraph) in text for paragraph in rules_summary(app.session.game.config))
            assert "If you hold a card of the customer's suit, you must play one of them" in text
            assert "equal numbers are ranked ♣ > ♦ > ♥ > ♠" in text
            for assumption in ASSUMPTIONS:  # every assumption, with its default (issue 11)
                assert words(f"{assumption.id} {assumption.question}: {assumption.default}") in text
            assert ("I-G-9 following suit: optional SWITCHED ON: must_follow=True: a player holding the customer's"
                    " suit must play it") in text
            assert "I-G-10 equal numbers: ♠ > ♥ > ♦ > ♣ (bridge order) SWITCHED ON: suit_order='cdhs'" in text
            assert "I-G-15 the placement rule: rising with gaps" in text and "default (fixed_rooms=False)" in text
            assert "I-G-1 player count: 2 to 4 players this game: 2 players" in text
            assert text.count("SWITCHED ON") == 3  # I-G-8's reminder follows the suit order too
            await pilot.press("end")
            await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y > 0)  # the end of the list can be reached
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)

    run(scenario)


def test_the_end_table_reads_at_80_columns(tmp_path: Path) -> None:
    game = position(players=4, boards={0: {r: (f"{r}s", c) for r, c in enumerate(
        ["lux-s-pool", "lux-s-spa", "lux-s-restaurant", "lux-s-gym", "lux-h-pool", "lux-h-spa", "lux-h-restaurant",
         "lux-h-gym", "lux-d-pool", "lux-d-spa", "lux-d-restaurant", "lux-d-gym", "lux-c-pool", "lux-c-spa"], 1)}},
        hands={0: ["15s"], 1: ["1h"], 2: ["2h"], 3: ["3h"]}, customer="lux-c-gym")
    app = InnkeepersApp(Session(game, ("random", "random", "random", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(end_text(app)))
            shown = end_text(app)
            assert CUT not in shown
            text = words(shown)
            assert "The game is over: P1's inn is full." in text and "Winner: P1 (random bot)" in text
            row = app.session.game.score_breakdown()[0]
            assert row["meeples"] + row["cubes"] == 15
            assert (f"P1 (random bot) * {row['meeples']}x3 {row['cubes']}x2 0 0x2 0 -0 +{row['bonus']} {row['total']}"
                    " P2 (random bot)") in text

    run(scenario)


def tied_game(shared: bool) -> Game:
    """The first two-player random game whose top scores tie, the tie broken or shared as asked."""
    for seed in range(300):
        game = random_game(2, seed)
        totals = [row["total"] for row in game.score_breakdown()]
        if totals[0] == totals[1] and (len(game.winners()) > 1) == shared:
            return game
    raise AssertionError("no such game")


@pytest.mark.parametrize("shared", [False, True])
def test_the_end_screen_explains_a_tie(tmp_path: Path, shared: bool) -> None:
    game = tied_game(shared)
    app = InnkeepersApp(Session(game, ("human", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(end_text(app)))
            text = words(end_text(app))
            rows = game.score_breakdown()
            matched = f"P1: {rows[0]['meeples']}, P2: {rows[1]['meeples']}"
            if shared:  # I-G-27: equal on points and matched amenities
                assert f"Tied at {rows[0]['total']} points and on matched amenities ({matched}): the win is shared." \
                    in text and "Winners: P1 (you), P2 (random bot)" in text
            else:  # I-R-39: the most matched amenities wins
                assert f"Tied at {rows[0]['total']} points: the most matched amenities wins ({matched})." in text
                assert f"Winner: {app.session.labels[game.winners()[0]]}" in text

    run(scenario)
