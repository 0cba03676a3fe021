"""Determinism (R-SETUP-7): the same settings, seed and actions give the identical game; `bloodyinn simulate`
prints a readable log and the final scores, identically on every run."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import bloodyinn
from bloodyinn.cli import app


def played(players: int, seed: int, moves: int, **settings: object) -> bloodyinn.Game:
    game = bloodyinn.new_game(players=players, seed=seed, **settings)  # type: ignore[arg-type]
    choose = random.Random(moves)
    while not game.is_over:
        game.apply(choose.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_r_setup_7_same_settings_seed_and_actions_give_the_same_game(players: int) -> None:
    first = played(players, seed=99, moves=5, length="long", variants=["uw"])
    second = played(players, seed=99, moves=5, length="long", variants=["uw"])
    assert first.to_json() == second.to_json()
    assert first.scores() == second.scores() and first.winners() == second.winners()
    again = bloodyinn.Game.replay(first.record())
    assert again.to_json() == first.to_json()


def test_r_setup_7_the_seed_decides_the_deal_first_player_and_reshuffle() -> None:
    deals = {tuple(bloodyinn.new_game(players=3, seed=s).state.entrance) for s in range(5)}
    assert len(deals) == 5
    a = bloodyinn.new_game(players=3, seed=17)
    b = bloodyinn.new_game(players=3, seed=17)
    assert a.state.entrance == b.state.entrance and a.state.culled == b.state.culled
    assert a.state.first_player == b.state.first_player
    # the season-2 deck (the exit stack reshuffled with the game's RNG) is the same too
    for game in (a, b):
        while not game.state.reshuffled:
            game.apply(game.legal_actions()[0])
    assert a.state.entrance == b.state.entrance


@pytest.mark.parametrize(("players", "copy_at", "copy_first"), [(2, 0, True), (2, 0, False), (3, 40, True),
                                                               (4, 25, False), (2, 60, True)])
def test_r_setup_7_a_copy_and_its_original_draw_the_same_future_cards(players: int, copy_at: int,
                                                                      copy_first: bool) -> None:
    """Copies share the random generator until one of them uses it: whichever side reaches the season-2
    reshuffle first, and however the other is copied or reseeded meanwhile, both deal the same cards."""
    game = played_to(bloodyinn.new_game(players=players, length="long", seed=copy_at), copy_at, random.Random(0))
    copy = game.copy()
    grandchild = copy.copy()
    grandchild.state.rng.seed(12345)  # search bots reseed their copies: the others must not notice
    first, second = (copy, game) if copy_first else (game, copy)
    choose = random.Random(players)
    moves = []
    while not first.is_over:
        moves.append(choose.choice(first.legal_actions()))
        first.apply(moves[-1])
    assert first.state.reshuffled
    for move in moves:
        second.apply(move)
    assert first.to_json() == second.to_json()
    assert bloodyinn.Game.replay(first.record()).to_json() == first.to_json()


def played_to(game: bloodyinn.Game, moves: int, choose: random.Random) -> bloodyinn.Game:
    for _ in range(moves):
        game.apply(choose.choice(game.legal_actions()))
    return game


def test_a_game_without_a_seed_records_the_one_it_drew() -> None:
    game = bloodyinn.new_game(players=2)
    game.apply(game.legal_actions()[0])
    assert bloodyinn.Game.replay(game.record()).to_json() == game.to_json()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulate_prints_a_readable_log_and_final_scores_identically(players: int) -> None:
    runner = CliRunner()
    args = ["simulate", "--players", str(players), "--seed", "5"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    lines = first.output.splitlines()
    assert any(line.startswith("Round 1 begins") for line in lines)
    assert "Final scores:" in lines
    scores = [line for line in lines if re.match(r"\s+P\d: -?\d+F ", line)]
    assert len(scores) == players
    other_seed = runner.invoke(app, ["simulate", "--players", str(players), "--seed", "6"])
    assert other_seed.output != first.output


def test_simulate_scores_match_the_engine() -> None:
    result = CliRunner().invoke(app, ["simulate", "--players", "3", "--seed", "12", "--quiet"])
    assert result.exit_code == 0
    totals = [int(t) for t in re.findall(r"P\d: (\d+)F", result.output)]
    game = bloodyinn.new_game(players=3, seed=12)
    choose = random.Random(12)
    while not game.is_over:
        game.apply(choose.choice(game.legal_actions()))
    assert totals == game.scores()
