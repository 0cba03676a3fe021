"""The worked examples of spec §19 (EX-1..EX-20), taken from the rulebook, reproduced exactly.

Players in the rulebook's examples: Anna (seat 0), Madeline (seat 1), Sebastien (seat 2).
"""

from __future__ import annotations

import random

import bloodyinn
from bloodyinn import Bribe, Build, Bury, Kill
from bloodyinn.cards import NUM_CARDS
from bloodyinn.invariants import zones
from bloodyinn.state import Stage
from tests.bloodyinn.engine_helpers import hand, ids, make_game, make_state, night, occ_annexes, under


def pay_sizes(game: bloodyinn.Game, kind: type, **match: object) -> set[int]:
    """Sizes of the legal payments for actions of `kind` whose fields equal `match`."""
    return {len(a.pay) for a in game.legal_actions()
            if isinstance(a, Bribe | Build | Kill | Bury) and isinstance(a, kind)
            and all(getattr(a, k) == v for k, v in match.items())}


def test_ex_1_three_players_six_rooms_placed_one_at_a_time() -> None:
    arrivals = ["landscaper", "count", "shopkeeper", "bishop", "distiller", "peacekeeper", "baron"]
    game = make_game(make_state(3, stage=Stage.WELCOME, entrance=arrivals))
    assert len(game.state.open_rooms()) == 6
    placed = []
    while game.decision == "place":
        assert game.current_player == 0
        view = game.view(0)
        nxt = view["entrance"]["top"]
        placed.append(view["arrival"])
        game.apply(game.legal_actions()[-1])  # Anna chooses freely, here the last room
        if game.decision == "place":
            assert game.view(0)["arrival"] == nxt  # the next card was visible before it was drawn
    # the sixth traveler has a single room left: placed without a decision
    assert [p.split(".")[0] for p in placed] == arrivals[:5]
    assert sorted(ids(c for c in game.state.rooms if c >= 0)) == sorted(f"{a}.1" for a in arrivals[:6])
    assert game.state.travelers_in_inn() == 6 and game.view(0)["entrance"]["top"] == "baron.1"


def test_ex_2_anna_bribes_the_landscaper() -> None:
    game = night(3, hands={0: ["peasant", "novice", "newsboy"]}, rooms={2: "landscaper"})
    assert pay_sizes(game, Bribe, rooms=(2,)) == {3}
    game.apply("bribe room2 pay peasant,novice,newsboy")
    assert hand(game, 0) == ["landscaper", "newsboy"]  # hand -3 +2
    assert ids(game.state.bistro) == ["peasant.1"] and "novice.1" in ids(game.state.exit)


def test_ex_3_madeline_builds_the_distillery() -> None:
    game = night(3, first_player=1, hands={1: ["distiller", "viscount", "mechanic"]})
    game.apply("build distiller pay viscount,mechanic")
    assert occ_annexes(game, 1) == ["distiller"] and hand(game, 1) == ["mechanic"]
    assert "viscount.1" in ids(game.state.exit)


def test_ex_4_madeline_kills_the_baron_in_annas_room() -> None:
    game = night(3, first_player=1, hands={1: ["peasant"]}, rooms={1: "baron"})
    assert pay_sizes(game, Kill, rooms=(1,)) == {0}
    game.apply("kill room1")
    assert ids(game.state.corpses[1]) == ["baron.1"] and hand(game, 1) == ["peasant"]
    assert game.state.cash == [5, 5, 5]


def test_ex_5_madeline_buries_a_rank_2_corpse_under_her_rank_3_annex() -> None:
    game = night(3, first_player=1, hands={1: ["peasant", "grocer"]}, corpses={1: ["count"]},
                 annexes={1: ["shopkeeper"]})
    game.apply("bury count under shopkeeper.1 pay peasant,grocer")
    assert ids(game.state.bistro) == ["peasant.1"] and "grocer.1" in ids(game.state.exit)
    assert game.state.cash[1] == 5 + 18 and under(game, "shopkeeper.1") == ["count.1"]


def test_ex_6_the_end_of_round() -> None:
    # Sebastien (seat 2) keys rooms 3 and 4 (a Monk's key); 4 travelers, one of them police, stay in the inn.
    game = night(3, turn=5, first_player=1, keys={4: 2},
                 rooms={3: "baron", 4: "count", 5: "peacekeeper", 6: "viscount"},
                 corpses={1: ["monk"]}, hands={0: ["peasant", "peasant"], 1: ["peasant"] * 3, 2: ["major"]},
                 cash=[10, 15, 10], checks=[0, 0, 0])
    events = game.apply("pass")
    assert "police" in [e.kind for e in events]
    assert game.state.cash == [10 - 2, 15 - 10 - 3, 10 + 2 - 1]
    assert game.state.corpses[1] == [] and "monk.1" in ids(game.state.gravedigger)
    assert {"baron.1", "count.1", "peacekeeper.1", "viscount.1"} <= set(ids(game.state.exit))


def test_ex_7_workshop_builds_a_rank_1_annex_for_nothing() -> None:
    game = night(hands={0: ["viscount"]}, annexes={0: ["mechanic"]})
    assert pay_sizes(game, Build, card="viscount") == {0}
    game.apply("build viscount")
    assert occ_annexes(game, 0) == ["mechanic", "viscount"]


def test_ex_8_distillery_wages() -> None:
    game = night(turn=3, first_player=1, hands={0: ["peasant", "baron"]}, annexes={0: ["distiller"]},
                 cash=[10, 10])
    game.apply("pass")
    assert game.state.cash[0] == 9
    game = night(turn=3, first_player=1, annexes={0: ["distiller"]}, cash=[10, 10])
    game.apply("pass")
    assert game.state.cash[0] == 10


