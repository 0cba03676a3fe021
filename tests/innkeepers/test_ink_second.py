"""The second-place actions of the reference card (I-R-10, I-R-20..23, I-G-7, I-G-12, I-G-21, I-G-23, I-G-24)."""

from __future__ import annotations

from typing import Any

import pytest

from innkeepers import Choose, Game, IllegalActionError, Pass, Pick, Relocate, Upgrade
from innkeepers.cards import CUSTOMER_BY_ID, CUSTOMER_IDS
from tests.innkeepers.ink_helpers import BoardSpec, play_trick, position


def second_to_act(boards: dict[int, BoardSpec] | None = None, players: int = 2, deck_top: list[str] | None = None,
                  **flags: Any) -> Game:
    """P1 wins the Luxury Spades Pool customer with the 15 of Spades and places it in room 15; P2 comes second
    with the 13 of Clubs."""
    hands = {0: ["15s", "2h"], **{s: [f"{14 - s}c", f"{10 - s}c"] for s in range(1, players)}}
    game = position(players=players, customer="lux-s-pool", hands=hands, boards=boards, deck_top=deck_top,
                    **flags)
    play_trick(game, ["15s", *[f"{14 - s}c" for s in range(1, players)]])
    if game.decision == "place":
        game.apply("place room15", seat=0)
    assert game.decision == "second" and game.pending_seats() == [1]
    return game


def test_i_r_20_i_g_7_i_r_10_the_reference_card_offers_exactly_three_actions_or_pass() -> None:
    game = second_to_act({1: {2: ("2d", "bud-d-gym", 0)}})
    kinds = {a.kind for a in game.legal_actions(1)}
    assert kinds == {"choose", "upgrade", "relocate", "pass"}
    assert game.legal_actions(0) == []  # the winner gets no action (I-G-12)


def test_i_g_12_pass_ends_the_trick_losing_cards_discarded_and_the_next_customer_comes_up() -> None:
    game = second_to_act(deck_top=["bud-h-gym"])
    events = game.apply("pass", seat=1)
    assert [e.card for e in events if e.kind == "discard"] == ["13c"]
    assert game.state.customer == CUSTOMER_BY_ID["bud-h-gym"] and game.decision == "play"
    assert any(e.kind == "trick" and e.amount == 2 for e in events)


def test_i_r_21_i_g_23_choose_draws_three_the_pick_comes_up_next_the_others_go_under_the_deck_unseen() -> None:
    top = ["bud-h-gym", "lux-c-spa", "bud-d-pool", "lux-h-pool"]
    game = second_to_act(players=3, deck_top=top)
    size = len(game.state.deck)
    events = game.apply("choose", seat=1)
    assert [e.amount for e in events if e.kind == "choose"] == [3]
    assert game.decision == "pick" and game.pending_seats() == [1]
    assert set(game.legal_actions(1)) == {Pick(c) for c in top[:3]}
    assert sorted(game.view(1)["drawn"]) == sorted(top[:3])
    assert game.view(0)["drawn"] is None and game.view(2)["drawn"] is None and game.view(0)["drawn_count"] == 3
    assert "legal_actions" not in game.view(0)
    events = game.apply("pick lux-c-spa", seat=1)
    assert all(e.card not in ("bud-h-gym", "bud-d-pool") for e in events)  # events are public
    assert game.state.customer == CUSTOMER_BY_ID["lux-c-spa"]
    assert len(game.state.deck) == size - 1
    assert [CUSTOMER_IDS[c] for c in game.state.deck[:2]] == ["bud-h-gym", "bud-d-pool"]  # at the bottom
    assert CUSTOMER_IDS[game.state.deck[-1]] == "lux-h-pool"  # the top is untouched
    chooser, other = game.view(1)["deck"]["order"], game.view(0)["deck"]["order"]
    assert chooser[-2:] == ["bud-d-pool", "bud-h-gym"] and set(chooser[:-2]) == {None}
    assert set(other) == {None}  # only the chooser knows them
    assert "bud-h-gym" in game.view(0)["unseen_customers"] and "bud-h-gym" not in game.view(1)["unseen_customers"]


def test_i_g_23_choose_draws_all_that_remain_when_fewer_than_three_and_is_unavailable_on_an_empty_deck() -> None:
    game = second_to_act(deck_top=["bud-h-gym", "lux-c-spa"], deck_size=2)
    game.apply("choose", seat=1)
    assert set(game.legal_actions(1)) == {Pick("bud-h-gym"), Pick("lux-c-spa")}
    game = second_to_act({1: {3: ("4d", "bud-d-pool")}}, deck_size=0)  # Relocate remains possible
    assert Choose() not in game.legal_actions(1)
    with pytest.raises(IllegalActionError, match=r"deck is empty.*I-G-23"):
        game.apply("choose", seat=1)


def test_i_r_22_i_g_21_upgrade_swaps_the_referrers_cube_for_their_meeple_host_plus_2_referrer_still_plus_1() -> None:
    game = second_to_act({1: {2: ("2d", "bud-d-gym", 0), 4: ("4d", "bud-d-pool")}})
    assert game.legal_actions(1)[:2] == [Choose(), Upgrade(2)]  # only the referral can be upgraded
    before = game.scores()
    game.apply("upgrade room2", seat=1)
    after = game.scores()
    assert after[1] - before[1] == 1 and after[0] == before[0]  # host +2 instead of +1; referrer unchanged
    room = game.view(0)["players"][1]["board"][1]
    assert room["upgraded"] and room["marker"] == {"seat": 0, "kind": "meeple"}
    assert game.score_breakdown()[1]["upgraded"] == 1


