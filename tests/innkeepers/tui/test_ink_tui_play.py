"""The Innkeepers terminal game driven as a person would, keys only, through Textual's pilot (issue 11)."""

from __future__ import annotations

import json
from pathlib import Path

from innkeepers import Place, Play, new_game
from innkeepers.tui import render
from innkeepers.tui.app import InnkeepersApp
from innkeepers.tui.screens import EndScreen
from innkeepers.tui.session import Session
from tests.innkeepers.ink_helpers import position
from tests.innkeepers.tui.ink_tui_helpers import (
    SIZE,
    end_text,
    keys_for,
    make_app,
    my_turn,
    play_to_end,
    rendered,
    run,
    wait_for,
    words,
)


def test_a_game_against_two_bots_to_the_end_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random", "random"), seed=7)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:  # a small terminal is also the quickest to draw
            await play_to_end(app, pilot, seed=1)
            shown = words(end_text(app))
            game = app.session.game
            assert f"The game is over: {game.view(None)['end_reason']}." in shown
            for row in game.score_breakdown():  # each total and bonus card, as the engine scores them (I-R-34..38)
                label = app.session.labels[row["seat"]]
                assert f"{label}{' *' if row['seat'] in game.winners() else ''} {row['meeples']}x3 {row['cubes']}x2" \
                    in shown
                assert f"+{row['bonus']} {row['total']}" in shown
            names = ", ".join(app.session.labels[s] for s in game.winners())
            assert f"Winner{'s' if len(game.winners()) > 1 else ''}: {names}" in shown  # I-R-39
            await pilot.press("escape")
            assert not isinstance(app.screen, EndScreen)
            await pilot.press("r")
            assert isinstance(app.screen, EndScreen)

    run(scenario)
    game = app.session.game
    assert game.is_over and game.winners()
    saved = json.loads((tmp_path / "save.json").read_text())  # autosave kept the finished game
    assert saved["seats"] == ["human", "random", "random"]
    assert len(saved["game"]["actions"]) == len(game.actions)


def test_a_card_is_played_by_its_place_in_the_hand_then_enter(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            game = app.session.game
            hand = game.view(0)["players"][0]["hand"]
            table = words(rendered(app.query_one("#table")))
            shown_hand = table.split("Your hand: ")[1]
            assert shown_hand.startswith(" ".join(app.chooser.chooser.options()[i].label for i in range(len(hand))))
            await pilot.press("3")
            assert game.actions == []  # nothing happens before Enter confirms
            assert app.chooser._options[0].label.startswith("Confirm: plays ")
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(game.actions) >= 1)
            assert game.actions[0] == (0, Play(hand[2]))

    run(scenario)


