"""The game with explicit chance (`bloodyinn.research.chance`): every traveler turned face up is a chance event
over the cards it can be, and the engine then shows exactly those travelers, in that order."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bloodyinn import GameConfig, IllegalActionError
from bloodyinn.cards import CARD_BY_ID, TRAVELERS
from bloodyinn.invariants import violations
from bloodyinn.research.chance import ChanceGame
from bloodyinn.view import unseen_travelers


def chance_game(players: int = 2, **settings: object) -> ChanceGame:
    return ChanceGame(GameConfig(players=players, **settings))  # type: ignore[arg-type]


def top(game: ChanceGame) -> int | None:
    assert game.game is not None
    entrance = game.game.state.entrance
    return entrance[-1] if entrance else None


def test_r_setup_6_the_first_player_is_a_chance_event_over_the_seats() -> None:
    game = chance_game(3)
    assert game.is_chance and game.chance_outcomes() == [(0, Fraction(1, 3)), (1, Fraction(1, 3)),
                                                          (2, Fraction(1, 3))]
    game.apply_chance(2)
    while game.is_chance:
        game.apply_chance(game.chance_outcomes()[0][0])
    assert game.game is not None and game.game.state.first_player == 2 and game.current_player == 2


def test_r_solo_1_solitaire_has_no_first_player_event() -> None:
    game = chance_game(1)
    assert game.is_chance and len(game.chance_outcomes()) == len(TRAVELERS)


def test_r_info_1_setup_reveals_the_chosen_arrival_then_the_chosen_top_card() -> None:
    game = chance_game(2, first_player=0)
    assert [card for card, _ in game.chance_outcomes()] == sorted(TRAVELERS)  # nothing seen yet
    arrival, next_top = CARD_BY_ID["major.1"], CARD_BY_ID["baron.2"]
    game.apply_chance(arrival)
    assert arrival not in [card for card, _ in game.chance_outcomes()]
    game.apply_chance(next_top)
    assert not game.is_chance and game.game is not None
    view = game.game.view(0)
    assert view["arrival"] == "major.1" and view["entrance"]["top"] == "baron.2"


def test_r_info_2_outcomes_are_the_unseen_travelers_culled_or_below_the_top_all_equally_likely() -> None:
    game = chance_game(2, first_player=0)
    for card in (CARD_BY_ID["major.1"], CARD_BY_ID["baron.2"]):
        game.apply_chance(card)
    game.apply(game.legal_actions()[0])  # placing the arrival draws the top card and shows the next one
    assert game.is_chance and game.game is not None
    outcomes = game.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len({p for _, p in outcomes}) == 1
    assert [card for card, _ in outcomes] == sorted(unseen_travelers(game.game.view(0)))
    assert len(outcomes) == len(TRAVELERS) - 2


def test_copies_hold_no_hidden_future_two_copies_reveal_different_travelers() -> None:
    game = chance_game(2, first_player=0)
    while game.is_chance:
        game.apply_chance(game.chance_outcomes()[0][0])
    game.apply(game.legal_actions()[0])
    first, second = game.copy(), game.copy()
    outcomes = [card for card, _ in game.chance_outcomes()]
    first.apply_chance(outcomes[0])
    second.apply_chance(outcomes[-1])
    assert (top(first), top(second)) == (outcomes[0], outcomes[-1])
    assert game.is_chance  # the original still waits for its own outcome


def test_bad_input_is_refused_and_changes_nothing() -> None:
    game = chance_game(2, first_player=0)
    with pytest.raises(IllegalActionError, match="chance event must be resolved"):
        game.apply("place room1")
    with pytest.raises(IllegalActionError, match="not an outcome"):
        game.apply_chance(CARD_BY_ID["peasant.1"])  # peasants are never in the entrance stack (R-ZONE-2)
    assert game.revealed == [] and len(game.chance_outcomes()) == len(TRAVELERS)
    while game.is_chance:
        game.apply_chance(game.chance_outcomes()[0][0])
    with pytest.raises(IllegalActionError):
        game.apply("place room8")  # closed in a two-player game (R-WELCOME-1)
    with pytest.raises(IllegalActionError, match="not an outcome"):
        game.apply_chance(TRAVELERS[0])
    assert not game.is_chance and game.game is not None and game.game.actions == []


def play_checking_reveals(game: ChanceGame, rng: random.Random) -> bool:
    """Play at random. At every step check that the engine drew and showed exactly the chosen travelers, in
    order; return whether the season-2 reshuffle happened inside a step."""
    reshuffle_seen = False
    known_top = top(game) if game.game is not None else None  # the top card before a step, once seen
    while not game.is_over:
        if game.is_chance:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            first_player = game.choosing_first_player
            chosen = [*game.revealed, rng.choice(outcomes)[0]]
            events = game.apply_chance(chosen[-1])
            if first_player or game.revealed:  # more chance events to come in this step
                continue
        else:
            chosen = []
            events = game.apply(rng.choice(game.legal_actions()))
            if game.is_chance:  # the decision waits for its travelers
                continue
        assert game.game is not None
        visible = ([known_top] if known_top is not None else []) + chosen
        drawn = [CARD_BY_ID[e.card] for e in events if e.kind == "draw"]  # type: ignore[index]
        reshuffle_seen |= any(e.kind == "reshuffle" for e in events) and bool(chosen)
        assert visible[: len(drawn)] == drawn
        known_top = top(game)
        assert visible[len(drawn):] == ([known_top] if known_top is not None else [])
        assert violations(game.game.state, game.game.config) == []
    return reshuffle_seen


@settings(max_examples=8, deadline=None)
@given(players=st.integers(1, 4), length=st.sampled_from(["short", "long"]),
       fcfs=st.booleans(), seed=st.integers(0, 2**32))
def test_r_welcome_5_every_draw_shows_the_chosen_travelers_in_both_seasons(players: int, length: str, fcfs: bool,
                                                                          seed: int) -> None:
    variants = frozenset({"fcfs"} if fcfs else set())
    game = chance_game(players, length=length, variants=variants, seed=seed)
    play_checking_reveals(game, random.Random(seed))


def test_r_welcome_5_the_reshuffle_reveals_cards_of_the_exit_stack() -> None:
    """In season 2 the travelers revealed are chosen among the exit stack that the reshuffle turns over (with the
    guests who join it at the end of this round), never among the culled cards."""
    for seed in range(20):
        game = chance_game(2, length="short", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.is_chance and game.game is not None and game.game.state.exit and not game.game.state.entrance:
                state = game.game.state
                leaving = set(state.exit) | {card for card in state.rooms if card >= 0}
                outcomes = {card for card, _ in game.chance_outcomes()}
                assert outcomes and outcomes <= leaving and not outcomes & set(state.culled)
                assert play_checking_reveals(game, rng)
                return
            if game.is_chance:
                game.apply_chance(rng.choice(game.chance_outcomes())[0])
            else:
                game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no game of 20 reached the reshuffle")


def test_r_info_2_in_season_2_the_outcomes_are_the_stacks_known_cards_below_its_top() -> None:
    """After the reshuffle the stack's cards are public (the view lists them), only their order is not: a reveal
    is any of the stack's cards below its top, equally likely."""
    checked = 0
    for seed in range(10):
        game = chance_game(2, length="short", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            engine = game.game
            if game.is_chance and engine is not None and engine.state.reshuffled and engine.state.entrance:
                stack = engine.view(None)["entrance"]
                below = sorted(CARD_BY_ID[card] for card in stack["cards"])
                below.remove(CARD_BY_ID[stack["top"]])
                expected = sorted(set(below) - set(game.revealed))
                assert [card for card, _ in game.chance_outcomes()] == expected
                checked += 1
            if game.is_chance:
                game.apply_chance(rng.choice(game.chance_outcomes())[0])
            else:
                game.apply(rng.choice(game.legal_actions()))
    assert checked >= 10
