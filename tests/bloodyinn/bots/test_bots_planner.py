"""The solitaire planner (`hard` in solitaire): it plans whole nights, never risks the game on a corpse, and
plays solitaire better than the greedy bot."""

from __future__ import annotations

import itertools
import statistics
import time

import pytest

from bloodyinn import Game, new_game
from bloodyinn.actions import Bury, Kill, Pass, Place
from bloodyinn.bots import GreedyBot, make_bot
from bloodyinn.bots.levels import HardBot
from bloodyinn.bots.planner import PlannerBot
from tests.bloodyinn.bots.bots_helpers import play, position
from tests.bloodyinn.engine_helpers import make_game, make_state, night, occs


def decide(game: Game, bot: object | None = None) -> object:
    chooser = bot or PlannerBot(seed=1)
    return chooser.choose(game.view(0), game.legal_actions())  # type: ignore[attr-defined]


def test_hard_is_the_planner_in_solitaire_and_the_search_in_company() -> None:
    bot = make_bot("hard", seed=1)
    assert isinstance(bot, HardBot)
    solo = night(1, length="long", rooms={2: "count"}, hands={0: ["peacekeeper", "peacekeeper"]})
    assert bot._bot(solo.view(0)) is bot.solitaire
    company = night(2, rooms={2: "count"})
    assert bot._bot(company.view(0)) is bot.company


def test_buries_before_the_police_investigate() -> None:
    """R-SOLO-4: a corpse left unburied while police sleep in the inn loses the game; the last action of
    the night buries it."""
    game = night(1, length="long", turn=1, corpses={0: ["count"]}, rooms={2: "major", 3: "marquis"},
                 hands={0: ["abbot", "novice", "peacekeeper", "brigadier", "brigadier"]})
    action = decide(game)
    assert isinstance(action, Bury) and action.corpses[0][0] == "count"


def test_kills_and_buries_the_richest_traveler_in_one_night() -> None:
    """R-KILL-1, R-BURY-4, R-EOR-2: with three police and three religious accomplices, one free slot (the
    barn, R-CARD-4) and police staying in the inn, the night is a kill of the rank-3 traveler followed by
    its burial (26F)."""
    game = night(1, length="long", rooms={1: "baron", 2: "major", 3: "viscount", 4: "peacekeeper"},
                 hands={0: ["peacekeeper", "peacekeeper", "brigadier", "novice", "novice", "novice"]},
                 cash=[5])
    first = decide(game)
    assert isinstance(first, Kill) and first.rooms == (2,)
    game.apply(first)
    second = decide(game)
    assert isinstance(second, Bury) and second.corpses[0][0] == "major"
    game.apply(second)
    assert not game.lost and game.state.corpses[0] == []
    assert game.state.cash[0] >= 5 + 26 - 6  # the burial's 26F, less at most six wages


def test_launders_first_when_a_burial_would_spill_over_the_cap() -> None:
    """R-MONEY-2, R-PASS-1: at 38F a 26F burial would lose 24F over the 40F cap; `hard` launders first."""
    game = night(1, length="long", corpses={0: ["marquis"]}, rooms={2: "baron", 3: "novice", 4: "count"},
                 hands={0: ["novice", "novice", "monk"]}, annexes={0: ["duke"]}, cash=[38])
    hard = make_bot("hard", seed=1)
    first = decide(game, hard)
    assert isinstance(first, Pass) and first.buy_checks >= 1
    game.apply(first)
    game.apply(decide(game, hard))  # type: ignore[arg-type]
    assert game.state.corpses[0] == []
    assert game.state.cash[0] + 10 * game.state.checks[0] >= 38 + 10 + 26 - 3


@pytest.mark.parametrize("name", ["planner judging placements", "hard"])
def test_keeps_the_room_service_room_for_the_richer_traveler_it_sees_coming(name: str) -> None:
    """R-WELCOME-1, R-WELCOME-4, R-EOR-3: the Count (rank 2) arrives and the Duke (rank 3) is the visible top
    card. The greedy scores put the Count in the Room Service room (2F now); the planner judging placements
    (as `hard` does) leaves that room to the Duke (3F) and puts the Count in its own room (1F when it
    leaves)."""
    game = make_game(make_state(1, length="long", stage="welcome", room_service={3: 0}, cash=[5],
                                entrance=["count", "duke", "novice", "baron", "mechanic", "monk"]))
    assert GreedyBot(1).choose(game.view(0), game.legal_actions()) == Place(3)
    planner = make_bot("hard", seed=1) if name == "hard" else PlannerBot(1, placements=4)
    while game.decision == "place":
        game.apply(decide(game, planner))  # type: ignore[arg-type]
    assert [occs([game.state.rooms[0]]), occs([game.state.rooms[2]])] == [["count"], ["duke"]]  # rooms 1 and 3
    assert game.state.cash[0] == 5 + 3  # the Duke's Room Service money


@pytest.mark.parametrize("name", ["planner", "hard"])
def test_solitaire_bots_cannot_peek_at_hidden_cards(name: str) -> None:
    """The same view with different hidden cards (entrance order, culled cards) gets the same decision."""
    real = position(players=1, seed=4, skip=3)
    view = real.view(0)
    games = [real, Game.from_view(view, 101), Game.from_view(view, 202)]
    assert len({tuple(g.state.entrance[:-1]) for g in games}) == 3
    decisions = {str(make_bot(name, 9).choose(g.view(0), g.legal_actions())) for g in games}
    assert len(decisions) == 1


@pytest.mark.parametrize("players", [1, 2])
def test_hard_decides_by_its_budget_alone_unless_timed(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """However slow or busy the machine, `hard` as `make_bot` builds it judges its moves on its whole budget (the
    planner's deals in solitaire, the search's iterations in company), so a seed fixes its advice; the build
    faces seat (`timed=True`) stops at its time cap on such a machine and advises from less."""
    game = position(players=players, seed=4, skip=3)
    seat = game.current_player
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()

    def advice(timed: bool) -> list[tuple[str, float]]:
        bot = make_bot("hard", 5, timed=timed)
        assert isinstance(bot, HardBot)
        return [(str(h.action), h.value) for h in bot.analyse(view, legal, 3)]

    calm_untimed, calm_timed = advice(False), advice(True)
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: 100.0 * next(ticks))  # every time cap is long past
    assert advice(False) == calm_untimed
    assert advice(True) != calm_timed


@pytest.mark.slow
def test_planner_outscores_greedy_in_long_solitaire_and_never_loses() -> None:
    """R-SOLO-3, R-SOLO-4: over the same eight long solitaire deals the planner scores more than the greedy
    bot on average, and loses none."""
    planner, greedy = [], []
    for seed in range(200, 208):
        game = play(new_game(players=1, length="long", seed=seed), [PlannerBot(seed)])
        assert not game.lost
        planner.append(game.scores()[0])
        greedy.append(play(new_game(players=1, length="long", seed=seed), [GreedyBot(seed)]).scores()[0])
    assert statistics.mean(planner) > statistics.mean(greedy) + 15
