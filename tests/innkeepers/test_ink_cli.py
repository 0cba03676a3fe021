"""`innkeepers simulate`: one whole random game as a readable log, then the scores and the winner."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from innkeepers.cli import app
from tests.innkeepers.ink_helpers import random_game

runner = CliRunner()


def test_simulate_prints_the_log_and_the_same_final_scores_as_the_engine() -> None:
    result = runner.invoke(app, ["simulate", "--players", "3", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "Trick 1 is played for" in result.output and "wins the trick with" in result.output
    totals = [int(t) for t in re.findall(r"P\d: (-?\d+) points", result.output)]
    assert len(totals) == 3 and result.output.count("<- winner") >= 1
    again = runner.invoke(app, ["simulate", "--players", "3", "--seed", "4", "--quiet"])
    assert again.output.strip().splitlines()[0] == "Final scores:"
    assert [int(t) for t in re.findall(r"P\d: (-?\d+) points", again.output)] == totals  # seeded: same game
    assert totals == random_game(3, 4).scores()  # the same random decisions as the tests' helper


def test_simulate_switches_assumption_flags_and_refuses_unknown_ones() -> None:
    result = runner.invoke(app, ["simulate", "-p", "2", "-s", "1", "-q", "-f", "fixed_rooms", "-f", "must_follow"])
    assert result.exit_code == 0 and "Final scores:" in result.output
    bad = runner.invoke(app, ["simulate", "-f", "fixed_room"])
    assert bad.exit_code != 0 and "unknown flag fixed_room" in bad.output
    bad = runner.invoke(app, ["simulate", "--suit-order", "xx"])
    assert bad.exit_code == 2 and "suit_order must list the suits" in bad.output
    log = runner.invoke(app, ["simulate", "-s", "2", "-f", "must_follow", "--suit-order", "cdhs"])
    assert log.output.splitlines()[0] == ("Innkeepers, 2 players, seed 2; assumptions: must_follow=True, "
                                          "suit_order=cdhs.")
