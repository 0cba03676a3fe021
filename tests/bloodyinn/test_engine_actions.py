"""The four paid night actions and Pass (spec §9-§10): R-ACT-*, R-BRIBE-*, R-BUILD-*, R-KILL-*, R-BURY-*,
R-PASS-*.

Two-player positions unless said otherwise: room 1 has seat 0's key, room 2 seat 1's, rooms 3-5 white keys,
rooms 6-8 are closed. Seat 0 acts first.
"""

from __future__ import annotations

from bloodyinn import Bribe, Build, Bury, Kill, Pass, parse_action
from tests.bloodyinn.engine_helpers import (
    assert_illegal,
    finish_night,
    hand,
    ids,
    legal_texts,
    night,
    occ_annexes,
    room_card,
    under,
)

# ----------------------------------------------------------------------------------------------- R-ACT


def test_r_act_1_an_illegal_declaration_changes_nothing() -> None:
    game = night(hands={0: ["peasant", "novice"]}, rooms={3: "count"})
    assert_illegal(game, "bribe room3 pay peasant", "R-ACT-4")  # one card short: nothing moves
    assert room_card(game, 3) is not None and hand(game, 0) == ["novice", "peasant"]
    game.apply("bribe room3 pay novice,peasant")  # the whole declaration applies at once
    assert hand(game, 0) == ["count"]


def test_r_act_2_payment_settles_before_the_target_moves() -> None:
    game = night(hands={0: ["peasant", "newsboy", "novice"]}, rooms={3: "landscaper"})
    events = [e for e in game.apply("bribe room3 pay peasant,newsboy,novice") if e.kind == "move"]
    assert [(e.source, e.dest) for e in events] == [("hand:0", "exit"), ("hand:0", "bistro"),
                                                  ("room3", "hand:0")]


def test_r_act_3_base_cost_is_the_rank_of_the_target() -> None:
    game = night(4, hands={0: ["peasant"] * 4}, rooms={1: "baron", 2: "viscount", 3: "count", 4: "major"},
                 bistro=["peasant"])
    bribes = {str(a) for a in game.legal_actions() if isinstance(a, Bribe)}
    assert bribes == {"bribe room1", "bribe room2 pay peasant", "bribe room3 pay peasant,peasant",
                      "bribe room4 pay peasant,peasant,peasant", "bribe peasants 1"}
    assert "kill peasant" in legal_texts(game)  # peasants cost nothing


def test_r_act_4_reductions_allow_any_size_between_b_minus_d_and_b() -> None:
    game = night(hands={0: ["peasant"] * 4}, annexes={0: ["representative", "representative"]},
                 rooms={3: "major"})
    sizes = sorted(len(a.pay) for a in game.legal_actions() if isinstance(a, Bribe))
    assert sizes == [1, 2, 3]  # B = 3, two Parlors: 1 to 3 cards, never 0 or 4
    assert_illegal(game, "bribe room3 pay peasant,peasant,peasant,peasant", "R-ACT-4")
    assert_illegal(game, Bribe(rooms=(3,)), "R-ACT-4")


def test_r_act_5_payment_comes_from_hand_and_never_exceeds_the_cost() -> None:
    game = night(hands={0: ["mechanic", "peasant", "peasant"]}, rooms={3: "viscount"})
    assert_illegal(game, "bribe room3 pay novice", "R-ACT-5")  # not in hand
    assert_illegal(game, "bribe room3 pay peasant,peasant", "R-ACT-4")  # extra cards cannot be thrown away
    assert_illegal(game, "build mechanic pay mechanic", "R-ACT-5")  # the annex cannot pay for itself
    game.apply("build mechanic pay peasant")
    assert ids(game.state.annexes[0]) == ["mechanic.1"]


def test_r_act_6_gained_and_returned_cards_cannot_pay_in_the_same_action() -> None:
    game = night(hands={0: ["newsboy"]}, rooms={3: "count", 4: "viscount"})
    assert_illegal(game, "bribe room3 pay newsboy,newsboy", "R-ACT-5")  # returned once, played once
    assert_illegal(game, "bribe room4 pay viscount", "R-ACT-5")  # the bribed guest is not in hand yet
    assert not any(isinstance(a, Bribe) and a.rooms == (3,) for a in game.legal_actions())


