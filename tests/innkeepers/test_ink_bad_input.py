"""Bad input of every kind gets the engine's documented error, naming what is wrong, and changes nothing (issue 19):
impossible starting positions, notation that would not round-trip, values of the wrong type at every entry point.
The last tests fuzz all of it within a fixed budget of examples (tests/fuzzing.py; longer: benchmarks/fuzz.py)."""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import innkeepers
from innkeepers import ConfigError, CorruptSaveError, Game, IllegalActionError, NotationError, Place, parse_action
from tests.fuzzing import FAMILIES, INNKEEPERS, play

Edit = Callable[[dict[str, Any]], None]


def _midgame() -> Game:
    """A game started from a position three tricks in, so that its record carries the start."""
    game = play(innkeepers.new_game(players=3, seed=11), random.Random(11), 12)
    return Game(game.config, start=game.state)


BROKEN_STARTS: dict[str, tuple[Edit, str]] = {
    "trick 33": (lambda s: s.update(trick=33), "trick: 33; tricks are numbered 1-32"),
    "trick 99": (lambda s: s.update(trick=99), "trick: 99; tricks are numbered 1-32"),
    "trick 10^6": (lambda s: s.update(trick=10**6), "trick: 1000000; tricks are numbered 1-32"),
    "a trick number the log does not match": (lambda s: s.update(trick=s["trick"] + 1), "logged tricks (I-G-29)"),
    "trick true": (lambda s: s.update(trick=True), "trick: True"),
    "a seat of 1.0": (lambda s: s["boards"][0].__setitem__(14, {"customer": s["deck"].pop(), "card": s["draw"].pop(),
                                                                 "referrer": 1.0, "upgraded": True}), "boards: "),
    "an empty hand with tricks to play": (lambda s: (s["discard"].extend(s["hands"][0]), s["hands"].__setitem__(0, [])),
                                          "hands: P1 holds 0 cards"),
    "a refill before the fourth trick": (lambda s: s.update(stage="refill"), "stage: no refill before trick"),
    "over with customers left": (lambda s: s.update(stage="over", end_reason="done"),
                                 "stage: the game is over with no full inn and customers left"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_STARTS))
def test_an_impossible_starting_position_is_refused_naming_the_field(case: str) -> None:
    """Through a record's `start` (Game.replay) and a save's (Game.from_json) alike; an accepted trick of 33 let
    play run to trick 119."""
    edit, message = BROKEN_STARTS[case]
    game = _midgame()
    record, save = game.record(), json.loads(game.to_json())
    edit(record["start"])
    edit(save["start"])
    for load in (lambda: Game.replay(record), lambda: Game.from_json(json.dumps(save))):
        with pytest.raises(CorruptSaveError, match=re.escape(message)):
            load()


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"players": ' + "9" * 5000 + "}"])
def test_json_nested_too_deeply_or_with_a_huge_number_is_a_corrupt_save(text: str) -> None:
    for load in (Game.from_json, Game.replay):
        with pytest.raises(CorruptSaveError, match="not valid JSON"):
            load(text)


@pytest.mark.parametrize("text", ["place room٣", "upgrade room²", "place room" + "9" * 5000, "place room016"])
def test_rooms_are_ascii_digits_in_range(text: str) -> None:
    with pytest.raises(NotationError, match="expected a room from 'room1' to 'room15'"):
        parse_action(text)


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", 1.0, True, math.nan, [0]])
def test_anything_but_a_seat_is_refused_everywhere_a_seat_is_asked(seat: Any) -> None:
    """legal_actions answered [] for these seats where apply and view refused them."""
    game = innkeepers.new_game(players=3, seed=4)
    legal = game.legal_actions(0)[0]
    before = game.to_json()
    for call in (lambda: game.legal_actions(seat), lambda: game.apply(legal, seat=seat),
                 lambda: game.validate(legal, seat=seat), lambda: game.view(seat)):
        with pytest.raises(IllegalActionError, match=r"there is no seat .* in a 3-player game \(seats 0-2\)"):
            call()
    assert game.to_json() == before


