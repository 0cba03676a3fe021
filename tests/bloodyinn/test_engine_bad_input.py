"""Bad input of every kind gets the engine's documented error, naming what is wrong, and changes nothing (issue 19):
impossible starting positions, notation that would not round-trip, values of the wrong type at every entry point.
The last tests fuzz all of it within a fixed budget of examples (tests/fuzzing.py; longer: benchmarks/fuzz.py)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bloodyinn
from bloodyinn import (
    Build,
    ConfigError,
    CorruptSaveError,
    Game,
    IllegalActionError,
    NotationError,
    PositionError,
    Release,
    build_position,
    parse_action,
)
from tests.fuzzing import BLOODY_INN, FAMILIES

Edit = Callable[[dict[str, Any]], None]


@contextmanager
def unchanged(game: Game) -> Iterator[None]:
    before = game.to_json()
    yield
    assert game.to_json() == before


# ---------------------------------------------------------------------------------------------- starting positions


def _to_exit(start: dict[str, Any]) -> None:
    start["exit"] += start["entrance"]
    start["entrance"] = []


def _fill_the_inn(start: dict[str, Any]) -> None:
    """Welcome phase, every open room taken and one more traveler at the door."""
    start["stage"] = "welcome"
    start["rooms"] = [start["entrance"].pop() if key != -2 else None for key in start["keys"]]
    start["arrival"] = start["entrance"].pop()


def _swap_a_culled_traveler_for_a_peasant(start: dict[str, Any]) -> None:
    start["culled"][0], start["unused_peasants"][0] = start["unused_peasants"][0], start["culled"][0]


BROKEN_STARTS: dict[str, tuple[Edit, str]] = {
    "a key of a seat the game lacks": (lambda s: s["keys"].__setitem__(0, 5), "keys: "),
    "a Room Service token of a seat the game lacks": (lambda s: s["room_service"].__setitem__(0, 5),
                                                       "room_service: "),
    "first player 5": (lambda s: s.update(first_player=5), "first_player: 5 is not a seat"),
    "round 0": (lambda s: s.update(round=0), "round: 0"),
    "a lost game of 3 players": (lambda s: s.update(lost=True), "lost: only a solitaire game is lost"),
    "the final round before the reshuffle": (lambda s: s.update(final_round=True),
                                             "final_round: the last round comes only once the season-2 stack"),
    "over with guests in rooms": (lambda s: (_to_exit(s), s.update(stage="over", final_round=True, reshuffled=True)),
                                  "stage: the game is over with guests in rooms"),
    "a traveler at the door during the night": (lambda s: s.update(arrival=s["entrance"].pop()),
                                                "arrival: a traveler waits at the door at the night stage"),
    "a traveler at the door of a full inn": (_fill_the_inn, "arrival: a traveler waits at the door with no empty room"),
    "more to release than the hand holds": (lambda s: s.update(stage="wages", pending_release=9),
                                            "pending_release: 9 unpaid accomplices to release from P1's hand of 0"),
    "a peasant in the culled box": (_swap_a_culled_traveler_for_a_peasant, "culled: a peasant among the travelers"),
    "a count of 1.5": (lambda s: s["cash"].__setitem__(0, 1.5), "cash: "),
    "a count written as text": (lambda s: s["checks"].__setitem__(0, "1"), "checks: "),
    "round true": (lambda s: s.update(round=True), "round: True is not a whole number"),
    "checks beyond any game": (lambda s: s["checks"].__setitem__(0, 10**6), "R-INV-6"),
    "buried as text": (lambda s: s.update(buried=""), "buried: "),
}


@pytest.mark.parametrize("case", sorted(BROKEN_STARTS))
def test_an_impossible_starting_position_is_refused_naming_the_field(case: str) -> None:
    """Through a record's `start` (Game.replay) and a save's (Game.from_json) alike."""
    edit, message = BROKEN_STARTS[case]
    game = Game(bloodyinn.GameConfig(players=3), start=build_position(players=3, rooms={1: "count"}).state)
    record, save = game.record(), json.loads(game.to_json())
    edit(record["start"])
    edit(save["start"])
    for load in (lambda: Game.replay(record), lambda: Game.from_json(json.dumps(save))):
        with pytest.raises(CorruptSaveError, match=re.escape(message)):
            load()


def test_the_builder_refuses_what_the_saves_refuse() -> None:
    with pytest.raises(PositionError, match="first_player: there is no seat 5"):
        build_position(players=3, first_player=5)
    with pytest.raises(PositionError, match="round must be 1 or more, not 0"):
        build_position(round=0)
    with pytest.raises(PositionError, match="R-INV-6"):
        build_position(checks=[10**6, 1])


def test_settings_of_the_wrong_type_in_a_record_are_a_corrupt_record() -> None:
    record = bloodyinn.new_game(seed=1).record()
    record["settings"]["variants"] = [1]
    with pytest.raises(CorruptSaveError, match="a variant is named by text, got 1"):
        Game.replay(record)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"players": ' + "9" * 5000 + "}"])
def test_json_nested_too_deeply_or_with_a_huge_number_is_a_corrupt_save(text: str) -> None:
    for load in (Game.from_json, Game.replay):
        with pytest.raises(CorruptSaveError, match="not valid JSON"):
            load(text)


# ---------------------------------------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["release ,", "release -", "bribe peasants ²", "gravedigger checks ٣",
                                  "pass cash-checks ٣", "gravedigger checks " + "9" * 5000, "gravedigger checks 1000"])
def test_text_that_would_not_round_trip_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_the_largest_number_the_notation_reads_round_trips() -> None:
    action = parse_action("gravedigger checks 999")
    assert parse_action(str(action)) == action
    with pytest.raises(NotationError, match="malformed action"):
        bloodyinn.new_game(seed=1).describe(Release(cards=()))  # its text, "release ", does not parse


# ---------------------------------------------------------------------------------------------- entry points


@pytest.mark.parametrize("seat", ["0", 1.0, True, [0], math.nan, -1, 3, 99])
def test_anything_but_a_seat_is_refused_everywhere_a_seat_is_asked(seat: Any) -> None:
    game = bloodyinn.new_game(players=3, seed=4)
    legal = game.legal_actions()[0]
    with unchanged(game):
        for call in (lambda: game.apply(legal, seat=seat), lambda: game.validate(legal, seat=seat),
                     lambda: game.legal_actions(seat), lambda: game.view(seat), lambda: game.compact_view(seat)):
            with pytest.raises(IllegalActionError, match=r"there is no seat .* in a 3-player game \(seats 0-2\)"):
                call()


@pytest.mark.parametrize(("action", "message"), [
    (None, "not an action: None"),
    (Build(card=None), "malformed action Build"),  # type: ignore[arg-type]
    (bloodyinn.Place(room=99), "malformed action Place"),
    (bloodyinn.Place(room="3"), "a field of the wrong type"),  # type: ignore[arg-type]
    (bloodyinn.Kill(peasant=1), "a field of the wrong type"),  # type: ignore[arg-type]
])
def test_describe_refuses_what_is_not_an_action(action: Any, message: str) -> None:
    game = bloodyinn.new_game(players=3, seed=4)
    with unchanged(game), pytest.raises(NotationError, match=message):
        game.describe(action)


@pytest.mark.parametrize(("setting", "message"), [
    ({"players": True}, "players must be 1 to 4, got True"), ({"seed": True}, "seed must be an integer, got True"),
    ({"seed": 1.5}, "seed must be an integer, got 1.5"), ({"variants": None}, "variants must be a list"),
    ({"variants": "uw"}, "variants must be a list"), ({"variants": [1]}, "a variant is named by text, got 1"),
    ({"first_player": 1.0}, "first_player must be a seat 0-1, got 1.0"),
    ({"player_rooms": [1.0, 2]}, "player_rooms must list room numbers"),
])
def test_new_game_refuses_values_of_the_wrong_type(setting: dict[str, Any], message: str) -> None:
    """No silent coercion: True is not a player count or a seed, 1.5 not a seed, 1.0 not a seat (R-SETUP-1..7)."""
    with pytest.raises(ConfigError, match=re.escape(message)):
        bloodyinn.new_game(**setting)


@pytest.mark.parametrize("view", [None, [], {}, {"settings": 5}, "view"])
def test_from_view_refuses_what_is_not_a_view(view: Any) -> None:
    with pytest.raises(CorruptSaveError, match="not a view of a game"):
        Game.from_view(view, 1)


# ---------------------------------------------------------------------------------------------- fuzzing


@pytest.mark.parametrize("family", sorted(FAMILIES))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_input_is_refused_with_the_documented_error_or_gives_a_sound_game(family: str,
                                                                             data: st.DataObject) -> None:
    FAMILIES[family](BLOODY_INN, data)
