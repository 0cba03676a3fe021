"""`innkeepers tournament` and its arena: duplicate deals with every seat rotation, the same games on every
executor, and a report with win rates, 95% intervals, mean scores, Elo and thinking time (JSON, CSV)."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

import innkeepers
from innkeepers.bots.arena import GameResult, duplicate_schedule, play, run
from innkeepers.cli import app
from tabletop.executors import make_executor

runner = CliRunner()


@pytest.mark.parametrize("entrants, players, tables", [(2, 2, 1), (3, 2, 3), (3, 3, 1), (4, 3, 4), (2, 4, 1)])
def test_every_deal_is_played_in_every_rotation_of_every_table(entrants: int, players: int, tables: int) -> None:
    names = ["random", "greedy", "search", "medium"][:entrants]
    specs = duplicate_schedule(names, players=players, deals=3, seed=40)
    assert len(specs) == 3 * tables * players
    for deal in range(3):
        games = [s for s in specs if s.deal == deal]
        assert {s.seed for s in games} == {40 + deal}  # one deal: the same cards for every seating
        if entrants >= players:
            assert len({s.entrants for s in games}) == len(games)  # no seating twice
        for table in {frozenset(s.entrants) for s in games}:
            seatings = [s.entrants for s in games if frozenset(s.entrants) == table]
            # each entrant of the table sits in each seat once (entrants repeat around a table with fewer of them)
            for seat in range(players):
                assert Counter(s[seat] for s in seatings) == Counter(seatings[0])
        for spec in games:
            assert spec.bots == tuple(names[e] for e in spec.entrants)


def test_a_game_of_the_arena_is_the_game_the_engine_plays_with_those_bots() -> None:
    spec = duplicate_schedule(["greedy", "random"], players=2, deals=1, seed=8, flags={"must_follow": True})[1]
    result = play(spec)
    game = innkeepers.new_game(players=2, seed=8, must_follow=True)
    bots = [innkeepers.bots.make_bot(name, 8 * 31 + seat) for seat, name in enumerate(spec.bots)]
    while not game.is_over:
        for seat in game.pending_seats():
            legal = game.legal_actions(seat)  # a single legal action is taken without asking the bot
            game.apply(legal[0] if len(legal) == 1 else bots[seat].choose(game.view(seat), legal), seat=seat)
    assert (result.scores, result.winners) == (game.scores(), game.winners())
    assert all(d > 20 for d in result.decisions) and all(s >= 0 for s in result.seconds)


def _outcomes(results: list[GameResult]) -> list[tuple[object, ...]]:
    return [(r.spec, r.scores, r.winners, r.decisions) for r in results]


def test_processes_play_the_same_games_as_serial_in_schedule_order() -> None:
    specs = duplicate_schedule(["greedy", "random", "medium"], players=2, deals=2, seed=3)
    with make_executor("serial") as serial:
        expected = _outcomes(run(specs, serial))
    with make_executor("process", jobs=2) as processes:
        assert _outcomes(run(specs, processes)) == expected
    assert [r[0] for r in expected] == specs


def test_tournament_reports_win_rates_intervals_scores_elo_and_time(tmp_path: Path) -> None:
    out_json, out_csv = tmp_path / "results.json", tmp_path / "standings.csv"
    result = runner.invoke(app, ["tournament", "--bots", "random", "greedy", "--players", "2", "--deals", "3",
                                 "--jobs", "1", "--json", str(out_json), "--csv", str(out_csv)])
    assert result.exit_code == 0, result.output
    assert "6 games: random, greedy" in result.output
    assert "win rate" in result.output and "Elo-style ratings" in result.output and "s/decision" in result.output
    summary = json.loads(out_json.read_text())
    assert summary["settings"]["bots"] == ["random", "greedy"] and summary["settings"]["games"] == 6
    standings = {row["bot"]: row for row in summary["standings"]}
    assert standings["greedy"]["games"] == standings["random"]["games"] == 6
    assert standings["greedy"]["wins"] + standings["random"]["wins"] == 6  # shared wins count as fractions
    for row in standings.values():
        low, high = row["win_rate_ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert row["mean_score_ci95"][0] <= row["mean_score"] <= row["mean_score_ci95"][1]
        assert row["seconds_per_decision"] > 0
    assert summary["ratings"]["greedy"] > summary["ratings"]["random"]
    assert standings["greedy"]["mean_score"] > standings["random"]["mean_score"]
    games = summary["games"]
    assert len(games) == 6 and {tuple(g["seats"]) for g in games} == {("random", "greedy"), ("greedy", "random")}
    rows = list(csv.DictReader(out_csv.open()))
    assert {row["bot"] for row in rows} == {"random", "greedy"}
    assert {"win_low", "win_high", "elo", "seconds_per_decision"} <= set(rows[0])


def test_tournament_takes_bots_as_arguments_or_a_list_and_refuses_unknown_ones() -> None:
    listed = runner.invoke(app, ["tournament", "--bots", "random,easy", "--deals", "1", "--jobs", "1",
                                 "-f", "fixed_rooms", "-f", "suit_order=cdhs"])
    assert listed.exit_code == 0 and "2 games: random, easy" in listed.output
    plain = runner.invoke(app, ["tournament", "random", "easy", "random", "--deals", "1", "--jobs", "1"])
    assert plain.exit_code == 0 and "random#1" in plain.output and "random#2" in plain.output
    for args, message in [(["--bots", "random", "oracle"], "unknown bot(s) oracle"),
                          (["--bots", "random"], "at least two bots"),
                          (["random", "greedy", "-f", "fixed_room"], "unknown flag 'fixed_room'"),
                          (["random", "greedy", "-f", "suit_order=xx"], "suit_order must list the suits"),
                          (["random", "greedy", "--backend", "threads"], "unknown backend 'threads'")]:
        bad = runner.invoke(app, ["tournament", *args, "--deals", "1"])
        assert bad.exit_code == 2 and message in bad.output, bad.output