def test_r_act_7_only_the_actions_aptitude_brings_cards_back() -> None:
    for action, kept in (("bribe room3 pay newsboy", "newsboy"), ("kill room3 pay brigadier", "brigadier")):
        game = night(hands={0: [kept]}, rooms={3: "viscount"})
        game.apply(action)  # merchants return from Bribe, police from Kill
        assert kept in hand(game, 0)
    game = night(hands={0: ["mechanic", "baron", "cultivator"]}, rooms={3: "viscount"})
    game.apply("build mechanic pay cultivator")  # artisans return from Build
    assert hand(game, 0) == ["baron", "cultivator"]
    game = night(hands={0: ["novice", "baron"]}, corpses={0: ["viscount"]})
    game.apply("bury viscount under barn.0 pay novice")  # religious return from Bury
    assert hand(game, 0) == ["baron", "novice"]
    game = night(hands={0: ["baron"]}, rooms={3: "viscount"})
    game.apply("bribe room3 pay baron")  # nobles never return
    assert hand(game, 0) == ["viscount"]
    game = night(hands={0: ["newsboy"]}, rooms={3: "viscount"})
    game.apply("kill room3 pay newsboy")  # a merchant does not return from a Kill
    assert hand(game, 0) == [] and "newsboy.1" in ids(game.state.exit)


def test_r_act_8_discarded_travelers_go_to_exit_and_peasants_to_the_bistro() -> None:
    game = night(hands={0: ["peasant", "baron"]}, rooms={3: "count"})
    game.apply("kill room3 pay baron,peasant")
    assert ids(game.state.exit) == ["baron.1"]
    assert ids(game.state.bistro) == ["peasant.1"]


# --------------------------------------------------------------------------------------------- R-BRIBE


def test_r_bribe_1_any_room_any_key_owner_cost_rank_to_hand() -> None:
    game = night(hands={0: ["peasant", "peasant"]}, rooms={1: "baron", 2: "viscount", 3: "count"})
    texts = legal_texts(game)
    assert {"bribe room1", "bribe room2 pay peasant", "bribe room3 pay peasant,peasant"} <= texts
    game.apply("bribe room2 pay peasant")  # a room with the opponent's key
    assert hand(game, 0) == ["peasant", "viscount"] and room_card(game, 2) is None
    game.apply("pass")
    game.apply("bribe room1")  # own room, rank 0: free
    assert hand(game, 0) == ["baron", "peasant", "viscount"]


def test_r_bribe_1_empty_room_cannot_be_bribed() -> None:
    game = night(hands={0: ["peasant"]}, rooms={3: "baron"})
    assert_illegal(game, "bribe room4", "R-BRIBE-1")
    assert_illegal(game, "bribe room7", "R-BRIBE-1")  # closed


def test_r_bribe_2_store_bribes_several_travelers_for_the_sum_of_ranks() -> None:
    rooms = {1: "viscount", 3: "count", 4: "baron"}
    plain = night(hands={0: ["peasant"] * 3}, rooms=rooms)
    assert_illegal(plain, "bribe room1+room3 pay peasant,peasant,peasant", "R-BRIBE-2")
    game = night(hands={0: ["peasant"] * 3}, rooms=rooms, annexes={0: ["shopkeeper"]})
    assert "bribe room1+room3+room4 pay peasant,peasant,peasant" in legal_texts(game)
    assert_illegal(game, "bribe room1+room3 pay peasant,peasant", "R-ACT-4")
    game.apply("bribe room1+room3 pay peasant,peasant,peasant")
    assert hand(game, 0) == ["count", "viscount"]


def test_r_bribe_3_brewery_takes_up_to_four_peasants() -> None:
    game = night(4, bistro=["peasant"] * 5)
    assert {a.peasants for a in game.legal_actions() if isinstance(a, Bribe)} == {1, 2}
    assert_illegal(game, "bribe peasants 3", "R-BRIBE-3")
    brewery = night(4, bistro=["peasant"] * 5, annexes={0: ["brewer"]})
    assert {a.peasants for a in brewery.legal_actions() if isinstance(a, Bribe)} == {1, 2, 3, 4}
    assert_illegal(brewery, "bribe peasants 5", "R-BRIBE-3")
    brewery.apply("bribe peasants 4")
    assert hand(brewery, 0) == ["peasant"] * 4 and len(brewery.state.bistro) == 1


