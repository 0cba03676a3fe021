"""Innkeepers as an OpenSpiel game of simultaneous moves (`python_innkeepers`): OpenSpiel's own conformance test,
explicit chance over the undealt cards, clones without a hidden future, joint moves, information states that
hide what a player may not see, and OpenSpiel's MCTS on the turn-based conversion."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[research]')")

from open_spiel.python.algorithms import mcts  # noqa: E402

from innkeepers.cards import CARD_BY_ID, NUM_CARDS, NUM_CUSTOMERS  # noqa: E402
from innkeepers.config import HAND_SIZE  # noqa: E402
from innkeepers.invariants import violations  # noqa: E402
from innkeepers.research.encoding import index  # noqa: E402
from innkeepers.research.observation import OBSERVATION_SIZE, observation_from_view  # noqa: E402
from innkeepers.research.openspiel import InnkeepersGame, InnkeepersState  # noqa: E402


def load(**params: object) -> InnkeepersGame:
    text = ",".join(f"{key}={value}" for key, value in params.items())
    return pyspiel.load_game(f"python_innkeepers({text})")


def play_random(state: InnkeepersState, rng: np.random.RandomState, stop: int | None = None) -> None:
    """Random outcomes and actions until the end (or `stop` moves), checking the engine's invariants."""
    moves = 0
    while not state.is_terminal() and (stop is None or moves < stop):
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(state.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        moves += 1
        if state.chance.game is not None:
            assert violations(state.chance.game.state, state.chance.game.config) == []


@pytest.mark.parametrize("params", [
    {"players": 2},
    {"players": 3, "must_follow": True},
    {"players": 4, "reward": "winners", "fixed_rooms": True},
    {"players": 2, "reward": "margin", "suit_order": "cdhs", "allow_refuse_referral": True},
])
def test_openspiels_random_simulation_test_passes_for_2_to_4_players(params: dict[str, object]) -> None:
    game = load(**params)
    assert game.num_players() == params["players"]
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=2, serialize=params["players"] == 2, verbose=False)


def test_the_utility_follows_the_reward_scheme() -> None:
    assert load().get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert load(reward="winners").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (load(players=3).min_utility(), load(players=3).max_utility()) == (-0.5, 1.0)
    with pytest.raises(Exception, match="unknown reward scheme"):
        load(reward="tie")


def test_i_r_11_to_13_the_deal_is_chance_card_by_card_then_bonus_cards_then_the_first_customer() -> None:
    state = load(players=2).new_initial_state()
    assert state.is_chance_node() and [o for o, _ in state.chance_outcomes()] == list(range(NUM_CARDS))
    state.apply_action(CARD_BY_ID["7s"])
    assert CARD_BY_ID["7s"] not in [o for o, _ in state.chance_outcomes()]
    for _ in range(2 * HAND_SIZE - 1):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.chance.chance_kind() == "bonus" and len(state.chance_outcomes()) == 8
    state.apply_action(3)
    assert [o for o, _ in state.chance_outcomes()] == [0, 1, 2, 4, 5, 6, 7]  # bonus cards are dealt once
    state.apply_action(0)
    assert state.chance.chance_kind() == "customer" and len(state.chance_outcomes()) == NUM_CUSTOMERS
    state.apply_action(5)
    assert state.is_simultaneous_node()
    game = state.chance.game
    assert "7s" in game.view(0)["players"][0]["hand"] and game.state.bonus == [3, 0] and game.state.customer == 5


def test_clones_hold_no_hidden_future_the_next_customer_is_chance() -> None:
    rng = np.random.RandomState(5)
    state = load(players=2).new_initial_state()
    play_random(state, rng, stop=2 * HAND_SIZE + 3)  # the deal
    while not state.is_chance_node():
        play_random(state, rng, stop=1)
    assert state.chance.chance_kind() == "customer"
    outcomes = [o for o, _ in state.chance_outcomes()]
    seen = set()
    for outcome in outcomes[:3]:
        clone = state.clone()
        clone.apply_action(outcome)
        while clone.is_chance_node():  # Choose draws three
            clone.apply_action(clone.chance_outcomes()[-1][0])
        engine = clone.chance.game.state
        assert outcome in [engine.customer, *engine.drawn]
        seen.add((engine.customer, *engine.drawn))
    assert len(seen) == 3


def test_a_refill_draws_every_card_as_chance_from_the_draw_pile() -> None:
    rng = np.random.RandomState(7)
    state = load(players=3).new_initial_state()
    while not (state.chance.game is not None and state.chance.game.state.stage == "refill"):
        play_random(state, rng, stop=1)
    pile = set(state.chance.game.state.draw)
    state.apply_actions([index(state.chance.game.legal_actions(p)[1]) for p in range(3)])  # everyone: refill new
    drawn = 0
    while state.is_chance_node():
        outcomes = {o for o, _ in state.chance_outcomes()}
        assert outcomes <= pile and state.chance.chance_kind() == "card"
        state.apply_action(min(outcomes))
        pile.discard(min(outcomes))
        drawn += 1
    assert drawn == 3 * HAND_SIZE and all(len(hand) == HAND_SIZE for hand in state.chance.game.state.hands)


def test_a_players_information_state_hides_the_others_cards_and_bonus() -> None:
    game = load(players=2)
    deals = []
    for other_first in (HAND_SIZE, 30):  # seat 1's cards differ between the two deals, seat 0's are the same
        state = game.new_initial_state()
        for card in range(HAND_SIZE):
            state.apply_action(card)
        for card in range(other_first, other_first + HAND_SIZE):
            state.apply_action(card)
        state.apply_action(0)
        state.apply_action(1 if other_first == HAND_SIZE else 5)
        state.apply_action(9)
        deals.append(state)
    first, second = deals
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    tensor = np.array(first.observation_tensor(0))
    assert tensor.shape == (OBSERVATION_SIZE,)
    assert np.array_equal(tensor, observation_from_view(first.chance.game.view(0)))
    for state in deals:  # the trick: both reveal their cards, then the information states tell them
        engine = state.chance.game
        state.apply_actions([index(engine.legal_actions(0)[0]), index(engine.legal_actions(1)[0])])
    assert "P2 play" in first.information_state_string(0)


def test_a_whole_game_ends_with_the_engines_result() -> None:
    state = load(players=3).new_initial_state()
    play_random(state, np.random.RandomState(11))
    engine = state.chance.game
    winners = engine.winners()
    assert state.returns() == pytest.approx([(3 / len(winners) - 1) / 2 if s in winners else -0.5 for s in range(3)])


def test_openspiels_mcts_plays_the_turn_based_conversion() -> None:
    """OpenSpiel's MCTSBot needs sequential moves: `convert_to_turn_based` gives them (docs/research.md)."""
    turn_based = pyspiel.convert_to_turn_based(load(players=2))
    bot = mcts.MCTSBot(turn_based, 2, 4, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                       random_state=np.random.RandomState(2))
    rng = np.random.RandomState(3)
    state = turn_based.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 12:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions == 12
