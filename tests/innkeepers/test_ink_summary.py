"""The rules in plain words (innkeepers.summary), the one text of the terminal help and the web Rules panel:
each flag it mentions changes its words, and the words say what the engine plays."""

from __future__ import annotations

from typing import Any

import pytest

from innkeepers import FLAG_NAMES, GameConfig, Play
from innkeepers.summary import rules_summary
from tests.innkeepers.ink_helpers import play_trick, position

DEFAULT = rules_summary(GameConfig(players=3))


def text(**settings: Any) -> str:
    return "\n".join(rules_summary(GameConfig(**{"players": 3, **settings})))


def changed(**flags: Any) -> set[str]:
    """The paragraphs that differ from the default game's."""
    return set(rules_summary(GameConfig(players=3, **flags))) - set(DEFAULT)


def test_i_g_9_must_follow_is_said_and_played() -> None:
    assert "You need not follow suit" in text()
    assert "If you hold a card of the customer's suit, you must play one of them" in text(must_follow=True)
    assert "need not" not in text(must_follow=True)
    assert len(changed(must_follow=True)) == 1
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9d", "1c"]}, must_follow=True)
    assert game.legal_actions(0) == [Play("5s")]  # what the words promise


def test_i_g_10_equal_numbers_follow_the_games_suit_order() -> None:
    assert "equal numbers are ranked ♠ > ♥ > ♦ > ♣" in text()
    assert "equal numbers are ranked ♣ > ♦ > ♥ > ♠" in text(suit_order="cdhs")
    # Two off-suit 7s on a Diamonds customer: the order the words give decides, as in the engine.
    game = position(players=2, customer="lux-d-spa", hands={0: ["7s"], 1: ["7c"]}, suit_order="cdhs")
    play_trick(game, ["7s", "7c"])
    assert game.state.log[-1].winner == 1


def test_i_g_11_second_place_is_the_loser_with_two_players() -> None:
    assert "Second place is the loser." in text(players=2)
    assert "Second place is the runner-up" in text(players=4)


def test_i_g_15_i_g_24_fixed_rooms_changes_placement_and_relocate() -> None:
    assert "numbers keep rising from room 1 to room 15 (gaps allowed" in text()
    assert "move one of their customers, with its card, to another empty room" in text()
    fixed = text(fixed_rooms=True)
    assert "in the room of the card's number (a 9 only in room 9)" in fixed and "gaps allowed" not in fixed
    assert "swap the customers of two of their rooms, the cards staying put" in fixed
    assert len(changed(fixed_rooms=True)) == 2


def test_i_g_17_i_g_22_voluntary_referral() -> None:
    assert "a winner with a possible room must place it" in text()
    voluntary = text(voluntary_referral=True)
    assert "The winner may refer the customer" in voluntary and "must place it" not in voluntary


def test_i_g_20_refusing_a_referral_only_with_its_flag() -> None:
    assert "refuse" not in text()
    assert "A winner who must refer may refuse and keep the customer for −1 instead." in text(
        allow_refuse_referral=True)


def test_i_g_6_the_bonus_suit() -> None:
    assert "(the customer card's suit)" in text()
    assert "(the playing card's suit)" in text(bonus_suit="playing_card")


def test_i_r_32_i_g_25_i_g_26_refill_and_end_are_the_engines_numbers() -> None:
    assert "keep their 3 cards and draw 4, or discard them and draw 7" in text()
    assert "fills a hotel's 15th room, or after the trick for the last of the 32 customers" in text()


@pytest.mark.parametrize("flag", FLAG_NAMES)
def test_every_flag_changes_the_words(flag: str) -> None:
    default = getattr(GameConfig(), flag)
    other = {"suit_order": "hsdc", "bonus_suit": "playing_card"}.get(flag, not default)
    assert changed(**{flag: other})