def test_r_bribe_3_peasant_bribes_are_limited_by_the_bistro_and_cost_nothing() -> None:
    game = night(hands={0: ["peasant"]}, bistro=["peasant"], annexes={0: ["brewer"]})
    assert {a.peasants for a in game.legal_actions() if isinstance(a, Bribe)} == {1}
    assert_illegal(game, "bribe peasants 2", "R-BRIBE-3")
    assert_illegal(game, Bribe(peasants=1, pay=("peasant",)), "R-BRIBE-4")
    empty = night(hands={0: ["peasant"]})
    assert not any(isinstance(a, Bribe) for a in empty.legal_actions())
    assert_illegal(empty, "bribe peasants 1", "R-BRIBE-3")


def test_r_bribe_4_one_bribe_never_mixes_travelers_and_peasants() -> None:
    game = night(bistro=["peasant"], rooms={3: "baron"}, annexes={0: ["shopkeeper"]})
    assert_illegal(game, Bribe(rooms=(3,), peasants=1), "R-BRIBE-4")
    assert all(not (a.rooms and a.peasants) for a in game.legal_actions() if isinstance(a, Bribe))


def test_r_bribe_5_parlor_bribes_a_rank_2_traveler_for_one_card() -> None:
    game = night(hands={0: ["peasant", "peasant"]}, rooms={3: "count"}, annexes={0: ["representative"]})
    assert {"bribe room3 pay peasant", "bribe room3 pay peasant,peasant"} <= legal_texts(game)
    assert_illegal(game, "bribe room3", "R-ACT-4")


# --------------------------------------------------------------------------------------------- R-BUILD


def test_r_build_1_only_annex_cards_in_hand_can_be_built() -> None:
    game = night(hands={0: ["peacekeeper", "peasant", "baron"]})
    assert {str(a) for a in game.legal_actions() if isinstance(a, Build)} == {"build baron"}
    assert_illegal(game, "build peacekeeper", "R-BUILD-1")
    assert_illegal(game, "build peasant", "R-BUILD-1")
    assert_illegal(game, "build newsboy", "R-BUILD-1")  # not in hand


def test_r_build_2_cost_is_rank_paid_with_other_cards_and_workshop_reduces() -> None:
    game = night(hands={0: ["count", "peasant"]})
    assert not any(isinstance(a, Build) and a.card == "count" for a in game.legal_actions())
    workshop = night(hands={0: ["count", "peasant"]}, annexes={0: ["mechanic"]})
    assert "build count pay peasant" in legal_texts(workshop)
    free = night(hands={0: ["viscount"]}, annexes={0: ["mechanic"]})
    assert "build viscount" in legal_texts(free)


def test_r_build_3_the_card_becomes_an_annex_and_duplicates_are_separate() -> None:
    game = night(hands={0: ["newsboy", "newsboy"]})
    game.apply("build newsboy")
    game.apply("pass")
    game.apply("build newsboy")
    assert ids(game.state.annexes[0]) == ["newsboy.1", "newsboy.2"] and hand(game, 0) == []
    assert game.state.cash[0] == 5 + 1 + 2  # each Kiosk counted the blue annexes at its own build


def test_r_build_4_a_workshop_does_not_reduce_its_own_build() -> None:
    game = night(hands={0: ["mechanic", "viscount", "peasant"]})
    assert_illegal(game, "build mechanic", "R-ACT-4")
    game.apply("build mechanic pay peasant")
    game.apply("pass")
    game.apply("build viscount")  # from the next action on, the Workshop applies
    assert occ_annexes(game, 0) == ["mechanic", "viscount"]


def test_r_build_5_the_immediate_effect_resolves_last_and_counts_the_new_annex() -> None:
    game = night(hands={0: ["cultivator"]}, annexes={0: ["mechanic", "newsboy"]}, cash=[0, 5])
    game.apply("build cultivator")
    assert game.state.cash[0] == 2  # Workshop + Vegetable Garden itself; the Kiosk is blue


