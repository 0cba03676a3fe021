"""A trick: simultaneous secret choice and reveal, who wins and who comes second (I-R-15..19, I-G-8..14)."""

from __future__ import annotations

import pytest

from innkeepers import IllegalActionError, Play
from innkeepers.state import Stage
from tests.innkeepers.ink_helpers import play_trick, position


def ranked(customer: str, cards: list[str], **flags: object) -> tuple[int, int]:
    """(winner, second) of one trick with these cards for this customer, on empty boards."""
    players = len(cards)
    game = position(players=players, customer=customer, hands={s: [c] for s, c in enumerate(cards)}, **flags)
    play_trick(game, cards)
    trick = game.state.log[-1]
    return trick.winner, trick.second


def test_i_r_16_luxury_highest_number_wins_budget_lowest() -> None:
    assert ranked("lux-s-pool", ["3s", "12s", "7s"]) == (1, 2)
    assert ranked("bud-s-pool", ["3s", "12s", "7s"]) == (0, 2)


def test_i_r_17_the_only_player_following_suit_wins_outright() -> None:
    # A Luxury Hearts customer: the 2 of Hearts beats the 15 of Spades.
    assert ranked("lux-h-gym", ["15s", "2h", "14d"]) == (1, 0)
    assert ranked("bud-h-gym", ["1s", "14h", "2d"]) == (1, 0)


def test_i_g_10_cards_following_suit_beat_all_others_then_the_number_decides_among_them() -> None:
    assert ranked("lux-d-spa", ["9d", "15c", "4d", "13d"]) == (3, 0)
    assert ranked("bud-d-spa", ["9d", "1c", "4d", "13d"]) == (2, 0)


def test_i_r_18_nobody_follows_suit_the_best_number_of_any_suit_wins() -> None:
    assert ranked("lux-c-pool", ["9s", "11h", "4d"]) == (1, 0)
    assert ranked("bud-c-pool", ["9s", "11h", "4d"]) == (2, 0)


def test_i_g_10_equal_numbers_off_suit_are_broken_by_spades_hearts_diamonds_clubs() -> None:
    assert ranked("lux-d-pool", ["7h", "7s", "7c"]) == (1, 0)
    assert ranked("bud-s-pool", ["7c", "7d", "8h"]) == (1, 0)


def test_i_g_10_suit_order_flag_changes_the_tie_break() -> None:
    assert ranked("lux-d-pool", ["7h", "7s", "7c"], suit_order="cdhs") == (2, 0)


def test_i_g_11_second_place_is_the_runner_up_and_with_two_players_the_loser() -> None:
    assert ranked("lux-s-pool", ["3s", "12s"]) == (1, 0)
    assert ranked("lux-s-pool", ["3h", "12s", "5s", "15h"]) == (1, 2)


def test_i_r_15_i_g_14_choices_are_secret_until_every_seat_has_committed() -> None:
    game = position(players=3, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9s", "1c"], 2: ["2d", "3d"]})
    events = game.apply("play 5s", seat=0)
    assert [e.kind for e in events] == ["commit"] and all(e.card is None for e in events)  # events are public
    assert game.pending_seats() == [1, 2]
    assert game.view(1)["players"][0]["card"] is None and game.view(1)["players"][0]["committed"]
    assert game.view(0)["players"][0]["card"] == "5s"  # a seat sees its own commitment
    assert game.view(None)["players"][0]["card"] is None
    assert game.legal_actions(0) == []  # a committed seat has nothing more to decide
    game.apply("play 1c", seat=1)
    events = game.apply("play 3d", seat=2)
    assert [e.card for e in events if e.kind == "reveal"] == ["5s", "1c", "3d"]  # all revealed together
    assert game.view(1)["players"][0]["card"] == "5s"
    assert game.view(1)["log"][-1]["cards"] == ["5s", "1c", "3d"]  # the trick log is public (I-G-29)


def test_i_g_13_there_is_no_lead_seats_commit_in_any_order() -> None:
    first = position(players=3, customer="lux-s-pool", hands={0: ["5s"], 1: ["9s"], 2: ["2d"]})
    second = first.copy()
    for seat, card in ((0, "5s"), (1, "9s"), (2, "2d")):
        first.apply(f"play {card}", seat=seat)
    for seat, card in ((2, "2d"), (0, "5s"), (1, "9s")):
        second.apply(f"play {card}", seat=seat)
    assert first.state.log == second.state.log
    assert first.current_player == second.current_player == 1  # the winner decides next


def test_i_r_15_a_card_not_in_hand_is_refused_and_nothing_changes() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9s", "1c"]})
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"9s is not in P1's hand \(I-R-15\)"):
        game.apply("play 9s", seat=0)
    game.apply("play 5s", seat=0)
    with pytest.raises(IllegalActionError, match="P1 has no decision to make now"):
        game.apply("play 6h", seat=0)
    assert game.to_json() != before and game.pending_seats() == [1]


def test_i_g_9_following_suit_is_optional_by_default() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9s", "1c"]})
    assert set(game.legal_actions(0)) == {Play("5s"), Play("6h")}


def test_i_g_9_must_follow_flag_forces_the_customers_suit_when_held() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9d", "1c"]}, must_follow=True)
    assert game.legal_actions(0) == [Play("5s")]
    assert set(game.legal_actions(1)) == {Play("9d"), Play("1c")}  # no Spades: anything goes
    with pytest.raises(IllegalActionError, match=r"must follow suit.*I-G-9"):
        game.apply("play 6h", seat=0)


def test_i_r_19_i_g_8_every_view_shows_the_win_order_reminder() -> None:
    game = position(players=2)
    assert game.view(0)["win_order"] == ("Luxury: highest number wins · Budget: lowest number wins · the customer's"
                                         " suit beats other suits · equal numbers: ♠ > ♥ > ♦ > ♣")
    assert position(players=2, suit_order="cdhs").view(1)["win_order"].endswith("♣ > ♦ > ♥ > ♠")


def test_i_g_12_after_the_reveal_the_winner_decides_first_then_second_place() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9s", "1c"]},
                    boards={1: {3: ("3h", "bud-h-spa")}})
    play_trick(game, ["5s", "9s"])
    assert game.decision == Stage.PLACE and game.pending_seats() == [1]
    game.apply("place room15", seat=1)
    assert game.decision == "second" and game.pending_seats() == [0]