def test_ex_9_butchers_shop_kills_rank_1_and_rank_2_for_3_cards() -> None:
    game = night(hands={0: ["peasant", "peasant", "baron", "viscount"]}, rooms={3: "monk", 4: "abbot"},
                 annexes={0: ["butcher"]})
    assert pay_sizes(game, Kill, rooms=(3, 4)) == {3}
    game.apply("kill room3+room4 pay peasant,peasant,baron")
    assert sorted(ids(game.state.corpses[0])) == ["abbot.1", "monk.1"]


def test_ex_10_parlor_bribes_a_rank_2_traveler_with_1_card() -> None:
    game = night(hands={0: ["baron", "viscount"]}, rooms={3: "count"}, annexes={0: ["representative"]})
    assert min(pay_sizes(game, Bribe, rooms=(3,))) == 1
    game.apply("bribe room3 pay baron")
    assert hand(game, 0) == ["count", "viscount"]


def test_ex_11_room_service_pays_3f_for_a_rank_3_guest() -> None:
    game = make_game(make_state(stage=Stage.WELCOME, entrance=["duke", "baron"], room_service={1: 1}, cash=[5, 20]))
    game.apply("place room1")
    assert game.state.cash == [5, 23]
    capped = make_game(make_state(stage=Stage.WELCOME, entrance=["duke", "baron"], room_service={1: 1},
                                  cash=[5, 39]))
    capped.apply("place room1")
    assert capped.state.cash == [5, 40]


def test_ex_12_store_bribes_two_rank_2_travelers_for_4_cards() -> None:
    game = night(hands={0: ["peasant", "peasant", "baron", "viscount"]}, rooms={3: "count", 5: "abbot"},
                 annexes={0: ["shopkeeper"]})
    assert pay_sizes(game, Bribe, rooms=(3, 5)) == {4}
    game.apply("bribe room3+room5 pay peasant,peasant,baron,viscount")
    assert hand(game, 0) == ["abbot", "count"]


def test_ex_13_cellar_buries_a_rank_3_corpse_with_2_cards() -> None:
    game = night(hands={0: ["baron", "viscount", "count"]}, corpses={0: ["major"]}, annexes={0: ["abbot"]})
    assert min(pay_sizes(game, Bury)) == 2
    game.apply("bury major under abbot.1 pay baron,viscount")
    assert hand(game, 0) == ["count"] and game.state.cash[0] == 5 + 26


def test_ex_14_chapel_brings_back_the_peasant() -> None:
    game = night(hands={0: ["peasant"]}, corpses={0: ["monk"]}, annexes={0: ["priest"]})
    game.apply("bury monk under priest.1 pay peasant")
    assert hand(game, 0) == ["peasant"] and game.state.bistro == []


def test_ex_15_crypt_buries_two_rank_1_corpses_for_2_cards() -> None:
    game = night(hands={0: ["baron", "viscount"]}, corpses={0: ["monk", "brigadier"]}, annexes={0: ["archbishop"]})
    assert pay_sizes(game, Bury, corpses=(("monk", "archbishop.1"), ("brigadier", "archbishop.1"))) == {2}
    game.apply("bury monk under archbishop.1 + brigadier under archbishop.1 pay baron,viscount")
    assert game.state.corpses[0] == [] and len(under(game, "archbishop.1")) == 2


def test_ex_16_monk_claims_a_white_room() -> None:
    game = night(hands={0: ["monk", "baron"]})
    opened = game.state.open_rooms()
    game.apply("build monk pay baron key room5")
    assert game.state.keys[4] == 0 and game.state.open_rooms() == opened


def test_ex_17_burial_under_another_players_annex_splits_13f_each_capped_separately() -> None:
    game = night(hands={0: ["baron", "viscount", "count"]}, corpses={0: ["major"]}, annexes={1: ["count.3"]},
                 cash=[10, 35])
    game.apply("bury major under count.3 pay baron,viscount,count")
    assert game.state.cash == [23, 40]


def test_ex_18_unlimited_wealth_38_plus_18() -> None:
    game = night(hands={0: ["count", "baron", "viscount"]}, corpses={0: ["count"]}, cash=[38, 5], checks=[0, 0],
                 variants=["unlimited_wealth"])
    game.apply("bury count under barn.0 pay baron,viscount")
    assert (game.state.cash[0], game.state.checks[0]) == (16, 4)


def test_ex_19_two_cards_left_in_season_2_with_three_players_ends_the_game() -> None:
    game = make_game(make_state(3, stage=Stage.WELCOME, round=12, reshuffled=True, entrance=["count", "baron"],
                                rest="exit", hands={0: ["peasant"]}))
    exit_before = len(game.state.exit)
    game.apply("place room2")
    game.apply("place room5")
    assert game.is_over and game.state.final_round and game.state.round == 12
    assert game.state.travelers_in_inn() == 0 and len(game.state.exit) == exit_before + 2
    assert game.state.cash[0] == 5  # no night, no wages


def test_ex_20_every_reachable_state_holds_78_cards_each_in_one_zone() -> None:
    for seed in range(3):
        game = bloodyinn.new_game(players=seed + 2, seed=seed)
        choose = random.Random(seed)
        while not game.is_over:
            cards = [c for zone in zones(game.state).values() for c in zone]
            assert len(cards) == NUM_CARDS and sorted(cards) == list(range(NUM_CARDS))
            game.apply(choose.choice(game.legal_actions()))