def test_r_build_6_concierge_and_monk_name_a_room_when_one_qualifies() -> None:
    game = night(hands={0: ["concierge", "monk", "peasant", "peasant"]}, room_service={1: 1})
    builds = {str(a) for a in game.legal_actions() if isinstance(a, Build) and a.pay == ("peasant", "peasant")}
    assert builds == {f"build concierge pay peasant,peasant service room{r}" for r in (2, 3, 4, 5)}
    assert {str(a) for a in game.legal_actions() if isinstance(a, Build) and a.card == "monk"} >= {
        "build monk pay peasant key room3", "build monk pay peasant key room4", "build monk pay peasant key room5"}
    assert_illegal(game, "build concierge pay peasant,peasant", "R-BUILD-6")
    assert_illegal(game, "build concierge pay peasant,peasant service room1", "R-BUILD-6")  # has a token
    assert_illegal(game, "build concierge pay peasant,peasant service room6", "R-BUILD-6")  # closed
    assert_illegal(game, "build monk pay peasant key room2", "R-BUILD-6")  # not white
    assert_illegal(game, "build monk pay peasant", "R-BUILD-6")


def test_r_build_6_without_an_eligible_room_the_build_is_legal_and_does_nothing() -> None:
    game = night(hands={0: ["monk", "peasant"]}, keys={3: 0, 4: 1, 5: 1})
    assert "build monk pay peasant" in legal_texts(game)
    assert_illegal(game, "build monk pay peasant key room3", "R-BUILD-6")
    game.apply("build monk pay peasant")
    assert game.state.keys[:5] == [0, 1, 0, 1, 1]


def test_r_build_7_annexes_never_return_and_never_draw_wages() -> None:
    game = night(hands={0: ["baron", "peasant"]}, annexes={0: ["count", "viscount"]}, turn=3, first_player=1,
                 cash=[10, 10])
    game.apply("build baron")  # the last night action
    assert game.state.round == 2 and game.state.cash[0] == 10 + 4 - 1  # wages for the peasant only
    assert occ_annexes(game, 0) == ["baron", "count", "viscount"]


# ---------------------------------------------------------------------------------------------- R-KILL


def test_r_kill_1_any_room_cost_rank_no_reduction_corpse_not_money() -> None:
    reducers = ["representative", "mechanic", "abbot"]
    game = night(hands={0: ["peasant", "peasant"]}, rooms={2: "count"}, annexes={0: reducers})
    kills = {str(a) for a in game.legal_actions() if isinstance(a, Kill)}
    assert kills == {"kill room2 pay peasant,peasant"}  # no annex reduces a Kill
    game.apply("kill room2 pay peasant,peasant")
    assert ids(game.state.corpses[0]) == ["count.1"] and room_card(game, 2) is None
    assert game.state.cash[0] == 5


def test_r_kill_2_butchers_shop_kills_several_travelers_for_the_sum() -> None:
    rooms = {1: "viscount", 3: "count"}
    plain = night(hands={0: ["peasant"] * 3}, rooms=rooms)
    assert_illegal(plain, "kill room1+room3 pay peasant,peasant,peasant", "R-KILL-2")
    game = night(hands={0: ["peasant"] * 3}, rooms=rooms, annexes={0: ["butcher"]})
    game.apply("kill room1+room3 pay peasant,peasant,peasant")
    assert sorted(ids(game.state.corpses[0])) == ["count.1", "viscount.1"]


def test_r_kill_3_a_peasant_kill_is_one_free_peasant_never_combined() -> None:
    game = night(bistro=["peasant", "peasant"], rooms={3: "baron"}, annexes={0: ["butcher"]})
    assert [str(a) for a in game.legal_actions() if isinstance(a, Kill) and a.peasant] == ["kill peasant"]
    assert_illegal(game, Kill(rooms=(3,), peasant=True), "R-KILL-3")
    game.apply("kill peasant")
    assert len(game.state.corpses[0]) == 1 and len(game.state.bistro) == 1
    empty = night(rooms={3: "baron"})
    assert_illegal(empty, "kill peasant", "R-KILL-3")


def test_r_kill_4_killing_pays_nothing_and_corpses_are_unlimited() -> None:
    game = night(corpses={0: ["baron", "baron", "count", "major", "peasant"]}, rooms={3: "baron"},
                 cash=[7, 5])
    game.apply("kill room3")
    assert len(game.state.corpses[0]) == 6 and game.state.cash[0] == 7


# ---------------------------------------------------------------------------------------------- R-BURY