def test_i_g_21_upgrade_refuses_an_own_customer_an_empty_room_and_a_second_upgrade() -> None:
    game = second_to_act({1: {2: ("2d", "bud-d-gym", 0, True), 4: ("4d", "bud-d-pool")}})
    assert not any(isinstance(a, Upgrade) for a in game.legal_actions(1))
    for text, message in (("upgrade room2", "already upgraded"), ("upgrade room4", "was not referred"),
                          ("upgrade room9", "is empty")):
        with pytest.raises(IllegalActionError, match=message):
            game.apply(text, seat=1)


def test_i_r_23_i_g_24_relocate_moves_a_customer_within_the_rising_order_and_its_marker_follows_the_room() -> None:
    game = second_to_act({1: {3: ("4d", "bud-d-pool"), 6: ("9d", "bud-d-gym")}})
    moves = {a for a in game.legal_actions(1) if isinstance(a, Relocate)}
    assert moves == ({Relocate(3, d) for d in (1, 2, 4, 5)} | {Relocate(6, d) for d in (4, 5, *range(7, 16))})
    assert game.score_breakdown()[1]["meeples"] == 0
    game.apply("relocate room3 to room1", seat=1)  # room 1 has the Pool: a cube becomes a meeple
    assert game.state.boards[1][2] is None and game.state.boards[1][0] is not None
    assert game.view(0)["players"][1]["board"][0]["marker"] == {"seat": 1, "kind": "meeple"}
    assert game.score_breakdown()[1]["meeples"] == 1


def test_i_g_24_a_relocated_referral_keeps_its_marker_and_value() -> None:
    game = second_to_act({1: {3: ("4d", "bud-d-pool", 0)}})
    before = game.scores()
    game.apply("relocate room3 to room1", seat=1)
    assert game.scores() == before
    assert game.view(1)["players"][1]["board"][0]["marker"] == {"seat": 0, "kind": "cube"}


def test_i_g_24_i_r_22_the_relocation_names_the_marker_and_what_it_is_worth_to_the_host() -> None:
    game = second_to_act({1: {3: ("4d", "bud-d-pool", 0, True), 6: ("9d", "bud-d-gym", 0), 9: ("11d", "bud-h-gym")}})
    texts = [e.text for e in game.copy().apply("relocate room3 to room1", seat=1) if e.kind == "relocate"]
    assert texts == ["The Budget ♦ customer wanting the Pool moves from room 3 to room 1 of P2's inn"
                     " (an upgraded referral with P1's meeple: +2)."]  # the referrer's meeple, not an own +3
    texts = [e.text for e in game.copy().apply("relocate room6 to room7", seat=1) if e.kind == "relocate"]
    assert texts[0].endswith("(a referral with P1's cube: +1).")
    texts = [e.text for e in game.copy().apply("relocate room9 to room13", seat=1) if e.kind == "relocate"]
    assert texts[0].endswith("(now with a meeple: +3).")  # room 13 has the Gym


def test_i_g_24_relocate_refuses_a_move_breaking_the_order() -> None:
    game = second_to_act({1: {3: ("4d", "bud-d-pool"), 6: ("9d", "bud-d-gym")}})
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"break the rising order.*I-G-24"):
        game.apply("relocate room3 to room8", seat=1)
    with pytest.raises(IllegalActionError, match="nothing to relocate"):
        game.apply("relocate room2 to room8", seat=1)
    assert game.to_json() == before


def test_i_g_24_with_fixed_rooms_relocate_swaps_two_customers_and_the_cards_stay() -> None:
    game = second_to_act({1: {1: ("1d", "bud-d-gym"), 5: ("5d", "bud-d-pool")}}, fixed_rooms=True)
    assert [a for a in game.legal_actions(1) if isinstance(a, Relocate)] == [Relocate(1, 5)]
    with pytest.raises(IllegalActionError, match="lower room first"):
        game.apply("relocate room5 to room1", seat=1)
    game.apply("relocate room1 to room5", seat=1)
    board = game.view(0)["players"][1]["board"]
    assert (board[0]["customer"], board[0]["card"]) == ("bud-d-pool", "1d")
    assert (board[4]["customer"], board[4]["card"]) == ("bud-d-gym", "5d")
    assert board[0]["marker"]["kind"] == "meeple" and board[4]["marker"]["kind"] == "meeple"  # Pool, Gym


def test_i_r_20_another_kind_of_decision_is_refused_naming_the_rule() -> None:
    game = second_to_act()
    with pytest.raises(IllegalActionError, match=r"must take a second-place action or pass now, not place.*I-R-20"):
        game.apply("place room3", seat=1)
    assert Pass() in game.legal_actions(1)


def test_i_g_26_i_g_23_choose_is_not_offered_in_the_trick_that_fills_a_15th_room() -> None:
    names = [c for c in CUSTOMER_IDS if c != "lux-s-pool"][:14]
    full = {room: (f"{room}d", names[room - 1]) for room in range(1, 15)}
    game = second_to_act({0: full, 1: {3: ("4c", "bud-h-pool")}})  # P2 has a customer to relocate
    assert None not in game.state.boards[0] and game.state.deck  # P1's 15th room is filled; customers remain
    assert Choose() not in game.legal_actions(1)  # the game ends after this trick: no customer comes up
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=r"inn is full.*I-G-26"):
        game.apply("choose", seat=1)
    assert game.to_json() == before
    game.apply("pass", seat=1)
    assert game.is_over and game.view(1)["customer"] is None  # a finished game shows no face-up customer
