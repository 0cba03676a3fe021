"""Money and annex effects (spec §11, §12, §15.1, §15.4): R-MONEY-*, R-ANNEX-*, R-VAR-UW-1, R-VAR-1."""

from __future__ import annotations

import bloodyinn
from bloodyinn import Build, Bury
from bloodyinn.state import WHITE, Stage
from tests.bloodyinn.engine_helpers import assert_illegal, hand, legal_texts, make_game, make_state, night, room_card

# ---------------------------------------------------------------------------------------------- R-MONEY


def test_r_money_1_cash_is_capped_but_checks_are_not() -> None:
    game = night(hands={0: ["marquis", "peasant", "peasant", "baron"]}, cash=[39, 5], checks=[35, 0])
    game.apply("build marquis pay peasant,peasant,baron")
    assert (game.state.cash[0], game.state.checks[0]) == (40, 35)
    assert game.scores()[0] == 40 + 350


def test_r_money_2_every_gain_stops_at_40f() -> None:
    game = night(hands={0: ["marquis", "peasant", "peasant", "baron"]}, cash=[30, 5])
    events = game.apply("build marquis pay peasant,peasant,baron")
    assert game.state.cash[0] == 40
    assert [(e.kind, e.amount) for e in events if e.kind in ("gain", "cap")] == [("gain", 18), ("cap", 8)]
    # room income and Gardens at the end of the round
    game = night(turn=3, first_player=1, rooms={1: "baron"}, annexes={0: ["gardener"]}, cash=[39, 5])
    game.apply("pass")
    assert game.state.cash[0] == 40


def test_r_money_3_cash_never_goes_below_zero() -> None:
    game = night(turn=3, first_player=1, rooms={3: "major"}, corpses={0: ["baron"] * 3}, cash=[12, 0], checks=[1, 0],
                 hands={1: ["peasant"]})
    game.apply("pass")  # owes 30F, holds 22F: pays everything it has
    assert game.state.cash == [0, 0] and game.state.checks == [0, 0]
    assert game.state.hands[1] == []  # could not pay its accomplice: released instead of going negative


def test_r_money_4_wages_take_cash_only_the_gravedigger_takes_checks() -> None:
    game = night(turn=3, first_player=1, rooms={3: "major"}, corpses={0: ["baron"]}, hands={0: ["peasant", "peasant"]},
                 cash=[1, 5], checks=[2, 0])
    game.apply("pass")
    assert game.state.checks[0] == 1 and game.state.cash[0] == 0  # the fee took a check, wages took the 1F
    assert len(game.state.hands[0]) == 1  # the second accomplice left unpaid; no check was touched


def test_r_money_5_booty_is_cash_plus_10f_per_check() -> None:
    game = night(cash=[17, 0], checks=[3, 12])
    assert game.scores() == [47, 120]


# ---------------------------------------------------------------------------------------------- R-ANNEX


def test_r_annex_stack_duplicate_annexes_each_apply() -> None:
    workshops = night(hands={0: ["count"]}, annexes={0: ["mechanic", "mechanic"]})
    assert "build count" in legal_texts(workshops)
    parlors = night(hands={0: []}, rooms={3: "count"}, annexes={0: ["representative", "representative"]})
    assert "bribe room3" in legal_texts(parlors)
    cellars = night(hands={0: ["peasant"]}, corpses={0: ["major"]}, annexes={0: ["abbot", "abbot"]})
    assert "bury major under abbot.1 pay peasant" in legal_texts(cellars)
    distilleries = night(turn=3, first_player=1, hands={0: ["peasant", "baron", "viscount"]},
                         annexes={0: ["distiller", "distiller"]}, cash=[5, 5])
    distilleries.apply("pass")
    assert distilleries.state.cash[0] == 4
    concierges = night(hands={0: ["concierge", "peasant", "baron"]}, annexes={0: ["concierge"]},
                       room_service={1: 0})
    concierges.apply("build concierge pay peasant,baron service room3")
    assert concierges.state.room_service[:3] == [0, -1, 0]


def test_r_annex_count_garden_kiosk_altar_count_own_annexes_of_their_colour_only() -> None:
    game = night(hands={0: ["newsboy"], 1: ["novice"]},
                 annexes={0: ["representative", "concierge", "mechanic", "baron"], 1: ["grocer", "newsboy"]},
                 buried={"barn.0": ["peasant"]}, cash=[0, 0])
    game.apply("build newsboy")  # blue: Parlor, Room Service and this Kiosk; not seat 1's, not the barn
    assert game.state.cash[0] == 3
    game.apply("build novice")  # its first purple annex: itself
    assert game.state.cash[1] == 1


def test_r_annex_flat_immediate_incomes() -> None:
    expected = {"baron": 4, "viscount": 6, "count": 9, "marquis": 18, "landscaper": 4, "grocer": 4,
                "bishop": 4, "duke": 4, "prince": 0}
    for card, amount in expected.items():
        game = night(hands={0: [card], 1: []}, annexes={0: ["mechanic"] * 3}, cash=[0, 0])
        game.apply(f"build {card}")
        assert game.state.cash[0] == amount, card