def test_r_bury_1_only_own_corpses_including_one_killed_this_round() -> None:
    game = night(hands={0: ["peasant"]}, rooms={3: "baron"}, corpses={1: ["viscount"]})
    assert_illegal(game, "bury viscount under barn.0 pay peasant", "R-BURY-1")  # seat 1's corpse
    game.apply("kill room3")
    game.apply("pass")
    game.apply("bury baron under barn.0")  # killed earlier in the same round
    assert under(game, "barn.0") == ["baron.1"] and game.state.cash[0] == 5 + 8


def test_a_barn_may_be_named_by_its_player_as_the_screens_number_seats() -> None:
    """Seat 0 is P1 in every text, so 'barn.P1' is the barn of seat 0 ('barn.0'); the canonical form stays."""
    action = parse_action("bury baron under barn.P2 + monk under Barn.p1")
    assert action == parse_action("bury baron under barn.1 + monk under barn.0")
    assert str(action) == "bury monk under barn.0 + baron under barn.1"


def test_r_bury_1_cellar_reduces_the_cost() -> None:
    game = night(hands={0: ["peasant"]}, corpses={0: ["count"]}, annexes={0: ["abbot"]})
    assert "bury count under abbot.1 pay peasant" in legal_texts(game)
    assert_illegal(game, "bury count under abbot.1", "R-ACT-4")


def test_r_bury_2_crypt_buries_several_corpses_for_the_sum() -> None:
    corpses = {0: ["viscount", "brigadier"]}
    plain = night(hands={0: ["peasant"] * 2}, corpses=corpses, annexes={0: ["count"]})
    assert_illegal(plain, "bury viscount under barn.0 + brigadier under count.1 pay peasant,peasant", "R-BURY-2")
    game = night(hands={0: ["peasant"] * 2}, corpses=corpses, annexes={0: ["archbishop", "abbot"]})
    assert_illegal(game, "bury viscount under barn.0 + brigadier under archbishop.1", "R-ACT-4")
    game.apply("bury viscount under barn.0 + brigadier under archbishop.1 pay peasant")  # Cellar: -1
    assert game.state.corpses[0] == [] and game.state.cash[0] == 5 + 12 + 12


def test_r_bury_3_capacity_is_rank_counting_corpses_of_the_same_action() -> None:
    game = night(hands={0: ["peasant"] * 4}, corpses={0: ["baron", "baron", "baron"]},
                 annexes={0: ["archbishop", "newsboy"], 1: ["abbot"]}, buried={"archbishop.1": ["peacekeeper"]})
    assert_illegal(game, "bury baron under newsboy.1", "R-BURY-3")  # rank 0 holds none
    assert_illegal(game, "bury baron under barn.0 + baron under barn.0", "R-BURY-3")
    assert_illegal(game, "bury baron under archbishop.1 + baron under archbishop.1 + baron under archbishop.1",
                   "R-BURY-3")
    assert_illegal(game, "bury baron under count.1", "R-BURY-3")  # not an annex
    placements = {a.corpses for a in game.legal_actions() if isinstance(a, Bury) and len(a.corpses) == 3}
    assert (("baron", "abbot.1"), ("baron", "abbot.1"), ("baron", "barn.0")) in placements
    game.apply("bury baron under barn.0 + baron under abbot.1 + baron under archbishop.1")
    assert len(under(game, "abbot.1")) == 1 and len(under(game, "archbishop.1")) == 2


def test_r_bury_3_no_free_annex_means_no_burial() -> None:
    game = night(corpses={0: ["baron"]}, buried={"barn.0": ["peasant"], "barn.1": ["peasant"]})
    assert not any(isinstance(a, Bury) for a in game.legal_actions())
    assert_illegal(game, "bury baron under barn.1", "R-BURY-3")


def test_r_bury_4_pocket_money_is_split_under_another_players_annex() -> None:
    game = night(hands={0: ["peasant"] * 3}, corpses={0: ["major"]}, annexes={1: ["marquis"]}, cash=[30, 20])
    game.apply("bury major under marquis.1 pay peasant,peasant,peasant")
    assert game.state.cash == [40, 33]  # 13F each, the burier capped at 40F on its own


