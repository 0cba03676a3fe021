"""The round (spec §6-§8, §13): R-ROUND-*, R-WELCOME-*, R-VAR-FCFS-1, R-NIGHT-*, R-EOR-*."""

from __future__ import annotations

import bloodyinn
from bloodyinn import Pass, Place, Release
from bloodyinn.state import WHITE, Stage
from tests.bloodyinn.engine_helpers import (
    assert_illegal,
    gravedigger_checks,
    hand,
    ids,
    make_game,
    make_state,
    night,
    room_card,
)


def welcome(players: int = 2, variants: tuple[str, ...] = (), **kwargs: object) -> bloodyinn.Game:
    return make_game(make_state(players, stage=Stage.WELCOME, **kwargs), variants)  # type: ignore[arg-type]


def kinds(events: list[bloodyinn.Event]) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------------------------------------- R-ROUND


def test_r_round_1_welcome_then_night_then_morning_then_the_first_player_card_passes() -> None:
    game = bloodyinn.new_game(players=3, seed=3, first_player=2)
    assert game.decision == "place" and game.current_player == 2
    seen: list[str] = []
    while game.state.round == 1:
        seen += [e.kind for e in game.apply(game.legal_actions()[0])]
    assert seen.index("night") < seen.index("no_police" if "no_police" in seen else "police") < seen.index("round")
    assert game.state.first_player == 0 and game.decision == "place" and game.current_player == 0


def test_r_round_2_season_2_starts_at_the_reshuffle_and_the_game_ends_after_its_stack_runs_out() -> None:
    game = bloodyinn.new_game(players=2, seed=11)
    season_1_rounds = 35 // 5
    rounds_in_season: dict[int, set[int]] = {1: set(), 2: set()}
    while not game.is_over:
        rounds_in_season[game.state.season].add(game.state.round)
        game.apply(game.legal_actions()[-1])
    assert rounds_in_season[1] == set(range(1, season_1_rounds + 1))
    assert min(rounds_in_season[2]) == season_1_rounds + 1
    assert game.state.reshuffled and game.state.final_round and not game.state.entrance


# -------------------------------------------------------------------------------------------- R-WELCOME


def test_r_welcome_1_the_first_player_places_each_arrival_in_any_open_empty_room() -> None:
    game = welcome(first_player=1, entrance=["major", "baron", "count", "viscount", "brigadier"])
    assert game.decision == "place" and game.current_player == 1
    assert game.view(None)["arrival"] == "major.1" and game.view(None)["entrance"]["top"] == "baron.1"
    assert {str(a) for a in game.legal_actions()} == {f"place room{r}" for r in range(1, 6)}
    game.apply("place room4", seat=1)  # a white-keyed room is as good as any
    assert room_card(game, 4) == "major.1" and game.view(None)["arrival"] == "baron.1"
    assert_illegal(game, "place room4", "R-WELCOME-1")  # occupied
    assert_illegal(game, "place room7", "R-WELCOME-1")  # no key


def test_r_welcome_2_the_arrival_must_be_placed_and_peasants_never_arrive() -> None:
    game = welcome()
    assert all(isinstance(a, Place) for a in game.legal_actions())
    assert_illegal(game, "pass", "R-WELCOME-1")
    while game.decision == "place":
        assert not game.view(None)["arrival"].startswith("peasant")
        game.apply(game.legal_actions()[0])
    assert all(not ids([c])[0].startswith("peasant") for c in game.state.rooms if c >= 0)


def test_r_welcome_3_a_normal_round_draws_one_traveler_per_open_room() -> None:
    for players, rooms in ((1, 4), (2, 5), (3, 6), (4, 8)):
        game = bloodyinn.new_game(players=players, seed=players, variants=["fcfs"])
        assert game.decision == "night"
        assert game.state.travelers_in_inn() == rooms
        assert len(game.state.entrance) == 70 - game.config.cull - rooms


def test_r_welcome_4_room_service_pays_the_token_owner_the_rank_from_the_bank() -> None:
    game = welcome(entrance=["major", "baron", "count"], room_service={3: 1, 4: 0}, cash=[5, 38])
    game.apply("place room3")  # the Major (rank 3) pays seat 1; capped at 40F
    assert game.state.cash == [5, 40]
    game.apply("place room4")  # a rank-0 Baron pays nothing
    assert game.state.cash == [5, 40]
    game.apply("place room1")  # no token: nothing
    assert game.state.cash == [5, 40]
    assert ids([game.state.rooms[2]]) == ["major.1"]  # the traveler himself keeps his pocket money


