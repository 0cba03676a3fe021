"""The plumbing every game's environments share (`tabletop.research.environments`): where a reset's game comes
from, and how an AEC episode starts and ends."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from gymnasium import spaces
from pettingzoo import AECEnv

from tabletop.research.environments import Seats, check_render_mode, end_episode, next_game, start_episode


@dataclass
class Dealt:
    seed: int

    def copy(self) -> Dealt:
        return Dealt(self.seed)


def test_a_seeded_reset_makes_the_following_unseeded_games_repeat() -> None:
    def games(seeds: random.Random) -> list[int]:
        first = next_game(seeds, 5, None, Dealt, lambda g: True, "a game")
        return [first.seed] + [next_game(seeds, None, None, Dealt, lambda g: True, "a game").seed for _ in range(3)]

    one, other = games(random.Random(1)), games(random.Random(2))
    assert one == other and one[0] == 5 and len(set(one)) == 4


def test_a_given_game_is_copied_and_a_wrong_one_refused_by_name() -> None:
    given = Dealt(9)
    started = next_game(random.Random(), None, {"game": given}, Dealt, lambda g: isinstance(g, Dealt), "a Dealt")
    assert started == given and started is not given
    with pytest.raises(ValueError, match=r"options\['game'\] must be a Dealt"):
        next_game(random.Random(), None, {"game": "nonsense"}, Dealt, lambda g: isinstance(g, Dealt), "a Dealt")


def test_an_unknown_render_mode_is_refused_naming_the_known_ones() -> None:
    check_render_mode(None)
    check_render_mode("ansi")
    with pytest.raises(ValueError, match="unknown render mode 'rgb'; known: ansi, human"):
        check_render_mode("rgb")


class Table(AECEnv):
    possible_agents = ["player_0", "player_1"]  # noqa: RUF012 (PettingZoo declares it)


def test_an_episode_pays_each_agent_by_seat_at_its_end() -> None:
    table = Table()
    start_episode(table)
    assert table.agents == ["player_0", "player_1"] and table.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert not any(table.terminations.values()) and not any(table.truncations.values())
    table.agent_selection = "player_1"
    end_episode(table, [1.0, -1.0])
    assert table.rewards == table._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}
    assert all(table.terminations.values()) and table.agent_selection == "player_1"


def test_a_game_over_at_reset_selects_the_first_agent() -> None:
    table = Table()
    start_episode(table)
    end_episode(table, [0.0, 0.0])
    assert table.agent_selection == "player_0"


def test_every_seat_is_an_agent_by_name_with_the_same_spaces() -> None:
    table = Seats()
    observation, action = spaces.Box(0.0, 1.0, (3,)), spaces.Discrete(5)
    table._set_up_seats(3, observation, action)
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    assert table._seats == {"player_0": 0, "player_1": 1, "player_2": 2}
    assert all(table.observation_space(a) is observation and table.action_space(a) is action
               for a in table.possible_agents)