def test_r_bury_5_buried_corpses_stay_and_are_safe_from_the_police() -> None:
    game = night(hands={0: ["peasant"]}, corpses={0: ["viscount"]}, rooms={3: "major"}, turn=0, cash=[5, 5])
    game.apply("bury viscount under barn.0 pay peasant")
    assert "police" in [e.kind for e in finish_night(game)]
    assert under(game, "barn.0") == ["viscount.1"]
    assert game.state.cash[0] == 5 + 12  # no gravedigger fee (and no wages: the hand is empty)


def test_r_bury_6_chapel_lets_any_played_card_return_by_choice() -> None:
    setup = {"hands": {0: ["peasant", "baron", "novice"]}, "corpses": {0: ["major"]},
             "annexes": {0: ["priest"]}}
    game = night(**setup)  # type: ignore[arg-type]
    game.apply("bury major under priest.1 pay peasant,baron,novice")  # default: everything returns
    assert hand(game, 0) == ["baron", "novice", "peasant"]
    game = night(**setup)  # type: ignore[arg-type]
    game.apply("bury major under priest.1 pay peasant,baron,novice drop baron")
    assert hand(game, 0) == ["novice", "peasant"] and ids(game.state.exit) == ["baron.1"]
    game = night(**setup)  # type: ignore[arg-type]
    assert_illegal(game, "bury major under priest.1 pay peasant,baron,novice drop novice", "R-BURY-6")
    plain = night(hands={0: ["peasant"]}, corpses={0: ["viscount"]})
    assert_illegal(plain, "bury viscount under barn.0 pay peasant drop peasant", "R-BURY-6")
    plain.apply("bury viscount under barn.0 pay peasant")  # without the Chapel the peasant goes
    assert hand(plain, 0) == [] and len(plain.state.bistro) == 1


# ---------------------------------------------------------------------------------------------- R-PASS


def test_r_pass_1_launder_in_one_direction_cash_above_40_is_lost() -> None:
    game = night(cash=[25, 35], checks=[0, 2])
    assert {str(a) for a in game.legal_actions() if isinstance(a, Pass)} == {
        "pass", "pass buy-checks 1", "pass buy-checks 2"}
    assert_illegal(game, "pass buy-checks 3", "R-PASS-1")
    assert_illegal(game, "pass cash-checks 1", "R-PASS-1")
    assert_illegal(game, Pass(buy_checks=1, cash_checks=1), "R-PASS-1")
    game.apply("pass buy-checks 2")
    assert (game.state.cash[0], game.state.checks[0]) == (5, 2)
    game.apply("pass cash-checks 2")  # legal although 15F are lost above the cap
    assert (game.state.cash[1], game.state.checks[1]) == (40, 0)


def test_r_pass_2_several_checks_in_one_pass() -> None:
    game = night(cash=[40, 5], checks=[0, 3])
    game.apply("pass buy-checks 4")
    assert (game.state.cash[0], game.state.checks[0]) == (0, 4)
    game.apply("pass cash-checks 3")
    assert (game.state.cash[1], game.state.checks[1]) == (35, 0)


def test_r_act_7_events_name_the_physical_cards_that_return_and_leave() -> None:
    game = night(hands={0: ["peasant.2", "peasant.3", "newsboy.3", "newsboy.4"]}, corpses={0: ["count"]},
                 annexes={0: ["priest"]})
    events = game.apply("bury count under priest.1 pay peasant,peasant drop peasant")
    moved = {(e.kind, e.card, e.dest) for e in events if e.kind in ("return", "move") and e.source == "hand:0"}
    assert moved == {("return", "peasant.3", "hand:0"), ("move", "peasant.2", "bistro")}
    assert ids(game.state.hands[0]) == ["newsboy.3", "newsboy.4", "peasant.3"]
    game = night(hands={0: ["newsboy.3", "newsboy.4"]}, rooms={3: "count"})
    events = game.apply("bribe room3 pay newsboy,newsboy")
    assert sorted(str(e.card) for e in events if e.kind == "return") == ["newsboy.3", "newsboy.4"]


def test_r_act_4_a_reduction_applies_once_per_action_not_per_target() -> None:
    game = night(4, hands={0: ["peasant"] * 4}, rooms={3: "count", 5: "abbot"},
                 annexes={0: ["shopkeeper", "representative"]})
    sizes = {len(a.pay) for a in game.legal_actions() if isinstance(a, Bribe) and a.rooms == (3, 5)}
    assert sizes == {3, 4}  # B = 4, one Parlor: never 2
