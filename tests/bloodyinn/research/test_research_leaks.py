"""No leak of hidden cards (R-INFO-2): in games that differ only in what nobody may see (the entrance stack below
its top card, the culled cards, the random generator's state), every agent gets identical observations and
masks, at every token of a decision."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bloodyinn import Game, new_game
from bloodyinn.bots import GreedyBot
from bloodyinn.bots.determinize import redeal
from bloodyinn.research.encoding import encode
from bloodyinn.research.gymnasium_env import SolitaireEnv
from bloodyinn.research.pettingzoo_env import raw_env


def hidden(game: Game) -> tuple[list[int], list[int]]:
    return game.state.entrance[:-1], game.state.culled


def twins(game: Game, seat: int) -> list[Game]:
    """The game and games built from its seat's view with other hidden cards (and other random seeds)."""
    view = game.view(seat)
    others = [Game.from_view(view, 101), Game.from_view(view, 202)]
    others.append(redeal(others[0], 303))
    return [game, *others]


def assert_same_for_every_agent(tables: list[raw_env]) -> None:
    for agent in tables[0].possible_agents:
        seen = [table.observe(agent) for table in tables]
        for other in seen[1:]:
            assert np.array_equal(seen[0]["observation"], other["observation"])
            assert np.array_equal(seen[0]["action_mask"], other["action_mask"])


def position(players: int, seed: int, decisions: int) -> Game:
    game = new_game(players=players, length="short", seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@given(players=st.integers(2, 4), seed=st.integers(0, 1000), decisions=st.integers(0, 60))
@settings(max_examples=25, deadline=None)
def test_agents_see_the_same_in_games_that_differ_only_in_hidden_cards(players: int, seed: int,
                                                                       decisions: int) -> None:
    game = position(players, seed, decisions)
    if game.is_over or len(game.legal_actions()) < 2:
        return  # the env would play the only action at once, and what it draws next may then differ, visibly
    games = twins(game, game.current_player)  # type: ignore[arg-type]
    if len(game.state.entrance) > 4:  # enough hidden cards below the top for the deals to differ
        assert len({repr(hidden(g)) for g in games}) > 1  # the hidden deals really differ
    tables = [raw_env(players=players) for _ in games]
    for table, twin in zip(tables, games):
        table.reset(options={"game": twin})
    assert_same_for_every_agent(tables)
    seat = game.current_player
    tokens = encode(random.Random(seed).choice(game.legal_actions()))
    while all(len(t.game.actions) == len(game.actions) for t in tables):  # every token of the decision
        token = tokens[len(tables[0].tokens.prefix)]
        for table in tables:
            table.step(token)
        if tables[0].game.current_player == seat and len(tables[0].game.actions) == len(game.actions):
            assert_same_for_every_agent(tables)


@pytest.mark.parametrize("seed", [3, 8])
def test_the_solitaire_agent_sees_the_same_in_season_2_whatever_the_stack_order(seed: int) -> None:
    """R-INFO-2: in season 2 the stack's cards are known, their order is not."""
    game = new_game(players=1, length="short", seed=seed)
    bot = GreedyBot(seed)
    while not game.state.reshuffled or game.decision != "night":
        game.apply(bot.choose(game.view(0), game.legal_actions()))
    games = twins(game, 0)
    assert len({tuple(g.state.entrance) for g in games}) > 1
    envs = [SolitaireEnv(length="short") for _ in games]
    firsts = [env.reset(options={"game": g}) for env, g in zip(envs, games)]
    for observation, info in firsts[1:]:
        assert np.array_equal(observation, firsts[0][0])
        assert np.array_equal(info["action_mask"], firsts[0][1]["action_mask"])
