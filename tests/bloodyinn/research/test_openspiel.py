"""The Bloody Inn as an OpenSpiel game (`python_bloody_inn`): OpenSpiel's own conformance test, explicit chance
over the unseen cards, clones without a hidden future, token moves, and OpenSpiel's MCTS playing a whole game."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[research]')")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from bloodyinn import ConfigError  # noqa: E402
from bloodyinn.cards import CARD_IDS, TRAVELERS  # noqa: E402
from bloodyinn.invariants import violations  # noqa: E402
from bloodyinn.research.encoding import TOKEN_ID, ActionTree, encode  # noqa: E402
from bloodyinn.research.observation import OBSERVATION_SIZE, observation_from_view  # noqa: E402
from bloodyinn.research.openspiel import BloodyInnGame, BloodyInnState  # noqa: E402
from bloodyinn.view import unseen_travelers  # noqa: E402


def load(**params: object) -> BloodyInnGame:
    text = ",".join(f"{key}={value}" for key, value in params.items())
    return pyspiel.load_game(f"python_bloody_inn({text})")


def resolve_chance(state: BloodyInnState, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))


@pytest.mark.parametrize("params", [
    {"players": 1, "length": "long"},
    {"players": 2},
    {"players": 3, "variants": "fcfs"},
    {"players": 4, "variants": "uw+fcfs"},
])
def test_openspiels_random_simulation_test_passes_for_1_to_4_players(params: dict[str, object]) -> None:
    game = load(**params)
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=2, serialize=params["players"] == 2, verbose=False)


def test_the_utility_and_returns_follow_the_reward_scheme() -> None:
    assert load(players=2).get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert load(players=3, reward="winners").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert load(players=1).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM  # solitaire: the booty
    assert (load(players=4).min_utility(), load(players=4).max_utility()) == pytest.approx((-1 / 3, 1.0))
    with pytest.raises(ConfigError, match="unknown reward scheme 'tie'"):
        load(players=2, reward="tie")


def test_r_setup_6_the_first_chance_event_picks_the_first_player_among_the_seats() -> None:
    state = load(players=3).new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(1)
    assert [card for card, _ in state.chance_outcomes()] == sorted(TRAVELERS)
    assert "first player P2" in state.information_state_string(0)


def test_r_info_2_chance_outcomes_are_the_unseen_travelers_and_sum_to_one() -> None:
    rng = np.random.RandomState(3)
    state = load(players=2, first_player=0).new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 30:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            engine = state.chance.game
            if engine is not None and not engine.state.reshuffled and not state.chance.revealed:
                assert [card for card, _ in outcomes] == sorted(unseen_travelers(engine.view(0)))
                checked += 1
            resolve_chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked == 30


def test_two_clones_can_draw_different_travelers_no_hidden_future() -> None:
    rng = np.random.RandomState(5)
    state = load(players=2, first_player=0).new_initial_state()
    resolve_chance(state, rng)
    while not state.is_chance_node():  # type the placement: it draws the next traveler
        state.apply_action(state.legal_actions()[0])
    first, second = state.clone(), state.clone()
    cards = [card for card, _ in state.chance_outcomes()]
    first.apply_action(cards[0])
    second.apply_action(cards[-1])
    tops = [s.chance.game.view(0)["entrance"]["top"] for s in (first, second)]
    assert tops == [CARD_IDS[cards[0]], CARD_IDS[cards[-1]]]
    assert state.is_chance_node()  # the original is untouched


def test_a_compound_action_is_typed_one_token_at_a_time_and_applied_by_its_last_token() -> None:
    rng = np.random.RandomState(7)
    state = load(players=2, first_player=0).new_initial_state()
    resolve_chance(state, rng)
    while state.chance.game.decision != "night":
        state.apply_action(state.legal_actions()[0])
        resolve_chance(state, rng)
    engine = state.chance.game
    tree = ActionTree(engine.legal_actions())
    assert state.legal_actions() == tree.next_tokens()
    assert TOKEN_ID["pass"] in state.legal_actions()  # R-NIGHT-2: passing is always possible
    before = len(engine.actions)
    tokens = encode(engine.legal_actions()[-1])
    chosen = 0
    while len(engine.actions) == before and not state.is_chance_node():
        typed = len(state.prefix)
        assert state.prefix == list(tokens[:typed])  # tokens with no alternative were typed for the player
        assert all(len(tree.next_tokens(tokens[:i])) == 1 for i in range(chosen, typed))
        assert state.legal_actions() == tree.next_tokens(tokens[:typed])
        state.apply_action(tokens[typed])
        chosen = typed + 1
    resolve_chance(state, rng)
    assert state.chance.game.actions[before] == tree.action(tokens)


def test_every_player_move_offers_at_least_two_tokens_and_tensors_come_from_the_view() -> None:
    """As in the environments: forced tokens are typed for the player; the observation tensor is the
    environments' `observation_from_view` of the seat's view and of the tokens it typed, the observation string
    that view as JSON."""
    rng = np.random.RandomState(9)
    game = load(players=3, variants="fcfs")
    state = game.new_initial_state()
    for _ in range(300):
        resolve_chance(state, rng)
        if state.is_terminal():
            break
        assert len(state.legal_actions()) >= 2
        seat = state.current_player()
        engine = state.chance.game
        for observer in range(3):
            view = engine.view(observer)
            prefix = state.prefix if observer == seat else ()
            assert np.array_equal(np.asarray(state.observation_tensor(observer)), observation_from_view(view, prefix))
            view.pop("legal_actions", None)  # the legal tokens say it
            assert json.loads(state.observation_string(observer))["view"] == view
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert game.observation_tensor_shape() == [OBSERVATION_SIZE]


def test_observations_never_show_a_hidden_card() -> None:
    """R-INFO-2: the culled box and the stack below its top stay out of every observation and information
    state (hands are public, R-INFO-3, so every seat sees the same game)."""
    rng = np.random.RandomState(11)
    state = load(players=3, first_player=0).new_initial_state()
    for _ in range(120):
        if state.is_chance_node():
            resolve_chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    engine = state.chance.game
    assert not engine.state.reshuffled
    hidden = [CARD_IDS[card] for card in engine.state.culled + engine.state.entrance[:-1]]
    shown = re.compile(r"\b(" + "|".join(re.escape(card) for card in hidden) + r")\b")
    for seat in range(3):
        assert not shown.search(state.observation_string(seat))
        assert not shown.search(state.information_state_string(seat))
    assert CARD_IDS[engine.state.entrance[-1]] in state.observation_string(0)  # R-INFO-1: the top is public


def test_bad_parameters_are_refused_naming_the_rule() -> None:
    with pytest.raises(ConfigError, match="R-SETUP-1"):
        BloodyInnGame({"players": 5})
    with pytest.raises(ConfigError, match="unknown variant"):
        BloodyInnGame({"variants": "speedy"})


def test_openspiels_mcts_bot_plays_a_whole_game_against_a_random_bot() -> None:
    """OpenSpiel's MCTS (random rollouts, few simulations) plays a short two-player game to its end through the
    engine, which checks every action; the returns are the environments' rewards for the engine's winners
    (R-END-5/6)."""
    game = load(players=2, first_player=0)
    rng = np.random.RandomState(1)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, random_state=rng,
                         evaluator=mcts.RandomRolloutEvaluator(1, rng, max_length=60)),
            UniformRandomBot(1, rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            resolve_chance(state, rng)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    engine = state.chance.game
    assert engine.is_over and len(engine.actions) > 40 and violations(engine.state, engine.config) == []
    scores, winners = engine.scores(), engine.winners()
    assert winners and all(scores[seat] == max(scores) for seat in winners)
    shared = len(winners) == 2  # the default reward scheme, win_loss: a tie pays nothing
    assert state.returns() == ([0.0, 0.0] if shared else [1.0 if seat in winners else -1.0 for seat in range(2)])


def test_a_clone_played_on_leaves_its_original_exactly_as_it_was() -> None:
    """Clones share nothing that changes: after a clone plays on (other chance outcomes, other tokens), its
    original still offers exactly the tokens of its own legal actions. With First Come First Served the drawn
    travelers are placed at once, so different draws lead to different decisions."""
    rng = np.random.RandomState(13)
    state = load(players=2, first_player=1, variants="fcfs").new_initial_state()
    for step in range(400):
        if state.is_terminal():
            break
        if step % 5 == 0:
            before = (str(state), state.history())
            clone = state.clone()
            for _ in range(30):
                if clone.is_terminal():
                    break
                if clone.is_chance_node():
                    outcomes, probabilities = zip(*clone.chance_outcomes())
                    clone.apply_action(int(rng.choice(outcomes, p=probabilities)))
                else:
                    clone.apply_action(int(rng.choice(clone.legal_actions())))
            assert (str(state), state.history()) == before
        if state.is_chance_node():
            resolve_chance(state, rng)
        else:
            tree = ActionTree(state.chance.game.legal_actions())
            assert state.legal_actions() == tree.next_tokens(state.prefix)
            state.apply_action(int(rng.choice(state.legal_actions())))