def test_r_welcome_5_the_exit_stack_is_reshuffled_only_when_a_card_must_be_drawn() -> None:
    exit_cards = ["baron", "viscount", "count", "duke", "major", "monk", "abbot"]
    game = welcome(entrance=[], exit=exit_cards, rest="gravedigger")
    assert game.state.reshuffled and game.state.season == 2
    assert game.state.exit == [] and len(game.state.entrance) + 1 == len(exit_cards)
    # Running out in the middle of a welcome: the exit stack is shuffled in and the welcome goes on.
    game = welcome(entrance=["major", "baron"], exit=["count", "duke", "monk", "abbot"], rest="gravedigger")
    while game.decision == "place":
        game.apply(game.legal_actions()[-1])
    assert game.state.reshuffled and game.state.travelers_in_inn() == 5 and len(game.state.entrance) == 1
    assert not game.state.final_round
    # Season 1's last round: its stack is empty after the welcome, but nothing is reshuffled yet (A-3).
    game = bloodyinn.new_game(players=2, seed=4)
    while game.state.round < 7 or game.decision == "place":
        game.apply(game.legal_actions()[0])
    assert game.state.entrance == [] and not game.state.reshuffled
    survivors = set(c for c in game.state.rooms if c >= 0)
    while game.state.round == 7:
        game.apply(Pass())
    assert game.state.reshuffled
    assert survivors <= set(game.state.entrance) | set(game.state.rooms) | {game.state.arrival}


def test_r_welcome_6_after_the_reshuffle_an_empty_stack_stops_the_welcome() -> None:
    game = welcome(entrance=["major", "baron", "count"], reshuffled=True, rest="exit")
    while game.decision == "place":
        game.apply(game.legal_actions()[0])
    assert game.state.travelers_in_inn() == 3 and len(game.state.empty_open_rooms()) == 2
    assert game.decision == "night" and game.state.exit and game.state.reshuffled


def test_r_welcome_7_an_emptied_season_2_stack_makes_this_the_final_round() -> None:
    exactly = welcome(entrance=["major", "baron", "count", "viscount", "brigadier"], reshuffled=True, rest="exit")
    while exactly.decision == "place":
        exactly.apply(exactly.legal_actions()[0])
    assert exactly.state.final_round and exactly.decision == "night"  # the last card filled the last room
    early = welcome(entrance=["major", "baron", "count", "viscount", "brigadier", "monk"], reshuffled=True)
    while early.decision == "place":
        early.apply(early.legal_actions()[0])
    assert not early.state.final_round
    # Edge case: an empty exit stack at the reshuffle gives an empty stack: final, and with no travelers, skipped.
    empty = welcome(entrance=[], rest="gravedigger")
    assert empty.state.reshuffled and empty.state.final_round and empty.is_over


def test_r_welcome_8_too_few_travelers_skip_the_final_round() -> None:
    game = welcome(3, entrance=["major", "concierge"], reshuffled=True, room_service={4: 2}, cash=[15, 5, 5],
                   corpses={0: ["baron"]}, hands={1: ["peasant", "peasant"]}, rest="exit")
    exit_before = len(game.state.exit)
    game.apply("place room4")  # Room Service: seat 2 earns 3F
    game.apply("place room1")
    assert game.decision == "gravedigger" and game.current_player == 0  # straight to the end of the game
    events = game.apply("gravedigger checks 0")
    assert game.is_over and "night" not in kinds(events)
    assert len(game.state.exit) == exit_before + 2  # both travelers left the inn
    assert game.state.cash[2] == 8  # Room Service stands
    assert game.state.cash[1] == 5  # no wages were paid
    played = welcome(entrance=["major", "baron"], reshuffled=True, rest="exit")
    while played.decision == "place":
        played.apply(played.legal_actions()[0])
    assert played.state.final_round and played.decision == "night"  # 2 travelers, 2 players: played


