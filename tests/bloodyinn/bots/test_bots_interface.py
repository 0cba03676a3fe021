"""The bot registry, the levels, legal play from views, determinism for a seed, and no peeking."""

from __future__ import annotations

import pytest

from bloodyinn import Game, new_game
from bloodyinn.bots import BOTS, LEVELS, GreedyBot, MctsBot, RandomBot, SearchConfig, make_bot
from tests.bloodyinn.bots.bots_helpers import play, position

QUICK = SearchConfig(iterations=30)


def test_registry_has_the_bots_and_levels() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    for name in ("random", "greedy", "mcts", *LEVELS):
        bot = make_bot(name, seed=1)
        assert isinstance(bot.name, str) and callable(bot.choose)
        assert name in BOTS
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bots_play_whole_games_legally(players: int) -> None:
    bots = [RandomBot(1), GreedyBot(2), MctsBot(3, QUICK), make_bot("easy", 4)][:players]
    if players == 1:
        bots = [MctsBot(3, QUICK)]
    game = play(new_game(players=players, length="short", seed=players), bots)
    assert game.is_over


def test_search_is_deterministic_for_a_seed() -> None:
    def record(seed: int) -> list[str]:
        game = play(new_game(players=2, seed=11), [MctsBot(seed, SearchConfig(iterations=25)), GreedyBot(seed)])
        return [str(a) for a in game.actions]

    assert record(5) == record(5)


@pytest.mark.parametrize("decision,skip", [("night", 0), ("night", 3), ("place", 2), ("night", 7)])
@pytest.mark.parametrize("name", ["random", "greedy", "mcts", "easy", "medium"])
def test_bots_cannot_peek_at_hidden_cards(name: str, decision: str, skip: int) -> None:
    """Two games that look the same from the seat but hide different cards (entrance order, culled cards)
    give the same decision for the same bot seed: the bot decides from what it may see only."""
    real = position(players=2, seed=3, decision=decision, skip=skip)
    seat = real.current_player
    view = real.view(seat)
    first, second = Game.from_view(view, 101), Game.from_view(view, 202)
    hidden = [(g.state.entrance[:-1], g.state.culled) for g in (real, first, second)]
    assert hidden[0] != hidden[1] and hidden[1] != hidden[2]  # the hidden deals really differ
    assert first.view(seat) == second.view(seat) == view  # and nothing of that shows in the view
    bot = (lambda seed: MctsBot(seed, QUICK)) if name == "mcts" else (lambda seed: make_bot(name, seed))
    decisions = {str(bot(9).choose(g.view(seat), g.legal_actions())) for g in (real, first, second)}
    assert len(decisions) == 1


def test_redealing_keeps_everything_visible_and_shuffles_only_the_hidden_cards() -> None:
    from bloodyinn.bots.determinize import redeal

    real = position(players=2, seed=6, skip=4)
    seat = real.current_player
    view = real.view(seat)
    sample = Game.from_view(view, 1)
    hidden = sorted(sample.state.entrance[:-1] + sample.state.culled)
    deals = set()
    for seed in range(5):
        game = redeal(sample, seed)
        assert game.view(seat) == view
        assert sorted(game.state.entrance[:-1] + game.state.culled) == hidden
        assert game.state.entrance[-1] == sample.state.entrance[-1]  # the visible top card stays
        deals.add(tuple(game.state.entrance))
    assert len(deals) > 1
    assert sample.view(seat) == view  # the sample itself is untouched


def test_redealing_in_season_2_only_reorders_the_known_stack() -> None:
    """R-INFO-2: season 2's stack holds the reshuffled exit stack, known to all; culled cards never join it."""
    from bloodyinn.bots.determinize import redeal

    game = new_game(players=1, length="short", seed=8)
    bot = GreedyBot(8)  # random play loses a solitaire long before season 2
    while not game.state.reshuffled or game.decision != "night":
        game.apply(bot.choose(game.view(0), game.legal_actions()))
    view = game.view(0)
    sample = Game.from_view(view, 1)
    orders = set()
    for seed in range(5):
        dealt = redeal(sample, seed)
        assert dealt.view(0) == view
        assert sorted(dealt.state.entrance) == sorted(game.state.entrance)
        assert dealt.state.culled == sample.state.culled
        orders.add(tuple(dealt.state.entrance))
    assert len(orders) > 1
