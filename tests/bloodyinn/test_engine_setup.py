"""Components, the card table, setup, zones, information and invariants (spec §1-§5):
R-COMP-*, R-CARD-*, R-ZONE-*, R-INFO-*, R-INV-*, R-SETUP-1..6."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import bloodyinn
from bloodyinn.cards import (
    APTITUDE,
    CARD_BY_ID,
    CARD_IDS,
    CARD_POCKET,
    CARD_RANK,
    CARD_TYPE,
    NUM_CARDS,
    OCCUPATIONS,
    PEASANTS,
    TRAVELERS,
    GuestType,
    PaidAction,
    annex_rank,
    barn_of,
    is_barn,
)
from bloodyinn.config import CASH_CAP, NUM_ROOMS
from bloodyinn.invariants import violations, zones
from bloodyinn.state import CLOSED, NO_CARD, WHITE, Stage
from tests.bloodyinn.engine_helpers import make_game, make_state, night


def random_game(players: int, seed: int, length: str = "short", steps: int = 10_000) -> list[bloodyinn.Game]:
    """Snapshots (copies) of a random game after every decision."""
    game = bloodyinn.new_game(players=players, length=length, seed=seed)
    choose = random.Random(seed)
    snapshots = [game.copy()]
    while not game.is_over and steps:
        game.apply(choose.choice(game.legal_actions()))
        snapshots.append(game.copy())
        steps -= 1
    return snapshots


# ----------------------------------------------------------------------------------------------- R-COMP


def test_r_comp_1_78_guest_cards_70_travelers_and_8_peasants() -> None:
    assert NUM_CARDS == 78 and len(TRAVELERS) == 70 and len(PEASANTS) == 8
    assert len(set(CARD_IDS)) == 78
    assert all(0 <= CARD_RANK[c] <= 3 for c in range(NUM_CARDS))
    with_annex = {o.type for o in OCCUPATIONS if o.annex_id}
    assert with_annex == {GuestType.MERCHANT, GuestType.ARTISAN, GuestType.RELIGIOUS, GuestType.NOBLE}


def test_r_comp_2_every_player_has_a_barn_that_never_moves() -> None:
    game = night(4)
    slots = dict(game.state.annex_slots())
    assert all(slots[barn_of(seat)] == seat for seat in range(4))
    assert all(is_barn(barn_of(seat)) and barn_of(seat) not in range(NUM_CARDS) for seat in range(4))
    assert all(game.view(None)["players"][s]["barn"]["annex"] == f"barn.{s}" for s in range(4))


def test_r_comp_3_eight_rooms_and_a_wealth_track_up_to_40() -> None:
    assert NUM_ROOMS == 8 and CASH_CAP == 40
    assert [r["room"] for r in bloodyinn.new_game(seed=1).view(None)["rooms"]] == list(range(1, 9))


def test_r_comp_4_white_keys_and_player_tokens() -> None:
    for players, whites in ((1, 3), (2, 3), (3, 3), (4, 4)):
        game = bloodyinn.new_game(players=players, seed=0)
        assert game.state.keys.count(WHITE) == whites
        assert all(game.state.keys.count(seat) == 1 for seat in range(players))


def test_r_comp_5_checks_never_run_out() -> None:
    game = night(4, cash=[40, 40, 40, 40], checks=[30, 0, 0, 0])
    game.apply("pass buy-checks 4")
    assert sum(game.state.checks) == 34


# ----------------------------------------------------------------------------------------------- R-CARD


def test_r_card_1_six_types_and_their_aptitudes() -> None:
    assert APTITUDE == {GuestType.MERCHANT: PaidAction.BRIBE, GuestType.ARTISAN: PaidAction.BUILD,
                        GuestType.POLICE: PaidAction.KILL, GuestType.RELIGIOUS: PaidAction.BURY,
                        GuestType.NOBLE: None, GuestType.PEASANT: None}
    assert {t.colour for t in GuestType} == {"blue", "red", "grey", "purple", "green", "yellow"}
    assert all(not o.buildable for o in OCCUPATIONS if o.type in (GuestType.POLICE, GuestType.PEASANT))


def test_r_card_2_pocket_money_by_rank() -> None:
    pockets = {(CARD_TYPE[c] is GuestType.PEASANT, CARD_RANK[c]): CARD_POCKET[c] for c in range(NUM_CARDS)}
    assert pockets == {(True, 0): 4, (False, 0): 8, (False, 1): 12, (False, 2): 18, (False, 3): 26}


def test_r_card_3_copies_per_occupation() -> None:
    counts = Counter(o.rank for o in OCCUPATIONS for _ in range(o.copies) if o.type is not GuestType.PEASANT)
    assert counts == {0: 20, 1: 20, 2: 15, 3: 15}
    per_type = Counter(o.type for o in OCCUPATIONS for _ in range(o.copies))
    assert all(per_type[t] == 14 for t in GuestType if t is not GuestType.PEASANT)
    assert {o.id: o.copies for o in OCCUPATIONS if o.type is GuestType.POLICE} == {
        "peacekeeper": 4, "brigadier": 4, "brigadier_chief": 3, "major": 3}
    assert all(o.copies == 1 for o in OCCUPATIONS if o.rank == 3 and o.buildable)  # unique rank-3 annexes


def test_r_card_4_the_barn_is_a_colourless_rank_1_annex() -> None:
    assert annex_rank(barn_of(0)) == 1
    game = night(hands={0: ["cultivator"]}, corpses={0: ["baron"]}, cash=[0, 0], annexes={0: ["mechanic"]})
    assert {"bury baron under barn.0", "bury baron under barn.1"} <= {str(a) for a in game.legal_actions()}
    game.apply("build cultivator")  # the Vegetable Garden counts the Workshop and itself, not the barn
    assert game.state.cash[0] == 2
    full = night(corpses={0: ["baron"]}, buried={"barn.0": ["viscount"]})
    assert {str(a) for a in full.legal_actions() if a.kind == "bury"} == {"bury baron under barn.1"}


# ----------------------------------------------------------------------------------------------- R-ZONE


def test_r_zone_1_every_card_is_in_exactly_one_zone() -> None:
    for snapshot in random_game(3, seed=21):
        cards = [c for zone in zones(snapshot.state).values() for c in zone]
        assert sorted(cards) == list(range(NUM_CARDS))


def test_r_zone_2_type_restrictions_of_zones() -> None:
    for snapshot in random_game(4, seed=22):
        state = snapshot.state
        no_peasants = state.entrance + state.exit + [c for c in state.rooms if c != NO_CARD]
        no_peasants += [c for owned in state.annexes for c in owned]
        assert all(CARD_TYPE[c] is not GuestType.PEASANT for c in no_peasants)
        assert all(CARD_TYPE[c] is GuestType.PEASANT for c in state.bistro + state.unused_peasants)
        assert all(CARD_TYPE[c] is not GuestType.POLICE for owned in state.annexes for c in owned)


# ----------------------------------------------------------------------------------------------- R-INFO


def test_r_info_1_the_board_and_the_next_arrival_are_public() -> None:
    game = make_game(make_state(3, stage=Stage.WELCOME, entrance=["major", "baron", "count"],
                                corpses={1: ["monk"]}, annexes={2: ["abbot"]}, cash=[1, 2, 3], checks=[4, 5, 6]))
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["arrival"] == "major.1" and view["entrance"]["top"] == "baron.1"
        assert view["entrance"]["size"] == len(game.state.entrance)
        assert [p["cash"] for p in view["players"]] == [1, 2, 3] and [p["checks"] for p in view["players"]] == [4, 5, 6]
        assert view["players"][1]["corpses"] == ["monk.1"] and view["players"][2]["annexes"][0]["annex"] == "abbot.1"
        assert (view["round"], view["season"], view["first_player"]) == (1, 1, 0)


def test_r_info_2_the_stack_below_its_top_and_the_culled_cards_stay_hidden() -> None:
    game = bloodyinn.new_game(players=2, seed=9)
    view = game.view(0)
    text = json.dumps(view)
    hidden = game.state.entrance[:-1] + game.state.culled
    assert all(f'"{CARD_IDS[c]}"' not in text for c in hidden)
    assert view["culled"] == 35
    imagined = bloodyinn.Game.from_view(view, seed=3)
    assert imagined.view(0) == view  # a determinized game looks the same from that seat
    assert imagined.state.entrance[:-1] != game.state.entrance[:-1]


def test_r_info_2_in_season_2_the_stacks_cards_are_known_but_not_their_order() -> None:
    """R-WELCOME-5, R-INFO-2/3: season 2's stack is the public exit stack reshuffled, so the view lists its
    cards (sorted), never their order; imagined games deal only that order and keep the culled cards out."""
    game = make_game(make_state(2, stage=Stage.WELCOME, reshuffled=True, entrance=["major", "baron", "count", "monk"],
                                rest="exit"))
    view = game.view(0)
    stack = game.state.entrance
    assert view["entrance"]["cards"] == sorted((CARD_IDS[c] for c in stack), key=CARD_BY_ID.__getitem__)
    assert view["entrance"]["top"] == CARD_IDS[stack[-1]]
    orders = set()
    for seed in range(8):
        imagined = bloodyinn.Game.from_view(view, seed=seed)
        assert imagined.view(0) == view
        assert sorted(imagined.state.entrance) == sorted(stack)
        assert sorted(imagined.state.culled) == sorted(game.state.culled)
        orders.add(tuple(imagined.state.entrance))
    assert len(orders) > 1
    assert bloodyinn.new_game(players=2, seed=1).view(0)["entrance"]["cards"] is None  # season 1: culled mixed in


def test_r_info_3_hands_are_public_in_every_view() -> None:
    game = night(3, hands={0: ["peasant", "count"], 1: ["major"], 2: []})
    for seat in (None, 0, 1, 2):
        hands = [p["hand"] for p in game.view(seat)["players"]]
        assert hands == [["count.1", "peasant.1"], ["major.1"], []]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_view_without_legal_actions_is_the_same_view_less_their_notation(players: int) -> None:
    """`view(seat, legal_actions=False)` (what a caller holding `legal_actions()` asks for) leaves out only the
    current player's spelled-out legal actions, at every decision of a whole game and from every seat."""
    for game in random_game(players, seed=players, length="long"):
        for seat in (None, *range(players)):
            full = game.view(seat)
            if seat is not None and seat == game.current_player:
                assert full.pop("legal_actions") == [str(a) for a in game.legal_actions()]
            assert "legal_actions" not in full
            assert game.view(seat, legal_actions=False) == full


