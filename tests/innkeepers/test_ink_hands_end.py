"""Hands of four tricks, refills and reshuffles, and the end of the game (I-R-31..33, I-G-13, I-G-25, I-G-26,
I-G-28)."""

from __future__ import annotations

from collections import Counter

import pytest

import innkeepers
from innkeepers import Game, IllegalActionError, Refill
from innkeepers.cards import CUSTOMER_IDS
from innkeepers.rules import refill
from tests.innkeepers.ink_helpers import play_trick, position, random_game


def play_until_refill(game: Game) -> None:
    while game.decision != "refill":
        seat = game.current_player
        assert seat is not None
        game.apply(game.legal_actions(seat)[-1], seat=seat)


def test_i_r_32_after_four_tricks_every_seat_chooses_how_to_refill_at_once_and_secretly() -> None:
    game = innkeepers.new_game(players=3, seed=5)
    play_until_refill(game)
    assert game.state.trick == 5 and len(game.state.log) == 4
    assert [len(h) for h in game.state.hands] == [3, 3, 3]
    assert game.pending_seats() == [0, 1, 2]
    assert set(game.legal_actions(1)) == {Refill(False), Refill(True)}
    events = game.apply("refill new", seat=1)
    assert [e.kind for e in events] == ["commit"]
    assert game.view(0)["players"][1]["refill"] is None and game.view(0)["players"][1]["refill_chosen"]
    assert game.view(1)["players"][1]["refill"] == "new"
    with pytest.raises(IllegalActionError, match="P2 has no decision"):
        game.apply("refill keep", seat=1)


def test_i_g_25_keep_draws_up_to_seven_new_discards_the_hand_and_draws_seven() -> None:
    game = innkeepers.new_game(players=2, seed=8)
    play_until_refill(game)
    kept_hand = list(game.state.hands[0])
    old_hand = list(game.state.hands[1])
    game.apply("refill keep", seat=0)
    events = game.apply("refill new", seat=1)
    assert set(kept_hand) <= set(game.state.hands[0]) and len(game.state.hands[0]) == 7
    assert not set(old_hand) & set(game.state.hands[1]) and len(game.state.hands[1]) == 7
    assert set(old_hand) <= set(game.state.discard)  # discarded face up: the events name them
    assert [e.kind for e in events].count("refill") == 2 and game.decision == "play"


def test_i_g_13_refills_are_carried_out_from_the_left_of_the_last_trick_winner() -> None:
    game = innkeepers.new_game(players=4, seed=2)
    play_until_refill(game)
    last_winner = game.state.log[-1].winner
    events: list[innkeepers.Event] = []
    for seat in range(4):
        events += game.apply("refill keep", seat=seat)
    order = [e.seat for e in events if e.kind == "refill"]
    assert order == [(last_winner + 1 + i) % 4 for i in range(4)]


def test_i_r_31_an_empty_draw_pile_is_refilled_by_shuffling_the_discards() -> None:
    game = innkeepers.new_game(players=2, seed=4)
    play_until_refill(game)
    state = game.state
    state.discard.extend(state.draw)  # a test shortcut: every card still to draw lies in the discard pile
    state.draw.clear()
    discarded = len(state.discard)
    game.apply("refill keep", seat=0)
    events = game.apply("refill keep", seat=1)
    assert [e.amount for e in events if e.kind == "reshuffle"] == [discarded]
    assert [len(h) for h in state.hands] == [7, 7] and len(state.draw) == discarded - 8 and not state.discard


def test_i_r_31_losing_cards_go_to_the_discard_pile() -> None:
    game = position(players=3, customer="lux-s-pool", hands={0: ["15s"], 1: ["3h"], 2: ["4c"]})
    play_trick(game, ["15s", "3h", "4c"])
    game.apply("place room15", seat=0)
    while game.decision == "second":
        game.apply("pass", seat=game.current_player)
    assert sorted(innkeepers.cards.CARD_IDS[c] for c in game.state.discard) == ["3h", "4c"]