def test_r_annex_roomservice_any_keyed_room_without_a_token_and_only_on_arrival() -> None:
    game = night(hands={0: ["concierge", "peasant", "baron"]}, rooms={2: "major"}, room_service={3: 1})
    rooms = {a.room for a in game.legal_actions() if isinstance(a, Build) and a.card == "concierge"}
    assert rooms == {1, 2, 4, 5}  # own, opponent's and white keys; not room 3 (token) nor 6-8 (closed)
    game.apply("build concierge pay peasant,baron service room2")
    assert game.state.room_service[1] == 0 and game.state.cash[0] == 5  # the Major already there pays nothing
    full = night(hands={0: ["concierge", "peasant", "baron"]}, room_service={r: 1 for r in range(1, 6)})
    assert "build concierge pay baron,peasant" in legal_texts(full)
    full.apply("build concierge pay peasant,baron")
    assert full.state.room_service[:5] == [1] * 5


def test_r_annex_roomservice_token_stays_when_a_monk_changes_the_key() -> None:
    state = make_state(stage=Stage.WELCOME, entrance=["major", "baron", "count", "viscount", "duke"],
                       room_service={4: 1}, keys={4: 0})
    game = make_game(state)
    game.apply("place room4")
    assert game.state.cash[1] == 5 + 3


def test_r_annex_monk_claims_a_white_key_and_nothing_else_changes() -> None:
    game = night(hands={0: ["monk", "peasant"]}, rooms={4: "baron"}, room_service={4: 1})
    open_before = game.state.open_rooms()
    game.apply("build monk pay peasant key room4")
    assert game.state.keys[3] == 0 and room_card(game, 4) == "baron.1" and game.state.room_service[3] == 1
    assert game.state.open_rooms() == open_before
    assert game.state.keys.count(WHITE) == 2
    assert_illegal(night(hands={0: ["monk", "peasant"]}), "build monk pay peasant key room2", "R-BUILD-6")


def test_r_annex_gardens_pay_2f_every_round_including_the_round_built() -> None:
    game = night(turn=3, first_player=1, hands={0: ["gardener", "baron", "viscount", "count"]})
    game.apply("build gardener pay baron,viscount,count")
    assert game.state.cash[0] == 5 + 2  # empty inn and empty hand: only the Gardens


def test_r_annex_distillery_applies_the_round_it_is_built_and_never_pays_back() -> None:
    game = night(turn=3, first_player=1, hands={0: ["distiller", "baron", "viscount", "peasant"]})
    game.apply("build distiller pay baron,viscount")
    assert game.state.cash[0] == 5  # one accomplice, one Distillery: no wage
    empty = night(turn=3, first_player=1, annexes={0: ["distiller"]})
    empty.apply("pass")
    assert empty.state.cash[0] == 5  # an empty hand earns nothing


def test_r_annex_reducers_workshop_parlor_cellar_reduce_only_their_action() -> None:
    game = night(hands={0: ["peasant", "viscount"]}, rooms={3: "count"}, corpses={0: ["count"]},
                 annexes={0: ["mechanic"]})
    assert "build viscount" in legal_texts(game)  # Workshop: Build only
    assert "bribe room3 pay peasant" not in legal_texts(game)
    assert not any(isinstance(a, Bury) and len(a.pay) < 2 for a in game.legal_actions())


def test_r_annex_multi_only_the_owner_gets_multi_target_actions() -> None:
    annexes = {1: ["shopkeeper", "butcher", "archbishop", "brewer", "priest"]}
    game = night(hands={0: ["peasant", "peasant"]}, rooms={3: "baron", 4: "baron"}, bistro=["peasant"] * 2,
                 corpses={0: ["viscount"]}, annexes=annexes)
    assert all(len(getattr(a, "rooms", ())) <= 1 for a in game.legal_actions())
    assert all(len(getattr(a, "corpses", ())) <= 1 for a in game.legal_actions())
    assert not any(getattr(a, "drop", ()) for a in game.legal_actions())
    assert "bribe peasants 3" not in legal_texts(game)


# ----------------------------------------------------------------------------------------- R-VAR-UW-1


def test_r_var_uw_1_each_40f_above_40_becomes_four_checks() -> None:
    game = night(hands={0: ["marquis", "peasant", "peasant", "baron"]}, cash=[38, 40], checks=[0, 9],
                 variants=["unlimited_wealth"])
    game.apply("build marquis pay peasant,peasant,baron")  # 38 + 18 = 56: 16F and 4 checks
    assert (game.state.cash[0], game.state.checks[0]) == (16, 4)
    game.apply("pass cash-checks 9")  # 40 + 90 = 130: 10F and 12 checks (three conversions)
    assert (game.state.cash[1], game.state.checks[1]) == (10, 12)


def test_r_var_uw_1_exactly_40f_is_not_converted() -> None:
    game = night(hands={0: ["count", "peasant", "peasant"]}, cash=[31, 5], variants=["uw"])
    game.apply("build count pay peasant,peasant")
    assert (game.state.cash[0], game.state.checks[0]) == (40, 1)


def test_r_var_1_variants_combine() -> None:
    game = bloodyinn.new_game(players=1, length="long", variants=["unlimited_wealth", "first_come_first_served"],
                              seed=8)
    assert game.config.unlimited_wealth and game.config.first_come_first_served and game.config.solo
    assert game.decision == "night" and game.state.rooms[:4].count(-1) == 0  # placed by FCFS, no decision
    state = make_state(1, hands={0: ["marquis", "peasant", "peasant", "baron"]}, cash=[38])
    uw = make_game(state, ["unlimited_wealth", "first_come_first_served"])
    uw.apply("build marquis pay peasant,peasant,baron")
    assert (uw.state.cash[0], uw.state.checks[0]) == (16, 5)
    assert hand(uw, 0) == []