def test_r_info_4_the_exit_stack_is_a_public_multiset() -> None:
    game = night(exit=["major", "baron", "count"])
    view = game.view(1)
    assert {"major.1", "baron.1", "count.1"} <= set(view["exit"]) and len(view["exit"]) == len(game.state.exit)
    game.state.exit.reverse()  # its order carries no information: it is shuffled before any draw
    assert game.view(1)["exit"] == view["exit"] == game.view(None)["exit"]


# ------------------------------------------------------------------------------------------------ R-INV


def test_r_inv_1_conservation_and_its_detection() -> None:
    state = make_state()
    assert violations(state, bloodyinn.GameConfig()) == []
    state.exit.append(state.entrance[0])
    assert any(v.startswith("R-INV-1") for v in violations(state, bloodyinn.GameConfig()))


def test_r_inv_2_box_counts_stay_fixed_and_the_gravedigger_box_only_grows() -> None:
    for players in (1, 2, 3, 4):
        snapshots = random_game(players, seed=30 + players, length="long")
        config = snapshots[0].config
        sizes = [len(s.state.gravedigger) for s in snapshots]
        assert sizes == sorted(sizes)
        assert all(len(s.state.culled) == config.cull for s in snapshots)
        assert all(len(s.state.unused_peasants) == (4 if players == 1 else 8 - 2 * players) for s in snapshots)
    state = make_state()
    state.culled.append(state.entrance.pop())
    assert any(v.startswith("R-INV-2") for v in violations(state, bloodyinn.GameConfig()))


