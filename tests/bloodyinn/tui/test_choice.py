"""The guided choice: every path through it ends in one of the engine's legal actions, and every legal action
can be reached."""

from __future__ import annotations

import random

from bloodyinn import new_game
from bloodyinn.actions import Action
from bloodyinn.game import Game
from bloodyinn.tui.choice import Chooser


def reachable(game: Game) -> set[Action]:
    """Every action the chooser can produce from this position, exploring all options."""
    found: set[Action] = set()

    def explore(path: list[int]) -> None:
        chooser = Chooser(game)
        for index in path:
            chooser.choose(chooser.options()[index])
        if chooser.result is not None:
            found.add(chooser.result)
            return
        for index in range(len(chooser.options())):
            explore([*path, index])

    explore([])
    return found


def test_the_chooser_reaches_exactly_the_legal_actions() -> None:
    positions = 0
    for seed in range(6):
        game = new_game(players=1 + seed % 4, length="short", seed=seed)
        choices = random.Random(seed)
        while not game.is_over:
            if positions % 3 == 0:
                assert reachable(game) == set(game.legal_actions())
            positions += 1
            game.apply(choices.choice(game.legal_actions()))
    assert positions > 100


def test_back_returns_to_the_previous_manual_choice() -> None:
    game = new_game(players=2, seed=3)
    choices = random.Random(1)
    while not any(a.kind in ("bribe", "kill") for a in game.legal_actions()):
        game.apply(choices.choice(game.legal_actions()))
    chooser = Chooser(game)
    assert not chooser.back()  # nothing chosen yet
    first = chooser.options()
    kill = next(o for o in first if o.actions[0].kind in ("bribe", "kill"))
    chooser.choose(kill)
    assert chooser.crumbs.startswith(("Bribe a guest", "Kill a guest"))
    assert chooser.back()
    assert [o.label for o in chooser.options()] == [o.label for o in first]


def test_a_forced_move_still_waits_for_a_key() -> None:
    game = new_game(players=1, seed=2)
    choices = random.Random(0)
    while not game.is_over:
        legal = game.legal_actions()
        chooser = Chooser(game)
        assert chooser.result is None and chooser.options()
        if len(legal) == 1:
            assert chooser.options()[0].label.startswith("Confirm")
        game.apply(choices.choice(legal))