def test_r_welcome_9_and_r_var_fcfs_1_first_come_first_served_fills_rooms_in_number_order() -> None:
    state = make_state(3, stage=Stage.WELCOME, entrance=["major", "baron", "count", "viscount", "monk", "abbot"],
                       keys={1: None, 2: 1, 3: None, 4: 0, 5: WHITE, 6: 2, 7: WHITE, 8: WHITE})
    game = make_game(state, ["first_come_first_served"])
    assert game.decision == "night"  # no placement decision at all
    assert [room_card(game, r) for r in (2, 4, 5, 6, 7, 8)] == [
        "major.1", "baron.1", "count.1", "viscount.1", "monk.1", "abbot.1"]
    assert room_card(game, 1) is None and room_card(game, 3) is None


# ---------------------------------------------------------------------------------------------- R-NIGHT


def test_r_night_1_two_alternating_actions_each_from_the_first_player() -> None:
    game = night(3, first_player=1)
    order = []
    while game.decision == "night":
        order.append(game.current_player)
        game.apply("pass", seat=game.current_player)
    assert order == [1, 2, 0, 1, 2, 0]


def test_r_night_1_only_the_current_seat_may_act() -> None:
    game = night(3, first_player=1)
    before = game.to_json()
    for seat in (0, 2):
        try:
            game.apply("pass", seat=seat)
        except bloodyinn.IllegalActionError as exc:
            assert "R-NIGHT-1" in str(exc)
        else:
            raise AssertionError("a seat acted out of turn")
    assert game.to_json() == before


def test_r_night_2_pass_is_always_legal_and_an_action_may_be_repeated() -> None:
    game = night(hands={0: ["baron", "viscount"], 1: []}, rooms={3: "baron", 4: "count"}, annexes={0: ["mechanic"]})
    assert Pass() in game.legal_actions()
    game.apply("build baron")
    game.apply("pass")
    game.apply("build viscount")
    assert sorted(ids(game.state.annexes[0])) == ["baron.1", "mechanic.1", "viscount.1"]
    assert_illegal(game, "place room1", "R-NIGHT-2")
    empty_handed = night(hands={0: []}, corpses={0: ["major"]}, buried={"barn.0": ["baron"], "barn.1": ["baron"]},
                         checks=[0, 0])
    assert empty_handed.legal_actions() == [Pass()]


def test_r_night_3_a_bribed_guest_can_be_built_in_the_second_action() -> None:
    game = night(hands={0: ["peasant"]}, rooms={3: "baron"})
    game.apply("bribe room3")
    game.apply("pass")
    assert "build baron" in {str(a) for a in game.legal_actions()}
    game.apply("build baron")
    assert game.state.cash[0] == 5 + 4 and hand(game, 0) == ["peasant"]


# ------------------------------------------------------------------------------------------------ R-EOR


def test_r_eor_1_police_then_leaving_then_wages_and_decisions_in_seat_order_from_the_first_player() -> None:
    game = night(2, first_player=1, turn=3, rooms={1: "brigadier", 2: "baron"}, corpses={0: ["baron"], 1: ["baron"]},
                 hands={0: ["peasant"], 1: ["peasant"]}, cash=[20, 20], checks=[2, 2])
    game.apply("pass")
    assert game.decision == "gravedigger" and game.current_player == 1
    game.apply("gravedigger checks 1")
    assert game.current_player == 0
    events = game.apply("gravedigger checks 0")
    order = [e.kind for e in events if e.kind in ("gain", "wages") or (e.kind == "move" and e.dest == "exit")]
    assert order.index("gain") < order.index("move") < order.index("wages")
    assert game.state.cash == [20 - 10 + 1 - 1, 20 + 1 - 1] and game.state.checks == [2, 1]


def test_r_eor_2_police_in_a_room_make_every_corpse_cost_10f() -> None:
    game = night(3, turn=5, first_player=1, rooms={3: "peacekeeper"},
                 corpses={0: ["baron", "count"], 1: ["major"], 2: ["monk", "monk"]}, cash=[25, 0, 40],
                 checks=[3, 0, 0])
    game.apply("pass")
    # seat 1 cannot pay (auto: loses what it has), seat 2 pays 20F exactly; seat 0 chooses its checks
    assert game.decision == "gravedigger" and game.current_player == 0
    assert gravedigger_checks(game) == [0, 1, 2]  # 20F from 25F cash and 3 checks, exactly
    game.apply("gravedigger checks 1")
    assert game.state.cash == [15, 0, 20 + 1] and game.state.checks == [2, 0, 0]  # +1F: its room with police
    assert all(c == [] for c in game.state.corpses) and len(game.state.gravedigger) >= 5