def test_r_inv_3_zone_typing_is_checked() -> None:
    state = make_state(bistro=["baron"])
    assert any(v.startswith("R-INV-3") for v in violations(state, bloodyinn.GameConfig()))


def test_r_inv_4_rooms_hold_one_traveler_only_with_a_key_and_are_empty_after_leaving() -> None:
    for snapshot in random_game(2, seed=40):
        state = snapshot.state
        assert all(state.keys[i] != CLOSED for i in range(8) if state.rooms[i] != NO_CARD)
        if state.stage in (Stage.WAGES, Stage.FINAL_GRAVEDIGGER, Stage.OVER):
            assert state.travelers_in_inn() == 0
    state = make_state(rooms={7: "baron"})
    assert any(v.startswith("R-INV-4") for v in violations(state, bloodyinn.GameConfig()))


def test_r_inv_5_annexes_hold_at_most_rank_corpses() -> None:
    for snapshot in random_game(3, seed=50, length="long"):
        assert all(len(cards) <= annex_rank(a) for a, cards in snapshot.state.buried.items())
    state = make_state(buried={"barn.0": ["baron", "baron"]})
    assert any(v.startswith("R-INV-5") for v in violations(state, bloodyinn.GameConfig()))


def test_r_inv_6_cash_stays_between_0_and_40() -> None:
    for snapshot in random_game(4, seed=60, length="long"):
        assert all(0 <= c <= 40 for c in snapshot.state.cash) and all(c >= 0 for c in snapshot.state.checks)
    assert any(v.startswith("R-INV-6") for v in violations(make_state(cash=[41, 0]), bloodyinn.GameConfig()))


def test_r_inv_7_one_key_one_token_per_room_open_rooms_fixed() -> None:
    for snapshot in random_game(2, seed=70, length="long"):
        state = snapshot.state
        assert len(state.open_rooms()) == 5
        assert all(state.keys[i] != CLOSED for i in range(8) if state.room_service[i] >= 0)
    state = make_state(room_service={7: 0})
    assert any(v.startswith("R-INV-7") for v in violations(state, bloodyinn.GameConfig()))


