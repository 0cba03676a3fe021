"""Referrals and the -1 penalty (I-R-4, I-R-28..30, I-R-36, I-G-18..20, I-G-22)."""

from __future__ import annotations

from typing import Any

import pytest

from innkeepers import Game, IllegalActionError, Place, Refer, Refuse
from innkeepers.cards import CUSTOMER_BY_ID
from tests.innkeepers.ink_helpers import BoardSpec, play_trick, position

# P1's board holds an 8 already: another 8 can go nowhere (I-G-16).
BLOCKED = {7: ("7h", "bud-h-spa"), 8: ("8h", "bud-h-gym"), 9: ("9h", "bud-h-pool")}


def won(boards: dict[int, BoardSpec], players: int = 3, **flags: Any) -> Game:
    """P1 wins the Luxury Spades Pool customer with the 8 of Spades; the others play Clubs."""
    hands = {0: ["8s", "2h"], **{s: [f"{s}c", f"{s + 4}c"] for s in range(1, players)}}
    game = position(players=players, customer="lux-s-pool", hands=hands, boards=boards, **flags)
    play_trick(game, ["8s", *[f"{s}c" for s in range(1, players)]])
    return game


def test_i_r_28_i_g_18_a_winner_without_a_room_refers_to_a_seat_with_one_and_that_seat_chooses_the_room() -> None:
    game = won({0: BLOCKED, 2: {8: ("8d", "bud-d-spa")}})
    # P3 cannot take an 8 either: the only possible referral, to P2, is made without asking
    assert game.decision == "host" and game.pending_seats() == [1]
    assert set(game.legal_actions(1)) == {Place(r) for r in range(1, 16)}  # P2 chooses the room
    game.apply("place room3", seat=1)
    assert game.state.boards[1][2] is not None and game.state.boards[1][2].referrer == 0


def test_i_r_28_a_single_possible_referral_is_still_a_decision_only_when_there_is_a_choice() -> None:
    game = won({0: BLOCKED}, players=3)
    assert set(game.legal_actions(0)) == {Refer(1), Refer(2)}
    events = game.apply("refer p3", seat=0)
    assert any(e.kind == "refer" and e.target == 2 for e in events)
    assert game.decision == "host" and game.pending_seats() == [2]  # the recipient may not refuse (I-G-18)
    assert len(game.legal_actions(2)) == 15
    game.apply("place room8", seat=2)  # the Pool: the amenity matches, yet a referral scores +1
    stay = game.state.boards[2][7]
    assert stay is not None and stay.referrer == 0 and stay.card == 7 and stay.customer == CUSTOMER_BY_ID["lux-s-pool"]
    view = game.view(1)
    assert view["players"][2]["board"][7]["marker"] == {"seat": 0, "kind": "cube"}  # the referrer's cube (I-R-9)


def test_i_r_29_i_r_36_referrer_and_host_each_score_plus_1_even_when_the_amenity_matches() -> None:
    game = won({0: BLOCKED}, players=3)
    before = game.scores()
    game.apply("refer p3", seat=0)
    game.apply("place room8", seat=2)
    after = game.scores()
    assert after[0] - before[0] == 1 and after[2] - before[2] == 1
    rows = game.score_breakdown()
    assert rows[0]["referrals"] == 1 and rows[2]["hosted"] == 1 and rows[2]["meeples"] == 0


def test_i_r_30_i_g_19_nobody_can_take_it_the_winner_keeps_the_customer_for_minus_1() -> None:
    game = won({0: BLOCKED, 1: {8: ("8d", "bud-d-spa")}, 2: {8: ("8c", "bud-c-spa")}})
    # no decision was needed: the penalty follows at once, the winning card is discarded
    assert game.state.kept[0] == [CUSTOMER_BY_ID["lux-s-pool"]]
    assert 7 in game.state.discard
    assert game.view(2)["players"][0]["kept"] == ["lux-s-pool"]
    assert game.score_breakdown()[0]["penalties"] == 1
    assert game.decision == "second"


def test_i_g_20_referral_is_compulsory_by_default() -> None:
    game = won({0: BLOCKED}, players=2)
    assert game.legal_actions(0) == []  # one recipient: the referral is made at once
    assert game.state.boards[1][7] is None and game.decision == "host"
    with pytest.raises(IllegalActionError, match="P1 has no decision"):
        game.apply("refuse", seat=0)


def test_i_g_20_allow_refuse_referral_flag_lets_the_winner_take_minus_1_instead() -> None:
    game = won({0: BLOCKED}, players=2, allow_refuse_referral=True)
    assert set(game.legal_actions(0)) == {Refer(1), Refuse()}
    game.apply("refuse", seat=0)
    assert game.state.kept[0] == [CUSTOMER_BY_ID["lux-s-pool"]] and game.scores()[1] == 0


def test_i_g_20_refusing_is_refused_without_the_flag() -> None:
    game = won({0: BLOCKED}, players=3)
    with pytest.raises(IllegalActionError, match=r"referral is compulsory.*I-G-20"):
        game.apply("refuse", seat=0)


def test_i_g_22_an_amenity_mismatch_alone_does_not_allow_a_referral() -> None:
    game = won({0: {1: ("1d", "bud-d-spa"), 8: ("10d", "bud-d-gym")}}, players=3)
    assert set(game.legal_actions(0)) == {Place(r) for r in range(2, 8)}  # no Pool among them, no referral


def test_i_r_4_i_g_22_voluntary_referral_flag_lets_a_winner_with_a_room_refer() -> None:
    game = won({}, players=3, voluntary_referral=True)
    legal = set(game.legal_actions(0))
    assert {Refer(1), Refer(2)} <= legal and Place(8) in legal


def test_i_g_20_only_a_winner_who_must_refer_may_refuse() -> None:
    game = won({}, players=3, voluntary_referral=True, allow_refuse_referral=True)
    assert Refuse() not in game.legal_actions(0)
    with pytest.raises(IllegalActionError, match=r"has a legal room: only a winner who must refer may refuse"):
        game.apply("refuse", seat=0)


def test_i_r_28_referral_to_oneself_or_a_seat_without_room_is_refused() -> None:
    game = won({0: BLOCKED, 2: {8: ("8d", "bud-d-spa")}, 1: {1: ("1h", "bud-s-spa")}}, players=3,
               allow_refuse_referral=True)
    with pytest.raises(IllegalActionError, match="own inn"):
        game.apply("refer p1", seat=0)
    with pytest.raises(IllegalActionError, match=r"P3's inn has no legal room for 8s.*I-G-18"):
        game.apply("refer p3", seat=0)
    with pytest.raises(IllegalActionError, match="no P4"):
        game.apply("refer p4", seat=0)


def test_i_r_9_i_r_14_markers_are_in_the_colour_of_the_seat_that_owns_them() -> None:
    game = won({0: BLOCKED, 2: {8: ("8d", "bud-d-spa")}})  # the referral to P2 is forced
    game.apply("place room3", seat=1)
    markers = [room["marker"] for p in game.view(None)["players"] for room in p["board"] if room["marker"]]
    own = [m["seat"] for p in game.view(None)["players"] for room in p["board"]
           if (m := room["marker"]) and room["referrer"] is None]
    assert {"seat": 0, "kind": "cube"} in markers  # P1's cube on P2's board, not P2's
    assert own == [0, 0, 0, 2]  # every other marker is its board owner's colour
