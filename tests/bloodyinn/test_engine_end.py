"""End of the game and the solitaire game (spec §14, §15.3): R-END-*, R-SOLO-*."""

from __future__ import annotations

import random

import bloodyinn
from bloodyinn.rules.endgame import solo_title
from tests.bloodyinn.engine_helpers import assert_illegal, finish_night, gravedigger_checks, make_game, make_state


def final_round(players: int = 2, **kwargs: object) -> bloodyinn.Game:
    """The night of the final round: the season-2 stack is empty; unnamed travelers are out of play."""
    kwargs.setdefault("rest", "gravedigger")
    state = make_state(players, final_round=True, reshuffled=True, entrance=[], **kwargs)  # type: ignore[arg-type]
    return make_game(state)


def test_r_end_1_the_final_round_is_played_in_full_then_the_game_ends() -> None:
    game = final_round(rooms={1: "baron", 3: "viscount"}, hands={1: ["peasant"]})
    while game.decision == "night":
        assert not game.is_over
        game.apply("pass")
    assert game.is_over
    assert game.state.cash == [5 + 1, 5 - 1]  # the final round's income and wages happened
    assert game.winners() == [0]


def test_r_end_2_gravedigger_before_annex_scoring() -> None:
    game = final_round(annexes={0: ["prince"]}, corpses={0: ["baron"]}, cash=[5, 5], checks=[3, 0])
    finish_night(game)
    assert game.is_over  # 10F with 5F cash: exactly one check, no choice
    assert game.state.checks[0] == 2 and game.state.cash[0] == 5 + 3 * 2  # Greenhouse counts what is left
    assert game.state.end_bonus[0] == [("greenhouse", 6, 0)]


def test_r_end_3_forced_gravedigger_without_police_with_a_choice_of_checks() -> None:
    game = final_round(rooms={3: "baron"}, corpses={1: ["baron", "viscount"]}, cash=[5, 30], checks=[1, 2])
    finish_night(game)
    assert game.decision == "gravedigger" and game.current_player == 1
    assert gravedigger_checks(game) == [0, 1, 2]
    game.apply("gravedigger checks 2")
    assert game.is_over and game.state.corpses[1] == [] and (game.state.cash[1], game.state.checks[1]) == (30, 0)


def test_r_end_4_annex_scoring_counts_exit_colours_and_is_capped() -> None:
    exit_cards = ["cultivator", "mechanic", "newsboy", "novice", "monk", "baron", "peacekeeper"]
    game = final_round(annexes={0: ["landscaper", "grocer"], 1: ["bishop", "duke", "gardener"]}, exit=exit_cards,
                       cash=[35, 0], checks=[0, 0])
    finish_night(game)
    assert game.state.end_bonus[0] == [("park", 5, 3), ("grocery", 0, 4)]  # (gained, lost to the cap)
    assert game.state.cash[0] == 40  # 35 + 12, capped
    assert game.state.end_bonus[1] == [("bishopric", 8, 0), ("stables", 4, 0)]  # Gardens score nothing at the end
    assert game.state.cash[1] == 2 + 8 + 4  # its last round's Gardens, then the bonuses


TEN_RED = ["cultivator", "mechanic"] * 4 + ["distiller"] * 2  # a Park's 40F at game end


def test_r_money_2_the_breakdown_shows_what_end_game_annexes_added_not_what_the_cap_took() -> None:
    """Issue 9: at 38F a Park worth 40F adds 2F; the other 38F are lost (R-MONEY-2, R-END-4)."""
    game = final_round(annexes={0: ["landscaper"]}, exit=TEN_RED, cash=[38, 0], checks=[1, 0])
    finish_night(game)
    (row, _) = game.score_breakdown()
    assert row["end_bonus"] == [{"annex": "park", "amount": 2, "lost": 38}]
    assert row["cash"] == 40 and row["total"] == 50 == row["cash"] + 10 * row["checks"]