@pytest.mark.parametrize(("action", "message"), [
    (Place(room=99), "expected a room from 'room1' to 'room15'"),
    (Place(room="5"), "a field of the wrong type"),  # type: ignore[arg-type]
    (innkeepers.Refer(seat=True), "a field of the wrong type"),  # type: ignore[arg-type]
    (innkeepers.Refill(new=1), "a field of the wrong type"),  # type: ignore[arg-type]
    (None, "not an action: None"),
])
def test_action_objects_are_never_coerced(action: Any, message: str) -> None:
    """Place(room="5") is not room 5, and Place(room=99) is no move to describe."""
    game = innkeepers.new_game(players=2, seed=5)
    before = game.to_json()
    with pytest.raises(NotationError, match=re.escape(message)):
        game.describe(action)
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        game.apply(action, seat=0)
    assert game.to_json() == before


@pytest.mark.parametrize(("setting", "message"), [
    ({"players": True}, "players must be 2 to 4, got True"), ({"seed": True}, "seed must be an integer, got True"),
    ({"seed": 2.0}, "seed must be an integer, got 2.0"), ({"must_follow": 1}, "must_follow must be true or false"),
])
def test_new_game_refuses_values_of_the_wrong_type(setting: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        innkeepers.new_game(**setting)


@pytest.mark.parametrize("view", [None, [], {}, {"settings": 5}, "view"])
def test_from_view_refuses_what_is_not_a_view(view: Any) -> None:
    with pytest.raises(CorruptSaveError, match="not a view of a game"):
        Game.from_view(view, 1)


@pytest.mark.parametrize("seed", [True, "1", 2.0, None])
def test_from_view_refuses_a_seed_that_is_not_a_whole_number(seed: Any) -> None:
    """A ConfigError on both builds: the compiled view would refuse "1" as a TypeError first, and turn True into 1."""
    view = innkeepers.new_game(players=2, seed=4).view(0)
    with pytest.raises(ConfigError, match=re.escape(f"seed must be an integer, got {seed!r}")):
        Game.from_view(view, seed)


@pytest.mark.parametrize("value", [5, None, [], 1.5, b"{}"])
def test_a_record_save_or_settings_of_the_wrong_type_is_refused(value: Any) -> None:
    """The engine's own errors on both builds, not the TypeError of a compiled function's typed argument."""
    for load in (Game.replay, Game.from_json):
        with pytest.raises(CorruptSaveError, match="a save or record must be a JSON object"):
            load(value)
    with pytest.raises(ConfigError, match="settings must be a JSON object"):
        Game.from_settings(value)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("stage", 7, "stage: 7 is not one of play"), ("trick", True, "trick: True; tricks are numbered"),
    ("end_reason", 0, "end_reason: 0 is not text"), ("refills", "keep", "refills: not 2 entries"),
])
def test_a_saved_state_field_of_the_wrong_type_is_named(field: str, value: object, message: str) -> None:
    """Named by the engine's check on both builds: a compiled State would refuse it (or turn True into 1) first."""
    save = json.loads(innkeepers.new_game(players=2, seed=4).to_json())
    save["state"][field] = value
    with pytest.raises(CorruptSaveError, match=re.escape(f"the saved state is malformed: {message}")):
        Game.from_json(json.dumps(save))


@pytest.mark.parametrize(("field", "value", "message"), [
    ("stage", 3, "stage: 3 is not one of play"), ("trick", True, "trick: True; tricks are numbered"),
])
def test_a_view_field_of_the_wrong_type_is_named(field: str, value: object, message: str) -> None:
    view = innkeepers.new_game(players=2, seed=4).view(0)
    view[field] = value
    with pytest.raises(CorruptSaveError, match=re.escape(f"the view shows an impossible position: {message}")):
        Game.from_view(view, 1)


@pytest.mark.parametrize("family", sorted(FAMILIES))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_input_is_refused_with_the_documented_error_or_gives_a_sound_game(family: str,
                                                                             data: st.DataObject) -> None:
    FAMILIES[family](INNKEEPERS, data)