def test_i_r_33_i_g_26_the_game_ends_right_after_the_trick_that_fills_a_15th_room() -> None:
    names = [c for c in CUSTOMER_IDS if c != "lux-s-pool"][:14]
    board = {room: (f"{room}{'hd'[room % 2]}", names[room - 1]) for room in range(1, 15)}
    # P2 has a customer to relocate, so a second-place decision remains (Choose is not offered in this trick).
    game = position(players=2, customer="lux-s-pool", hands={0: ["15s", "2s"], 1: ["9c", "8c"]},
                    boards={0: board, 1: {3: ("4c", "bud-h-pool")}})
    play_trick(game, ["15s", "9c"])  # room 15 is the only legal room: placed at once
    assert game.decision == "second" and not game.is_over  # the trick finishes first (I-G-12)
    events = game.apply("pass", seat=1)
    assert game.is_over and events[-1].kind == "end_of_game" and "P1's inn is full" in events[-1].text
    assert game.pending_seats() == [] and game.current_player is None and game.legal_actions() == []
    assert game.state.hands[0] == [innkeepers.cards.CARD_BY_ID["2s"]]  # hands in progress are dropped (I-G-25)
    with pytest.raises(IllegalActionError, match=r"game is over.*I-R-33"):
        game.apply("play 2s", seat=0)


def test_i_r_33_i_g_26_the_game_ends_after_the_trick_for_the_last_customer() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["15s", "2s"], 1: ["9c", "8c"]},
                    boards={1: {1: ("1d", "bud-d-gym")}}, deck_size=0)
    play_trick(game, ["15s", "9c"])
    game.apply("place room15", seat=0)
    assert not game.is_over
    game.apply("pass", seat=1)
    assert game.is_over and game.state.end_reason == "no customer is left"
    assert game.view(0)["end_reason"] == "no customer is left"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_i_g_26_a_game_lasts_32_tricks_unless_an_inn_fills(players: int) -> None:
    for seed in range(6):
        game = random_game(players, seed)
        full = any(None not in board for board in game.state.boards)
        assert len(game.state.log) == 32 or full
        assert game.state.hand_number == (len(game.state.log) - 1) // 4 + 1


def test_i_g_28_markers_never_run_out() -> None:
    names = [c for c in CUSTOMER_IDS if c != "lux-s-pool"]
    board = {room: (f"{room}h", names[room - 1]) for room in (3, 4, 5, 6, 9, 10, 11, 12, 13, 14)}
    game = position(players=2, customer="lux-s-pool", hands={0: ["15s"], 1: ["9c"]}, boards={0: board})
    counts = game.score_breakdown()[0]
    assert counts["meeples"] + counts["cubes"] == 10  # more than the 8 markers of a colour in the box
    play_trick(game, ["15s", "9c"])  # room 15 is the only legal room: placed at once
    counts = game.score_breakdown()[0]
    assert game.state.boards[0][14] is not None and counts["meeples"] + counts["cubes"] == 11


def test_i_r_32_every_seat_plays_a_card_in_every_trick_of_a_whole_game() -> None:
    game = random_game(4, 11)
    plays = Counter(seat for trick in game.state.log for seat in range(4) if trick.cards[seat] >= 0)
    assert set(plays.values()) == {len(game.state.log)}


def test_i_g_25_a_seat_draws_what_there_is_when_even_the_discards_run_out() -> None:
    state = position(players=2).state.copy()
    state.discard, state.draw = state.draw[:2], []  # only two cards left to draw anywhere
    events: list[innkeepers.Event] = []
    drawn = refill.draw(state, 0, 4, events)
    assert drawn == 2 and len(state.hands[0]) == 9 and not state.discard and not state.draw
    assert [e.kind for e in events] == ["reshuffle"] and events[0].amount == 2