def test_r_var_uw_1_end_game_annex_income_loses_nothing() -> None:
    state = make_state(2, final_round=True, reshuffled=True, entrance=[], rest="gravedigger",
                       annexes={0: ["landscaper"]}, exit=TEN_RED, cash=[38, 0],
                       checks=[1, 0])
    game = make_game(state, variants=("unlimited_wealth",))
    finish_night(game)
    (row, _) = game.score_breakdown()
    assert row["end_bonus"] == [{"annex": "park", "amount": 40, "lost": 0}]
    assert (row["cash"], row["checks"], row["total"]) == (38, 1 + 4, 88)


def test_r_end_5_score_is_cash_plus_ten_per_check() -> None:
    game = final_round(cash=[13, 40], checks=[4, 0])
    finish_night(game)
    assert game.scores() == [53, 40]
    assert [row["total"] for row in game.score_breakdown()] == [53, 40]
    # R-MONEY-1: faces show what the checks are worth, as the engine counts them.
    assert [row["checks_value"] for row in game.score_breakdown()] == [40, 0]
    assert [p["checks_value"] for p in game.view(None)["players"]] == [40, 0]


def test_r_end_6_the_richest_wins() -> None:
    game = final_round(3, cash=[10, 30, 20], checks=[0, 0, 1])
    finish_night(game)
    assert game.scores() == [10, 30, 30] and game.winners() == [1, 2]  # equal booty, no corpses: shared
    game = final_round(3, cash=[10, 30, 20], checks=[0, 0, 2])
    finish_night(game)
    assert game.winners() == [2]


def test_r_end_7_ties_go_to_the_most_corpses_under_own_annexes_then_are_shared() -> None:
    # seat 1's barn holds a corpse seat 0 buried: it counts for seat 1, the annex owner
    game = final_round(3, cash=[20, 20, 20], checks=[0, 0, 0], annexes={0: ["count"]},
                       buried={"barn.1": ["baron"], "count.1": ["peasant"], "barn.2": ["viscount"]})
    finish_night(game)
    assert game.winners() == [0, 1, 2]  # one corpse each
    game = final_round(3, cash=[20, 20, 20], checks=[0, 0, 0], buried={"barn.1": ["baron"]})
    finish_night(game)
    assert game.winners() == [1]


def test_r_end_8_nothing_happens_after_the_end() -> None:
    game = final_round(cash=[25, 5], checks=[0, 0])
    finish_night(game)
    assert game.is_over and game.legal_actions() == [] and game.current_player is None
    assert_illegal(game, "pass", "R-END-1")
    assert_illegal(game, "pass buy-checks 2", "R-END-1")
    assert game.view(0)["scores"] == [25, 5] and "legal_actions" not in game.view(0)


def test_r_solo_1_setup() -> None:
    for length, cull in (("short", 34), ("long", 26)):
        game = bloodyinn.new_game(players=1, length=length, seed=5)
        state = game.state
        assert len(state.culled) == cull and len(state.unused_peasants) == 4
        assert sorted(state.keys) == [-2, -2, -2, -2, -1, -1, -1, 0]
        assert len(state.hands[0]) == 2 and len(state.bistro) == 2
        assert (state.cash[0], state.checks[0], state.first_player) == (5, 1, 0)
    try:
        bloodyinn.new_game(players=1, first_player=1)
    except bloodyinn.ConfigError as exc:
        assert "R-SOLO-1" in str(exc) or "R-SETUP-6" in str(exc)
    else:
        raise AssertionError("a second seat in solitaire")


def test_r_solo_2_two_actions_a_round_and_a_single_traveler_still_gets_a_final_round() -> None:
    game = make_game(make_state(1, stage="welcome", entrance=["baron"], reshuffled=True, rest="exit"))
    game.apply("place room3")
    assert game.state.final_round and game.decision == "night"  # 1 traveler, 1 player: played
    game.apply("pass")
    assert game.decision == "night"
    game.apply("pass")
    assert game.is_over
    empty = make_game(make_state(1, stage="welcome", entrance=[], reshuffled=True, rest="exit"))
    assert empty.is_over and not empty.lost


def test_r_solo_3_score_after_end_game_annex_scoring() -> None:
    game = final_round(1, annexes={0: ["grocer"]}, exit=["newsboy", "representative"], cash=[10], checks=[2])
    finish_night(game)
    assert game.scores() == [10 + 8 + 20] and game.winners() == [0]