def test_r_eor_2_the_player_chooses_the_check_mix_and_a_short_player_loses_everything() -> None:
    game = night(turn=3, first_player=1, rooms={3: "major"}, corpses={0: ["baron", "baron"], 1: ["baron"] * 2},
                 cash=[25, 14], checks=[2, 0])
    game.apply("pass")
    assert gravedigger_checks(game) == [0, 1, 2]
    assert_illegal(game, "gravedigger checks 3", "R-EOR-2")
    game.apply("gravedigger checks 2")
    assert (game.state.cash[0], game.state.checks[0]) == (25, 0)
    assert (game.state.cash[1], game.state.checks[1]) == (0, 0)  # 14F < 20F: pays what it can
    assert game.state.corpses == [[], []]


def test_r_eor_2_police_elsewhere_than_in_a_room_do_not_investigate() -> None:
    game = night(turn=3, first_player=1, rooms={3: "baron"}, hands={0: ["major"]}, corpses={0: ["peacekeeper"]},
                 annexes={1: []}, cash=[20, 5])
    events = game.apply("pass")
    assert "no_police" in kinds(events) and ids(game.state.corpses[0]) == ["peacekeeper.1"]
    assert game.state.cash[0] == 20 - 1  # only wages


def test_r_eor_3_occupied_keyed_rooms_pay_1f_and_gardens_2f_then_the_inn_empties() -> None:
    game = night(turn=3, first_player=1, rooms={1: "baron", 2: "viscount", 3: "count", 4: "duke"},
                 annexes={1: ["gardener"]}, keys={4: 0}, cash=[5, 5])
    game.apply("pass")
    assert game.state.cash == [5 + 2, 5 + 1 + 2]  # white room 3 pays nobody; Gardens regardless
    assert game.state.travelers_in_inn() == 0
    assert {"baron.1", "viscount.1", "count.1", "duke.1"} <= set(ids(game.state.exit))


def test_r_eor_4_wages_in_cash_distillery_and_unpaid_accomplices_leave() -> None:
    game = night(turn=3, first_player=1, hands={0: ["peasant", "baron", "novice"], 1: ["peasant", "count"]},
                 annexes={1: ["distiller"]}, cash=[1, 0], checks=[5, 0])
    game.apply("pass")
    assert game.decision == "release" and game.current_player == 1
    # seat 1 owes 2 - 1 (Distillery) = 1F and has 0F: one card leaves; seat 0 owes 3F, pays 1F: two leave
    releases = {}
    while game.decision == "release":
        seat = game.current_player
        releases[seat] = {str(a) for a in game.legal_actions()}
        game.apply(game.legal_actions()[0])
    assert releases[0] == {"release novice,baron", "release baron,peasant", "release novice,peasant"}
    assert releases[1] == {"release count", "release peasant"}
    assert game.state.cash == [0, 0] and game.state.checks == [5, 0]  # checks never pay wages
    assert len(game.state.hands[0]) == 1 and len(game.state.hands[1]) == 1


def test_r_eor_4_the_released_cards_may_be_named_in_any_order() -> None:
    game = night(turn=3, first_player=1, hands={0: ["peasant", "baron", "novice"]}, cash=[1, 5])
    game.apply("pass")
    game.apply(Release(("peasant", "novice")))
    assert hand(game, 0) == ["baron"]


def test_r_eor_4_released_peasants_go_to_the_bistro_and_travelers_to_the_exit() -> None:
    game = night(turn=3, first_player=1, hands={0: ["peasant", "baron", "viscount"]}, cash=[1, 5])
    game.apply("pass")
    game.apply("release baron,peasant")
    assert hand(game, 0) == ["viscount"] and ids(game.state.bistro) == ["peasant.1"]
    assert "baron.1" in ids(game.state.exit)


def test_r_eor_5_the_first_player_card_passes_left_unless_the_round_was_final() -> None:
    game = night(3, turn=5, first_player=2)
    game.apply("pass")
    assert game.state.first_player == 0 and game.state.round == 2
    final = night(3, turn=5, first_player=2, final_round=True, reshuffled=True, entrance=[], rest="exit")
    final.apply("pass")
    assert final.is_over and final.state.first_player == 2