def test_illegal_typed_input_is_refused_with_the_engines_reason(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            game = app.session.game
            before = game.to_json()
            hand = game.view(0)["players"][0]["hand"]
            missing = next(f"{n}s" for n in range(1, 16) if f"{n}s" not in hand)
            await pilot.press("colon")
            await pilot.press(*f"play {missing}", "enter")
            error = words(rendered(app.screen.query_one("#notation-error")))
            assert error.startswith("Not accepted:") and missing in error
            await pilot.press("ctrl+a", *"place room3", "enter")  # not a card choice now (I-R-15)
            assert "Not accepted:" in words(rendered(app.screen.query_one("#notation-error")))
            assert game.to_json() == before  # the game is exactly as it was
            await pilot.press("escape")
            await pilot.press("9")  # no ninth card in a hand of seven: said, nothing happens
            await wait_for(pilot, lambda: any("no option 9" in n.message for n in app._notifications))
            assert game.to_json() == before
            await pilot.press("colon")
            await pilot.press(*f"play {hand[0]}", "enter")  # the engine's notation works too
            await wait_for(pilot, lambda: len(game.actions) >= 1)
            assert game.actions[0] == (0, Play(hand[0]))

    run(scenario)


def test_rooms_ten_to_fifteen_are_typed_with_two_digits(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            game = app.session.game
            # Play until P1 places a customer with rooms above 9 on offer.
            for _ in range(200):
                await wait_for(pilot, my_turn(app))
                step = app.chooser.chooser.step
                if step is not None and step.name == "room" and game.decision in ("place", "host") \
                        and max(app.chooser.numbers) >= 10:
                    break
                numbers = app.chooser.numbers
                await pilot.press(*keys_for(numbers, numbers[-1]))
                if app.chooser.chooser is not None and app.chooser.chooser.step.name == "confirm":
                    await pilot.press("enter")
            else:
                raise AssertionError("no placement with a two-digit room came up")
            room = max(app.chooser.numbers)
            moves = len(game.actions)
            await pilot.press(str(room // 10))
            assert app.chooser.chooser.step.name == "room"  # waiting for the second digit
            await pilot.press(str(room % 10))
            assert app.chooser._options[0].label.startswith(f"Confirm: places the customer in room {room} ")
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(game.actions) > moves)
            assert str(game.actions[moves][1]) == f"place room{room}"

    run(scenario)


def test_undo_stops_at_the_reveal_so_a_trick_is_never_replayed_knowing_the_bots_card(tmp_path: Path) -> None:
    """Issue 20, item 4: play a card, see the bot's, press u: the decision stands and the log keeps no undone
    reveal (undo goes back only until the last reveal)."""
    app = make_app(tmp_path, ("human", "greedy"), seed=3)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            game = app.session.game
            await pilot.press("1", "enter")
            await wait_for(pilot, lambda: game.view(0)["log"] != [] and my_turn(app)())
            bots_card = game.view(0)["log"][0]["cards"][1]
            actions, log = list(game.actions), list(app.session.log)
            await pilot.press("u")
            await wait_for(pilot, lambda: any("Your last decision stands" in n.message for n in app._notifications))
            assert game.actions == actions and app.session.log == log
            assert f"P2 reveals {render.card(bots_card).plain}." in log  # shown, and it stays played

    run(scenario)


def test_undo_takes_back_a_card_until_it_is_revealed(tmp_path: Path) -> None:
    session = Session(new_game(players=2, seed=3), ("human", "greedy"), tmp_path / "save.json")
    game = session.game
    hand = game.view(0)["players"][0]["hand"]
    session.apply(f"play {hand[0]}", 0)
    assert session.can_undo  # nothing is revealed yet: the bot has not chosen
    assert session.undo() == [f"P1 (you) takes back: plays {render.card(hand[0]).plain}."]
    assert game.actions == [] and game.view(0)["players"][0]["hand"] == hand
    session.apply(f"play {hand[0]}", 0)
    seat, bot, view, legal = session.bot_request()
    session.apply(bot.choose(view, legal), seat)  # the cards are turned over
    assert not session.can_undo and session.undo() == [session.undo_refusal]
    assert session.undo_refusal.startswith("Your last decision stands")
    assert len(game.actions) >= 2


def test_a_hint_from_the_hard_bot_points_at_its_advice(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "random"), seed=4)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("h")
            details = app.query_one("#details")
            await wait_for(pilot, lambda: "1. " in rendered(details), limit=60)
            text = words(rendered(details))
            assert text.startswith("Hint (pts vs best rival): 1. play ")
            advised = text.split("1. play ")[1].split(" ")[0]
            highlighted = app.chooser._options[app.chooser.option_list.highlighted or 0]
            assert highlighted.actions == (Play(advised),)  # the advice is highlighted: Enter takes it
            lines = rendered(details).splitlines()
            last = max(i for i, line in enumerate(lines) if line.startswith(("1. ", "2. ", "3. ")))
            chooser = app.query_one("#chooser")
            assert details.region.y + last < chooser.region.bottom - 1  # the advice is inside the panel's frame
            assert app.session.game.actions == []  # advice only

    run(scenario)


def test_a_placement_needs_a_room_named_enter_alone_places_nothing(tmp_path: Path) -> None:
    """Issue 20, item 12: Enter twice must not put the card in the lowest room."""
    game = position(players=2, customer="lux-s-pool", hands={0: ["7s", "2h"], 1: ["5c", "3c"]})
    app = InnkeepersApp(Session(game, ("human", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("1", "enter")  # the 7 of spades wins the trick
            await wait_for(pilot, lambda: game.decision == "place" and my_turn(app)())
            moves = len(game.actions)
            await pilot.press("enter", "enter")
            assert len(game.actions) == moves and app.chooser.option_list.highlighted is None
            assert "Type an option's number" in rendered(app.query_one("#details"))
            await pilot.press("8", "enter")
            await wait_for(pilot, lambda: len(game.actions) > moves)
            assert game.actions[moves] == (0, Place(room=8))

    run(scenario)


def test_the_winning_card_stays_on_the_table_after_it_goes_to_a_board(tmp_path: Path) -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5c", "3c"], 1: ["7s", "6s"]})
    app = InnkeepersApp(Session(game, ("human", "random"), tmp_path / "save.json"), pace=0)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn(app))
            await pilot.press("1", "enter")  # P2 wins with a spade and places the customer; P1 comes second
            await wait_for(pilot, lambda: game.decision == "second" and my_turn(app)())
            won = game.view(0)["log"][-1]["cards"][1]
            row = next(line for line in rendered(app.query_one("#table")).splitlines() if "P2 (random bot)" in line)
            assert f"{render.card(won).plain}  wins" in row

    run(scenario)