def test_r_inv_8_a_player_never_has_more_than_8_tokens_on_the_board() -> None:
    state = make_state(4, keys={r: 0 for r in range(1, 9)}, room_service={r: 0 for r in range(1, 9)})
    assert any(v.startswith("R-INV-8") for v in violations(state, bloodyinn.GameConfig(players=4)))
    for snapshot in random_game(4, seed=80, length="long"):
        state = snapshot.state
        assert all(state.keys.count(s) + state.room_service.count(s) <= 8 for s in range(4))


def test_r_inv_9_night_actions_differ_by_at_most_one_between_players() -> None:
    game = night(3, first_player=2)
    taken = [0, 0, 0]
    while game.decision == "night":
        taken[game.current_player] += 1  # type: ignore[index]
        game.apply("pass")
        assert max(taken) - min(taken) <= 1 and max(taken) <= 2
    assert taken == [2, 2, 2]


# ---------------------------------------------------------------------------------------------- R-SETUP


@pytest.mark.parametrize("players", [0, 5, "2"])
def test_r_setup_1_one_to_four_players(players: object) -> None:
    with pytest.raises(bloodyinn.ConfigError, match="R-SETUP-1"):
        bloodyinn.new_game(players=players)  # type: ignore[arg-type]


def test_r_setup_2_each_player_starts_with_two_peasants_5f_and_a_check() -> None:
    game = bloodyinn.new_game(players=4, seed=2)
    for seat in range(4):
        assert sorted(CARD_TYPE[c] for c in game.state.hands[seat]) == [GuestType.PEASANT] * 2
        assert (game.state.cash[seat], game.state.checks[seat]) == (5, 1)
        assert game.state.annexes[seat] == [] and game.state.corpses[seat] == []


@pytest.mark.parametrize(("players", "length", "cull"), [
    (1, "short", 34), (1, "long", 26), (2, "short", 35), (2, "long", 25), (3, "short", 28), (3, "long", 16),
    (4, "short", 22), (4, "long", 6)])
def test_r_setup_3_traveler_deck_sizes(players: int, length: str, cull: int) -> None:
    game = bloodyinn.new_game(players=players, length=length, seed=1, variants=["fcfs"])
    state = game.state
    open_rooms = {1: 4, 2: 5, 3: 6, 4: 8}[players]
    assert len(state.culled) == cull and len(state.open_rooms()) == open_rooms
    assert len(state.entrance) + state.travelers_in_inn() == 70 - cull
    assert (70 - cull) % open_rooms == 0  # season 1 ends on a round boundary
    assert all(CARD_TYPE[c] is not GuestType.PEASANT for c in state.entrance + state.culled)


def test_r_setup_4_peasants_in_hands_box_and_an_empty_bistro() -> None:
    for players in (2, 3, 4):
        state = bloodyinn.new_game(players=players, seed=0).state
        assert len(state.unused_peasants) == 8 - 2 * players and state.bistro == []
    solo = bloodyinn.new_game(players=1, seed=0).state
    assert (len(solo.hands[0]), len(solo.bistro), len(solo.unused_peasants)) == (2, 2, 4)


def test_r_setup_5_room_layout_default_and_explicit() -> None:
    state = bloodyinn.new_game(players=2, seed=0).state
    assert state.keys == [0, 1, WHITE, WHITE, WHITE, CLOSED, CLOSED, CLOSED]
    custom = bloodyinn.new_game(players=3, seed=0, player_rooms=[8, 2, 5], white_rooms=[1, 3, 7]).state
    assert custom.keys == [WHITE, 1, WHITE, CLOSED, 2, CLOSED, WHITE, 0]
    with pytest.raises(bloodyinn.ConfigError, match="R-SETUP-5"):
        bloodyinn.new_game(players=2, player_rooms=[1, 1])
    with pytest.raises(bloodyinn.ConfigError, match="R-SETUP-5"):
        bloodyinn.new_game(players=2, white_rooms=[3, 4])


def test_r_setup_6_first_player_is_a_parameter_or_drawn_from_the_seed() -> None:
    assert bloodyinn.new_game(players=3, seed=1, first_player=2).current_player == 2
    drawn = {bloodyinn.new_game(players=4, seed=s).state.first_player for s in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert all(bloodyinn.new_game(players=4, seed=s).state.first_player
               == bloodyinn.new_game(players=4, seed=s).state.first_player for s in range(10))
    with pytest.raises(bloodyinn.ConfigError, match="R-SETUP-6"):
        bloodyinn.new_game(players=2, first_player=2)
