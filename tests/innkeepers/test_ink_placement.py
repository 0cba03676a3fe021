"""Placing the customer won (I-R-2, I-R-24..27, I-G-15..17): rising order with gaps, or fixed rooms."""

from __future__ import annotations

from typing import Any

import pytest

from innkeepers import Game, IllegalActionError, Place, Refer
from innkeepers.rules.placement import legal_rooms
from innkeepers.state import Stay
from tests.innkeepers.ink_helpers import BoardSpec, play_trick, position


def won(card: str, boards: dict[int, BoardSpec], **flags: Any) -> Game:
    """P1 wins a Luxury Spades Pool customer with `card` against P2's 1 of Clubs."""
    game = position(players=2, customer="lux-s-pool", hands={0: [card, "2h"], 1: ["1c", "2c"]}, boards=boards,
                    **flags)
    play_trick(game, [card, "1c"])
    return game


def test_i_r_25_i_g_15_any_empty_room_that_keeps_the_numbers_rising() -> None:
    game = won("8s", {0: {2: ("3h", "bud-h-spa"), 12: ("13d", "lux-d-gym")}})
    assert set(game.legal_actions(0)) == {Place(r) for r in range(3, 12)}


def test_i_r_2_i_r_25_an_empty_board_takes_a_card_in_any_room() -> None:
    game = won("8s", {})
    assert set(game.legal_actions(0)) == {Place(r) for r in range(1, 16)}


def test_i_r_25_a_room_breaking_the_order_is_refused_naming_the_rule() -> None:
    game = won("8s", {0: {2: ("3h", "bud-h-spa"), 12: ("13d", "lux-d-gym")}})
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"8s in room 14 would break the rising order.*\(I-R-25\)"):
        game.apply("place room14", seat=0)
    with pytest.raises(IllegalActionError, match=r"room 2 of P1's inn is taken"):
        game.apply("place room2", seat=0)
    assert game.to_json() == before


def test_i_g_16_numbers_strictly_rise_no_two_cards_of_one_number() -> None:
    board: list[Stay | None] = [None] * 15
    board[4] = Stay(0, 7)  # the 8 of Spades in room 5
    assert legal_rooms(board, 22, False) == []  # the 8 of Hearts cannot join it anywhere


def test_i_g_15_fixed_rooms_flag_card_n_only_in_room_n() -> None:
    game = won("8s", {}, fixed_rooms=True)
    assert game.legal_actions(0) == []  # the only room was taken at once: a single option is automatic
    assert game.state.boards[0][7] is not None
    with pytest.raises(IllegalActionError):
        game.apply("place room8", seat=0)


def test_i_g_15_fixed_rooms_refuses_another_room_naming_the_flag() -> None:
    game = won("8s", {}, fixed_rooms=True, voluntary_referral=True)  # room 8 or a referral: a real choice
    assert set(game.legal_actions(0)) == {Place(8), Refer(1)}
    with pytest.raises(IllegalActionError, match=r"may only go in room 8 \(fixed_rooms\) \(I-G-15\)"):
        game.apply("place room9", seat=0)


def test_i_r_24_i_r_26_the_customer_and_the_winning_card_check_in_matching_amenity_meeple_plus_3() -> None:
    game = won("8s", {})
    events = game.apply("place room8", seat=0)  # room 8 has the Pool
    stay = game.state.boards[0][7]
    assert stay is not None and stay.card == 7 and stay.customer == 0
    place = next(e for e in events if e.kind == "place")
    assert place.amount == 3 and "meeple" in place.note
    room = game.view(1)["players"][0]["board"][7]
    assert room["customer"] == "lux-s-pool" and room["card"] == "8s"
    assert room["marker"] == {"seat": 0, "kind": "meeple"}
    assert game.score_breakdown()[0]["meeples"] == 1


def test_i_r_27_no_matching_amenity_cube_plus_2() -> None:
    game = won("8s", {})
    events = game.apply("place room9", seat=0)  # a Standard room
    assert next(e for e in events if e.kind == "place").amount == 2
    assert game.view(0)["players"][0]["board"][8]["marker"] == {"seat": 0, "kind": "cube"}
    assert game.score_breakdown()[0]["cubes"] == 1


def test_i_g_17_a_winner_with_a_legal_room_must_place_and_cannot_refer() -> None:
    game = won("8s", {})
    assert not any(isinstance(a, Refer) for a in game.legal_actions(0))
    with pytest.raises(IllegalActionError, match=r"must place the customer.*I-G-17"):
        game.apply("refer p2", seat=0)


def test_i_g_17_a_single_legal_room_is_taken_automatically() -> None:
    game = won("8s", {0: {7: ("7h", "bud-h-spa"), 9: ("9h", "bud-h-gym")}})
    assert game.state.boards[0][7] is not None and game.state.boards[0][7].card == 7
    assert game.actions == [(0, game.actions[0][1]), (1, game.actions[1][1])]  # only the two plays were decided
