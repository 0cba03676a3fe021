"""Components and setup (I-R-6..14) and the invented content tables (I-G-1..5)."""

from __future__ import annotations

from collections import Counter

import pytest

import innkeepers
from innkeepers import ConfigError, GameConfig
from innkeepers.cards import (
    AMENITIES,
    BONUS_IDS,
    CARD_IDS,
    CARD_NUMBER,
    CARD_SUIT,
    CUSTOMER_AMENITY,
    CUSTOMER_IDS,
    CUSTOMER_LUXURY,
    CUSTOMER_SUIT,
    ROOM_AMENITY,
    floor_of,
)
from innkeepers.invariants import violations


def test_i_r_6_sixty_cards_four_suits_numbered_1_to_15() -> None:
    assert len(CARD_IDS) == 60 == len(set(CARD_IDS))
    per_suit = Counter(CARD_SUIT)
    assert sorted(per_suit.values()) == [15] * 4
    for suit in range(4):
        assert sorted(CARD_NUMBER[c] for c in range(60) if CARD_SUIT[c] == suit) == list(range(1, 16))


def test_i_r_7_i_r_8_i_g_4_sixteen_luxury_and_sixteen_budget_customers_every_combination_once() -> None:
    assert len(CUSTOMER_IDS) == 32 == len(set(CUSTOMER_IDS))
    assert sum(CUSTOMER_LUXURY) == 16
    for luxury in (True, False):
        suits = Counter(CUSTOMER_SUIT[c] for c in range(32) if CUSTOMER_LUXURY[c] == luxury)
        assert sorted(suits.values()) == [4, 4, 4, 4]  # 4 per suit (I-R-7, I-R-8)
    combos = {(CUSTOMER_LUXURY[c], CUSTOMER_SUIT[c], CUSTOMER_AMENITY[c]) for c in range(32)}
    assert len(combos) == 32  # every type x suit x amenity once (I-G-4)
    assert "standard" not in CUSTOMER_AMENITY  # the Standard room never matches


def test_i_g_2_i_g_3_board_of_three_floors_each_amenity_once_per_floor_no_column_repeats() -> None:
    assert len(ROOM_AMENITY) == 15
    assert [floor_of(r) for r in (1, 5, 6, 10, 11, 15)] == ["ground", "ground", "middle", "middle", "top", "top"]
    for floor in range(3):
        assert sorted(ROOM_AMENITY[5 * floor: 5 * floor + 5]) == sorted([*AMENITIES, "standard"])
    for column in range(5):
        assert len({ROOM_AMENITY[column + 5 * floor] for floor in range(3)}) == 3
    assert [r for r in range(1, 16) if ROOM_AMENITY[r - 1] == "pool"] == [1, 8, 15]


def test_i_g_5_eight_bonus_cards_penthouse_and_lobby_per_suit() -> None:
    assert sorted(BONUS_IDS) == sorted(f"{k}-{s}" for k in ("penthouse", "lobby") for s in "shdc")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_i_r_11_i_r_12_i_r_13_setup_deals_seven_cards_one_face_up_customer_and_a_secret_bonus_card(
        players: int) -> None:
    game = innkeepers.new_game(players=players, seed=7)
    state = game.state
    assert [len(h) for h in state.hands] == [7] * players  # I-R-11
    assert len(state.draw) == 60 - 7 * players
    assert state.customer >= 0 and len(state.deck) == 31  # I-R-12: one card turned face up
    assert len(set(state.bonus)) == players and len(state.unused_bonus) == 8 - players  # I-R-13
    assert violations(state, game.config) == []
    other = game.view((0 + 1) % players)
    assert other["players"][0]["bonus"] is None  # the bonus card is secret
    assert game.view(0)["players"][0]["bonus"] == BONUS_IDS[state.bonus[0]]
    assert game.pending_seats() == list(range(players))  # everyone chooses a card at once
    kinds = Counter(e.kind for e in game.setup_events)
    assert kinds["deal"] == players and kinds["bonus"] == players and kinds["trick"] == 1


@pytest.mark.parametrize("players", [1, 5, 0, True, "2"])
def test_i_g_1_two_to_four_players(players: object) -> None:
    with pytest.raises(ConfigError, match="I-G-1"):
        innkeepers.new_game(players=players, seed=1)  # type: ignore[arg-type]


def test_unknown_settings_and_bad_flags_are_refused_with_the_rule() -> None:
    with pytest.raises(ConfigError, match="unknown setting"):
        innkeepers.new_game(players=2, seed=1, fixed_room=True)
    with pytest.raises(ConfigError, match="I-G-10"):
        GameConfig(suit_order="sshd")
    with pytest.raises(ConfigError, match="I-G-6"):
        GameConfig(bonus_suit="room")
    with pytest.raises(ConfigError, match="must_follow"):
        GameConfig(must_follow="yes")  # type: ignore[arg-type]


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    a, b, c = (innkeepers.new_game(players=3, seed=s) for s in (11, 11, 12))
    assert a.state.hands == b.state.hands and a.state.deck == b.state.deck and a.state.bonus == b.state.bonus
    assert a.state.hands != c.state.hands
    unseeded = innkeepers.new_game(players=2)
    assert unseeded.record()["settings"]["seed"] == unseeded.config.seed  # a drawn seed is kept in the record