def test_r_solo_4_unburied_corpses_under_police_lose_at_once_without_paying() -> None:
    state = make_state(1, rooms={2: "brigadier"}, corpses={0: ["baron"]}, cash=[30], checks=[3], turn=1)
    game = make_game(state)
    events = game.apply("pass")
    assert game.is_over and game.lost and game.winners() == []
    assert "solo_lost" in [e.kind for e in events]
    assert (game.state.cash[0], game.state.checks[0]) == (30, 3) and game.state.round == 1
    at_end = final_round(1, corpses={0: ["baron"]}, cash=[30], checks=[3])
    finish_night(at_end)
    assert at_end.is_over and at_end.lost and at_end.winners() == []
    safe = make_game(make_state(1, rooms={2: "brigadier"}, turn=1))
    safe.apply("pass")
    assert not safe.lost and safe.state.round == 2


def test_r_solo_4_the_engine_tells_which_action_loses_to_the_police() -> None:
    """A face warns before an action that loses the solitaire game: the engine decides, looking ahead through
    the rest of the round."""
    last = make_game(make_state(1, rooms={2: "brigadier"}, corpses={0: ["baron"]}, hands={0: ["peasant"]}, turn=1))
    assert last.loses_to_police("pass")
    assert not last.loses_to_police("bury baron under barn.0")
    assert not last.loses_to_police("kill room2 pay peasant")  # no police left in the inn: no investigation
    first = make_game(make_state(1, rooms={2: "brigadier", 3: "baron"}, corpses={0: ["baron"]}))
    assert not first.loses_to_police("pass")  # the second action can still bury the corpse
    assert first.loses_to_police("kill room3")  # two corpses, and the barn holds only one
    assert first.actions == [] and not first.lost  # looking ahead changed nothing
    duel = make_game(make_state(2, rooms={2: "brigadier"}, corpses={0: ["baron"]}, turn=3))
    assert not duel.loses_to_police("pass")  # with several players, the police only fine (R-EOR-2)


def test_r_solo_4_the_look_ahead_agrees_with_playing_the_round_out() -> None:
    checked = 0
    for seed in range(8):
        game = bloodyinn.new_game(players=1, seed=seed)
        choices = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            if game.decision == "night" and game.state.turn == 1:  # the round's last action
                for action in legal:
                    after = game.copy()
                    after.apply(action)
                    assert game.loses_to_police(action) == after.lost
                    checked += 1
            game.apply(choices.choice(legal))
    assert checked > 100


def test_r_solo_5_rank_titles_for_long_solitaire_games_only() -> None:
    assert [solo_title(s) for s in (109, 110, 129, 130, 150, 169, 170, 400)] == [
        None, "worrying innkeeper", "worrying innkeeper", "hazardous innkeeper", "evil innkeeper", "evil innkeeper",
        "demonic innkeeper", "demonic innkeeper"]
    long_game = make_game(make_state(1, "long", final_round=True, reshuffled=True, entrance=[], rest="gravedigger",
                                     cash=[40], checks=[13]))
    finish_night(long_game)
    assert long_game.solo_title() == "demonic innkeeper"
    short_game = final_round(1, cash=[40], checks=[13])
    finish_night(short_game)
    assert short_game.is_over and short_game.solo_title() is None


def test_r_annex_eog_colour_bonuses_count_the_final_exit_stack_and_greenhouse_the_checks() -> None:
    game = final_round(rooms={3: "cultivator"}, hands={0: ["mechanic"]}, cash=[0, 0], checks=[0, 3],
                       annexes={0: ["landscaper"], 1: ["prince", "gardener"]}, exit=["butcher"])
    game.apply("pass")
    game.apply("pass")
    game.apply("pass")
    game.apply("pass")  # the cultivator leaves the inn at step b; the mechanic is released unpaid at step c
    assert game.is_over
    assert game.state.end_bonus == [[("park", 12, 0)], [("greenhouse", 9, 0)]]
    assert game.state.cash == [12, 2 + 9]  # seat 1: its Gardens' 2F in the round, nothing more at the end
