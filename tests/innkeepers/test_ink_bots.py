"""Innkeepers bots: the registry and levels, legal decisions from views only, no peeking at hidden cards
(I-G-29), and the greedy bot's strength against random play."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import innkeepers
from innkeepers import Game, Place
from innkeepers.bots import BOTS, LEVELS, Bot, SearchBot, SearchConfig, make_bot
from tests.innkeepers.ink_helpers import position

QUICK = SearchConfig(iterations=12)  # legal and deterministic like the real one, fast enough for tests

TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (2, {"fixed_rooms": True}), (3, {"must_follow": True}),
    (4, {"allow_refuse_referral": True, "voluntary_referral": True}),
    (2, {"bonus_suit": "playing_card", "suit_order": "cdhs"})]


def play_game(game: Game, bots: list[Bot]) -> Game:
    """Every pending seat decides from its own view; each choice must be one of its legal actions."""
    while not game.is_over:
        for seat in game.pending_seats():
            legal = game.legal_actions(seat)
            action = bots[seat].choose(game.view(seat), legal)
            assert action in legal, f"{bots[seat].name} chose {action}, not legal for P{seat + 1}"
            game.apply(action, seat=seat)
    return game


def test_registry_has_the_bots_and_the_levels_faces_offer() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    for name in ("random", "greedy", "search", *LEVELS):
        bot = make_bot(name, seed=1)
        assert name in BOTS and isinstance(bot.name, str)
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        make_bot("oracle")


@pytest.mark.parametrize("players, flags", TABLES, ids=[f"{p}-{','.join(f) or 'defaults'}" for p, f in TABLES])
def test_bots_always_choose_a_legal_action(players: int, flags: dict[str, Any]) -> None:
    """Every kind of decision (play, place, refer, refuse, host, second, pick, refill) under every flag."""
    bots = [SearchBot(0, QUICK), make_bot("greedy", 1), make_bot("random", 2), make_bot("medium", 3)][:players]
    game = play_game(innkeepers.new_game(players=players, seed=players, **flags), bots)
    assert game.winners()


def test_greedy_places_a_customer_where_its_amenity_matches() -> None:
    """I-R-26: room 8 (Pool) gives a meeple (+3) where rooms 7 and 9 give a cube, and keeps the board as open."""
    hands = {0: ["8s", "1h", "2h", "3h", "4h", "5h", "6h"], 1: ["1d", "2d", "4d", "5d", "6d", "7d", "8d"]}
    game = position(hands=hands, customer="lux-s-pool", boards={0: {6: ("3d", "bud-c-gym"), 10: ("12d", "bud-c-spa")}})
    game.apply("play 8s", seat=0)
    game.apply("play 1d", seat=1)
    assert game.decision == "place" and set(game.legal_actions(0)) == {Place(7), Place(8), Place(9)}
    assert make_bot("greedy", 0).choose(game.view(0), game.legal_actions(0)) == Place(8)


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
@pytest.mark.parametrize("stage", ["play", "place", "second", "refill"])
def test_bots_cannot_peek_at_hidden_cards(name: str, stage: str) -> None:
    """I-G-29: two games that look the same from the seat but hide different cards (other hands, the committed
    card, bonus cards, the deck's order) give the same decision for the same bot seed; and the bot gets a
    plain JSON view, never the state."""
    real = _reach(stage)
    seat = real.pending_seats()[-1]
    view = real.view(seat)
    first, second = Game.from_view(view, 101), Game.from_view(view, 202)
    assert first.state.hands != second.state.hands and first.state.deck != second.state.deck
    assert first.view(seat) == second.view(seat) == view
    bot = (lambda: SearchBot(9, QUICK)) if name == "search" else (lambda: make_bot(name, 9))
    decisions = {str(bot().choose(json.loads(json.dumps(g.view(seat))), g.legal_actions(seat)))
                 for g in (real, first, second)}
    assert len(decisions) == 1


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), deal=st.integers(0, 2**32 - 1), moves=st.integers(0, 2**32 - 1),
       fixed_rooms=st.booleans(), must_follow=st.booleans(), voluntary_referral=st.booleans())
def test_any_position_gives_the_same_legal_decision_whatever_the_hidden_cards(
        players: int, deal: int, moves: int, fixed_rooms: bool, must_follow: bool, voluntary_referral: bool) -> None:
    """I-G-29: from any position of a random game, each bot decides the same for the real game and for two games
    that hide other cards behind the same view, and its decision is legal."""
    real = innkeepers.new_game(players=players, seed=deal, fixed_rooms=fixed_rooms, must_follow=must_follow,
                               voluntary_referral=voluntary_referral)
    rng = random.Random(moves)
    for _ in range(rng.randrange(150)):
        if real.is_over:
            return
        seat = rng.choice(real.pending_seats())
        real.apply(rng.choice(real.legal_actions(seat)), seat=seat)
    if real.is_over:
        return
    seat = rng.choice(real.pending_seats())
    view = real.view(seat)
    games = [real, Game.from_view(view, rng.getrandbits(32)), Game.from_view(view, rng.getrandbits(32))]
    assert all(g.view(seat) == view for g in games)
    for bot in (lambda: make_bot("greedy", 3), lambda: SearchBot(3, QUICK)):
        decisions = {bot().choose(g.view(seat), g.legal_actions(seat)) for g in games}
        assert len(decisions) == 1 and decisions <= set(real.legal_actions(seat))


def test_search_is_deterministic_for_a_seed() -> None:
    def record(seed: int) -> list[str]:
        game = innkeepers.new_game(players=2, seed=11)
        bots = [SearchBot(seed, QUICK), make_bot("greedy", 1)]
        while game.state.trick <= 8:
            seat = game.pending_seats()[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)), seat=seat)
        return [f"{seat} {action}" for seat, action in game.actions]

    assert record(5) == record(5)


def test_search_imagines_rivals_that_have_not_committed_yet() -> None:
    """I-G-14: a rival's card committed face down is taken back into its imagined hand, so the search models
    that rival as choosing, whether it clicked before the seat or after."""
    from innkeepers.bots.determinize import determinize

    game = innkeepers.new_game(players=3, seed=4)
    game.apply(game.legal_actions(1)[0], seat=1)
    view = game.view(0)
    sample = determinize(view, 7)
    assert sample.pending_seats() == [0, 1, 2]
    assert [len(hand) for hand in sample.state.hands] == [7, 7, 7]
    assert sorted(sample.state.hands[0]) == sorted(game.state.hands[0])


def test_search_lets_rivals_choose_their_cards_without_seeing_the_seats() -> None:
    """I-G-14: at the play stage every seat of the imagined deal chooses at the root, each from its own
    statistics: the seat's card is not known to the rivals when they choose theirs."""
    game = innkeepers.new_game(players=3, seed=4)
    bot = SearchBot(1, SearchConfig(iterations=30))
    root = bot._search(game.view(0), game.legal_actions(0))
    assert sorted(root.moves) == [0, 1, 2]
    assert all(key[0][0][0] == 0 and len(key[0]) == 3 for key in root.children)  # one joint move per child


def test_search_compares_its_best_candidates_on_shared_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root searches only the seat's best moves by the full greedy values, walks each of them once on every
    deal (common random numbers: 30 walks of 5 candidates are 6 deals), the rival choosing once a deal, and plays
    the candidate with the best mean reward."""
    from innkeepers.bots import search
    from innkeepers.bots.determinize import determinize, redeal
    from innkeepers.bots.heuristics import SeatScorer

    deals: list[int] = []

    def counted(sample: Game, seat: int, seed: int) -> Game:
        deals.append(seed)
        return redeal(sample, seat, seed)

    monkeypatch.setattr(search, "redeal", counted)
    game = innkeepers.new_game(players=2, seed=4)
    view, legal = game.view(0), game.legal_actions(0)
    values = SeatScorer(determinize(view, 1), 0).values(legal)
    best = {action for _, action in sorted(zip(values, legal), key=lambda item: -item[0])[:5]}
    config = SearchConfig(iterations=30, candidates=5)
    root = SearchBot(1, config)._search(view, legal)
    assert len(legal) > 5 and set(root.moves[0]) == best
    assert len(deals) == 6 and [move.visits for move in root.moves[0].values()] == [6] * 5
    assert sum(move.visits for move in root.moves[1].values()) == 6
    means = {action: move.reward / move.visits for action, move in root.moves[0].items()}
    assert SearchBot(1, config).choose(view, legal) == max(means, key=lambda a: means[a])


def test_redeal_hides_what_the_view_hides_and_nothing_else() -> None:
    """A new deal of the hidden cards gives the seat the same view, and really deals the rivals other cards."""
    from innkeepers.bots.determinize import determinize, redeal

    game = _reach("second")
    seat = game.pending_seats()[0]
    sample = determinize(game.view(seat), 3)
    deals = [redeal(sample, seat, seed) for seed in range(4)]
    assert all(d.view(seat) == sample.view(seat) for d in deals)
    rivals = [s for s in range(3) if s != seat]
    assert len({tuple(tuple(sorted(d.state.hands[s])) for s in rivals) for d in deals}) == 4


def _reach(stage: str) -> Game:
    """A real game of greedy bots stopped at the first decision of `stage`, a rival's card committed when
    cards are played."""
    game = innkeepers.new_game(players=3, seed=17)
    bots = [make_bot("greedy", seat) for seat in range(3)]
    while not (game.decision == stage and (stage != "play" or len(game.pending_seats()) < 3)):
        seat = game.pending_seats()[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)), seat=seat)
    return game


def test_greedy_beats_random() -> None:
    """Over six duplicate deals (each seat order played), greedy wins at least 10 of 12 two-player games."""
    wins = 0.0
    for deal in range(6):
        for greedy_seat in (0, 1):
            bots = [make_bot("greedy", deal), make_bot("random", deal)]
            if greedy_seat:
                bots.reverse()
            game = play_game(innkeepers.new_game(players=2, seed=500 + deal), bots)
            winners = game.winners()
            wins += (greedy_seat in winners) / len(winners)
    assert wins >= 10


def test_search_beats_greedy() -> None:
    """Over four duplicate deals (each seat order played), even a small search (100 iterations a decision) wins
    most two-player games against greedy and scores more in total (docs/bots.md has the measured figures)."""
    wins, margin = 0.0, 0
    for deal in range(4):
        for search_seat in (0, 1):
            bots: list[Bot] = [SearchBot(deal, SearchConfig(iterations=100)), make_bot("greedy", deal)]
            if search_seat:
                bots.reverse()
            game = play_game(innkeepers.new_game(players=2, seed=700 + deal), bots)
            winners, scores = game.winners(), game.scores()
            wins += (search_seat in winners) / len(winners)
            margin += scores[search_seat] - scores[1 - search_seat]
    assert wins >= 5 and margin > 0, f"search won {wins} of 8 games, {margin:+d} points in all"
