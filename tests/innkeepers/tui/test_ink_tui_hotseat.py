"""Several people at one keyboard (issue 11): a hand shows only once its owner says they are at the keyboard, and
nobody sees another's chosen card before the reveal (I-G-14, I-G-29)."""

from __future__ import annotations

from pathlib import Path

from innkeepers.cards import CARD_BY_ID, card_name
from innkeepers.tui.screens import HandoverScreen
from tests.innkeepers.tui.ink_tui_helpers import SIZE, make_app, rendered, run, screen, wait_for, words


def shown_cards(text: str, cards: list[str]) -> list[str]:
    """Which of `cards` the screen text shows, as the screen writes them (7♠)."""
    return [c for c in cards if f" {card_name(CARD_BY_ID[c])} " in f" {words(text)} "]


def test_hands_stay_hidden_until_their_owner_is_at_the_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path, ("human", "human", "random"), seed=2)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            game = app.session.game
            first = [p["hand"] for p in (game.view(0)["players"][0], game.view(1)["players"][1])]
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and "'s turn" in screen(app))
            assert "P1 (human)'s turn" in words(screen(app))
            await pilot.press("escape")  # only Enter says the person is there
            assert isinstance(app.screen, HandoverScreen)
            # Behind the hand-over screen, the table shows nobody's hand.
            table = rendered(app.query_one("#table"))
            assert "Hands are hidden" in table
            assert shown_cards(table, first[0]) == [] and shown_cards(table, first[1]) == []
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.chooser.chooser is not None)
            table = words(rendered(app.query_one("#table")))
            assert "Your hand: " + " ".join(card_name(CARD_BY_ID[c]) for c in first[0]) in table
            await pilot.press("1", "enter")  # P1 commits the first card of their hand
            chosen = first[0][0]
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and "'s turn" in screen(app))
            assert "P2 (human)'s turn" in words(screen(app))
            table = rendered(app.query_one("#table"))
            assert shown_cards(table, first[0]) == []  # P1's hand is gone before P2 sits down
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.chooser.chooser is not None)
            table = words(rendered(app.query_one("#table")))
            assert "P1 (human) has chosen" in table  # P2 sees that P1 has chosen, not what
            everything = words(screen(app))
            assert card_name(CARD_BY_ID[chosen]) not in everything.replace(
                "Your hand: " + " ".join(card_name(CARD_BY_ID[c]) for c in first[1]), "")
            assert "Your hand: " + " ".join(card_name(CARD_BY_ID[c]) for c in first[1]) in table
            await pilot.press("1", "enter")
            # Both people have chosen; the bot chooses and everything is revealed at once.
            await wait_for(pilot, lambda: bool(game.view(None)["log"]))
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen) and "'s turn" in screen(app))
            revealed = game.view(None)["log"][0]["cards"]
            assert revealed[0] == chosen and revealed[1] == first[1][0]
            assert card_name(CARD_BY_ID[chosen]) in words(rendered(app.query_one("#table")))
            assert app.check_action("undo", ()) is False  # no undo at a table of several people

    run(scenario)
