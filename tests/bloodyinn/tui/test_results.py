"""The end screen's words for ties (R-END-7) and end-game income (R-END-4), from the engine's breakdown."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

from bloodyinn import new_game
from bloodyinn.game import Game
from bloodyinn.tui.screens import results, tie_break
from tests.bloodyinn.engine_helpers import finish_night, make_game, make_state


def rows(*totals_and_corpses: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"seat": seat, "total": total, "corpses_under_own_annexes": corpses}
            for seat, (total, corpses) in enumerate(totals_and_corpses)]


@pytest.mark.parametrize(("scores", "winners", "expected"), [
    (rows((50, 1), (40, 3)), [0], None),
    (rows((50, 1), (50, 3), (20, 0)), [1],
     "Tied at 50F: the tie is broken by corpses buried under one's own annexes (P1: 1, P2: 3)."),
    (rows((50, 2), (50, 2)), [0, 1],
     "Tied at 50F and on corpses buried under own annexes (P1: 2, P2: 2): the victory is shared."),
])
def test_tie_break_sentence(monkeypatch: pytest.MonkeyPatch, scores: list[dict[str, Any]], winners: list[int],
                            expected: str | None) -> None:
    game = new_game(players=len(scores), seed=0)
    monkeypatch.setattr(game, "score_breakdown", lambda: scores)
    monkeypatch.setattr(game, "winners", lambda: winners)
    assert tie_break(game) == expected


def capped_park(variants: tuple[str, ...] = ()) -> Game:
    """A finished game where P1, at 38F, owns a Park worth 40F at game end (ten red cards in the exit)."""
    state = make_state(2, final_round=True, reshuffled=True, entrance=[], rest="gravedigger",
                       annexes={0: ["landscaper"]}, exit=["cultivator", "mechanic"] * 4 + ["distiller"] * 2,
                       cash=[38, 0], checks=[1, 0])
    game = make_game(state, variants)
    finish_night(game)
    assert game.is_over
    return game


def results_text(game: Game) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(results(game, ["P1 (you)", "P2 (medium bot)"]))
    return console.export_text().replace("│", " ")  # the table's rules, so that a row reads as one line


def test_the_end_table_shows_what_the_cap_let_an_annex_add() -> None:
    """Issue 9, item 9 (R-MONEY-2, R-END-4): at 38F, a Park worth 40F adds 2F; the table says so."""
    shown = results_text(capped_park())
    assert "Park +2F (38F over the 40F cap, lost)" in shown
    assert "+40F" not in shown
    assert re.search(r"P1 \(you\)\s+WINNER\s+40F\s+1 x 10F\s+50F\s+2F", shown)  # of the 50F, 2F came at the end


def test_under_unlimited_wealth_the_end_table_shows_the_whole_income() -> None:
    shown = results_text(capped_park(("unlimited_wealth",)))  # R-VAR-UW-1: 40F more, as 4 checks
    assert "Park +40F" in shown and "40F cap" not in shown
    assert re.search(r"38F\s+5 x 10F\s+88F\s+40F", shown)


@pytest.mark.parametrize("variants", [(), ("unlimited_wealth",)])
def test_the_end_tables_columns_add_up_to_the_total(variants: tuple[str, ...]) -> None:
    """Issue 20, item 13: cash + checks = total; the end-game annexes' part of it is not added again."""
    game = capped_park(variants)
    shown = results_text(game)
    found = re.findall(r"P\d \(.*?\)\D*(\d+)F\s+(\d+) x 10F\s+(\d+)F", shown)
    assert [int(total) for *_, total in found] == game.scores()
    for cash, checks, total in found:
        assert int(cash) + 10 * int(checks) == int(total)


def test_solitaire_results_crown_nobody() -> None:
    state = make_state(1, final_round=True, reshuffled=True, entrance=[], rest="gravedigger", cash=[20],
                       checks=[2])
    game = make_game(state)
    finish_night(game)
    assert game.is_over and not game.lost
    console = Console(record=True, width=200, color_system=None)
    console.print(results(game, ["P1 (you)"]))
    shown = console.export_text()
    assert "40F" in shown and "WINNER" not in shown and "Winner" not in shown
