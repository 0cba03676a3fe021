"""The registry lists the installed games and starts one by its id, like pgx.make or OpenSpiel's load_game."""

from __future__ import annotations

import pytest

import bloodyinn
import innkeepers
from tabletop import registry


def test_both_games_are_registered_by_their_ids() -> None:
    assert registry.games() == ["bloodyinn", "innkeepers"]
    assert registry.game_class("bloodyinn") is bloodyinn.Game
    assert registry.game_class("innkeepers") is innkeepers.Game


def test_make_starts_the_game_its_settings_and_seed_fix() -> None:
    game = registry.make("innkeepers", players=3, seed=7, must_follow=True)
    assert game.to_json() == innkeepers.new_game(players=3, seed=7, must_follow=True).to_json()
    game = registry.make("bloodyinn", players=2, length="long", seed=7)
    assert game.to_json() == bloodyinn.new_game(players=2, length="long", seed=7).to_json()


def test_make_without_a_seed_draws_one_and_keeps_it() -> None:
    game = registry.make("bloodyinn", players=2)
    again = registry.make("bloodyinn", **game.config.to_dict())
    assert again.to_json() == game.to_json()


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'; known: bloodyinn, innkeepers"):
        registry.make("chess")


def test_bad_settings_are_the_games_own_error() -> None:
    with pytest.raises(innkeepers.ConfigError, match="players must be 2 to 4"):
        registry.make("innkeepers", players=1)
    with pytest.raises(bloodyinn.ConfigError, match="unknown settings: suit_order"):
        registry.make("bloodyinn", suit_order="shdc")


def test_listing_the_games_imports_none() -> None:
    """The platform imports nothing game-specific until a game is asked for (checked in a fresh interpreter)."""
    import subprocess
    import sys

    code = ("import sys; from tabletop import registry; registry.games(); "
            "print(any(m.split('.')[0] in ('bloodyinn', 'innkeepers') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          timeout=120).stdout == "False\n"
