"""Scoring and winning (I-R-1, I-R-3, I-R-5, I-R-34..39, I-G-5, I-G-6, I-G-27, I-G-30)."""

from __future__ import annotations

from innkeepers.rules import scoring
from tests.innkeepers.ink_helpers import position, random_game

# P1: room 1 Pool with a Pool customer (meeple), room 3 Standard (cube), room 12 Restaurant holding a Spades
# customer on the top floor (cube), room 14 a referral from P2, upgraded; one kept customer.
# P2: room 2 a referral from P1, room 11 a Spades customer on the top floor (cube, Standard room).
BOARDS = {
    0: {1: ("1h", "bud-h-pool"), 3: ("3h", "bud-h-spa"), 12: ("12s", "lux-s-gym"), 14: ("14d", "lux-d-spa", 1, True)},
    1: {2: ("2d", "bud-d-pool", 0), 11: ("11c", "lux-s-spa")},
}


def test_i_r_34_to_i_r_37_each_marker_referral_and_penalty_scores_as_stated() -> None:
    game = position(players=2, boards=BOARDS, bonus={0: "lobby-c", 1: "lobby-s"}, deck_size=24)
    rows = game.score_breakdown()
    # 25 customers are left in the deck; deck_size=24 has P2 keep one as a -1 card
    assert {k: rows[0][k] for k in scoring.POINTS} == {"meeples": 1, "cubes": 2, "hosted": 0, "upgraded": 1,
                                                         "referrals": 1, "penalties": 0}
    assert {k: rows[1][k] for k in scoring.POINTS} == {"meeples": 0, "cubes": 1, "hosted": 1, "upgraded": 0,
                                                         "referrals": 1, "penalties": 1}
    assert game.scores() == [3 + 2 * 2 + 2 + 1, 2 + 1 + 1 - 1]  # I-R-34, I-R-35, I-R-36, I-R-37


def test_i_r_38_i_g_5_penthouse_bonus_plus_2_per_customer_of_its_suit_on_the_top_floor() -> None:
    game = position(players=2, boards=BOARDS, bonus={0: "penthouse-s", 1: "penthouse-c"})
    rows = game.score_breakdown()
    assert rows[0]["bonus"] == 2  # lux-s-gym in room 12; lux-d-spa in room 14 is not a Spades customer
    assert rows[1]["bonus"] == 0  # lux-s-spa in room 11 is a Spades customer (on the 11 of Clubs)
    assert rows[0]["bonus_card"] == "penthouse-s"


def test_i_g_5_lobby_bonus_counts_the_ground_floor_and_referrals_count_too() -> None:
    game = position(players=2, boards=BOARDS, bonus={0: "lobby-h", 1: "lobby-d"})
    rows = game.score_breakdown()
    assert rows[0]["bonus"] == 4  # two Hearts customers in rooms 1 and 3
    assert rows[1]["bonus"] == 2  # the referred Diamonds customer in room 2


def test_i_g_6_bonus_suit_flag_counts_the_playing_cards_suit_instead() -> None:
    by_customer = position(players=2, boards=BOARDS, bonus={0: "penthouse-s", 1: "penthouse-c"})
    by_card = position(players=2, boards=BOARDS, bonus={0: "penthouse-s", 1: "penthouse-c"},
                       bonus_suit="playing_card")
    assert [r["bonus"] for r in by_customer.score_breakdown()] == [2, 0]
    assert [r["bonus"] for r in by_card.score_breakdown()] == [2, 2]  # the 11 of Clubs under a Spades customer


def test_i_g_30_others_see_a_score_without_the_secret_bonus_until_the_end() -> None:
    game = position(players=2, boards=BOARDS, bonus={0: "lobby-h", 1: "lobby-d"})
    full = game.scores()
    assert game.view(0)["players"][0]["score"] == full[0] and game.view(0)["players"][0]["bonus_points"] == 4
    assert game.view(1)["players"][0]["score"] == full[0] - 4 and game.view(1)["players"][0]["bonus_points"] is None
    assert game.view(None)["players"][1]["score"] == full[1] - 2


def test_i_r_1_i_r_39_i_g_27_most_points_wins_ties_go_to_most_amenities_matched_then_shared() -> None:
    # Equal totals (3 each): P1 one meeple, P2 a cube and a hosted referral... from P1, so P1 has +1 more.
    tie = {0: {1: ("1h", "bud-h-pool")}, 1: {3: ("3h", "bud-h-spa"), 5: ("5d", "bud-d-pool", 2)},
           2: {1: ("1d", "bud-d-spa")}}
    game = position(players=3, boards=tie, bonus={0: "penthouse-s", 1: "penthouse-h", 2: "penthouse-d"})
    rows = game.score_breakdown()
    assert [r["total"] for r in rows] == [3, 3, 3]
    assert scoring.winners(game.state, game.config) == [0]  # the only one with a matched amenity
    shared = position(players=2, boards={0: {3: ("3h", "bud-h-spa")}, 1: {9: ("9h", "bud-h-gym")}},
                      bonus={0: "penthouse-s", 1: "penthouse-h"})
    assert scoring.winners(shared.state, shared.config) == [0, 1]


def test_i_g_27_upgraded_referrals_do_not_count_as_matched_amenities() -> None:
    boards = {0: {1: ("1h", "bud-h-pool")}, 1: {8: ("8d", "bud-d-pool", 0, True)}}
    game = position(players=2, boards=boards, bonus={0: "penthouse-s", 1: "penthouse-h"})
    rows = game.score_breakdown()
    assert rows[1]["meeples"] == 0 and rows[1]["upgraded"] == 1


def test_i_r_3_i_r_5_winners_of_a_finished_game_follow_the_scores_and_views_reveal_everything() -> None:
    for seed in range(5):
        game = random_game(3, seed)
        rows = game.score_breakdown()
        best = max((r["total"], r["meeples"]) for r in rows)
        assert game.winners() == [r["seat"] for r in rows if (r["total"], r["meeples"]) == best]
        view = game.view(1)
        assert view["scores"] == game.scores() and view["winners"] == game.winners()
        assert all(p["bonus"] is not None and p["score"] == s for p, s in zip(view["players"], game.scores()))
