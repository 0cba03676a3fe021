"""The end screen's words for ties (R-END-7), from the engine's breakdown and winners."""

from __future__ import annotations

from typing import Any

import pytest

from bloodyinn import new_game
from bloodyinn.tui.screens import tie_break


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
