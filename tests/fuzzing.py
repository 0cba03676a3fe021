"""Fuzzing both engines as an outside verifier would: the strategies and the one property (issue 19).

Three families of input, each a function of an `Engine` and hypothesis's `data`:

- `edited_saves`: a save, a record or a record's starting position from a random game, edited field by field
  (a value replaced, a key dropped, two values swapped, a card moved to another zone), then loaded;
- `notation`: any text (and token soup close to the notation), parsed and applied;
- `entry_points`: arbitrary Python values given to every public entry point of the engine.

The property is the same everywhere: an input either raises the game's documented error (its base error class,
with a message) and leaves every game it was given exactly as it was, or it succeeds and every game it gives or
changes is sound (`assert_sound`): every invariant holds, a seat has a legal action unless the game is over, and
the game round-trips through its save, its record and the notation of its actions. Any other exception, or a
broken property, is a defect. The tests run each family within a fixed example budget; `benchmarks/fuzz.py`
runs them for minutes and counts what it tried and found.
"""

from __future__ import annotations

import json
import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

import bloodyinn
import innkeepers
from bloodyinn import cards as bloodyinn_cards
from bloodyinn.invariants import violations as bloodyinn_violations
from innkeepers import cards as innkeepers_cards
from innkeepers.invariants import violations as innkeepers_violations

Game = Any  # a bloodyinn.Game or an innkeepers.Game: the tests reach both through the same protocol


@dataclass(frozen=True)
class Engine:
    name: str
    module: ModuleType
    error: type[Exception]
    violations: Callable[[Any, Any], list[str]]
    settings: st.SearchStrategy[dict[str, Any]]  # keyword arguments of new_game, without the seed
    words: tuple[str, ...]  # ids, names and notation the engine knows: edits and soups draw from them
    actions: tuple[type, ...]


BLOODY_INN = Engine(
    name="bloodyinn",
    module=bloodyinn,
    error=bloodyinn.BloodyInnError,
    violations=bloodyinn_violations,
    settings=st.fixed_dictionaries({
        "players": st.integers(1, 4), "length": st.sampled_from(["short", "long"]),
        "variants": st.lists(st.sampled_from(["unlimited_wealth", "first_come_first_served"]), unique=True)}),
    words=(*bloodyinn_cards.CARD_IDS[::3], *(o.id for o in bloodyinn_cards.OCCUPATIONS), "barn.0", "barn.3",
           "barn.P1", "welcome", "night", "police", "wages", "final_gravedigger", "over", "white", "room3", "room9",
           "place", "pass", "bribe", "build", "kill", "bury", "gravedigger", "release", "pay", "under", "drop",
           "service", "key", "checks", "buy-checks", "cash-checks", "peasants", "+", ",", "-"),
    actions=bloodyinn.actions.ACTION_TYPES,
)

INNKEEPERS = Engine(
    name="innkeepers",
    module=innkeepers,
    error=innkeepers.InnkeepersError,
    violations=innkeepers_violations,
    settings=st.fixed_dictionaries({
        "players": st.integers(2, 4), "fixed_rooms": st.booleans(), "must_follow": st.booleans(),
        "allow_refuse_referral": st.booleans(), "voluntary_referral": st.booleans(),
        "suit_order": st.sampled_from(["shdc", "cdhs"]), "bonus_suit": st.sampled_from(["customer", "playing_card"])}),
    words=(*innkeepers_cards.CARD_IDS[::4], *innkeepers_cards.CUSTOMER_IDS[::3], *innkeepers_cards.BONUS_IDS,
           "play", "place", "refer", "refuse", "choose", "pick", "upgrade", "relocate", "to", "pass", "refill",
           "keep", "new", "room1", "room15", "room16", "p1", "p4", "second", "host", "refill", "over", "7♠"),
    actions=innkeepers.actions.ACTION_TYPES,
)

ENGINES = {engine.name: engine for engine in (BLOODY_INN, INNKEEPERS)}


# ---------------------------------------------------------------------------------------------- the property


def play(game: Game, rng: random.Random, moves: int, check: Callable[[Game], None] | None = None) -> Game:
    """Up to `moves` uniformly random legal decisions (each by a random seat that owes one)."""
    for _ in range(moves):
        if game.is_over:
            break
        seat = rng.choice(game.pending_seats())
        game.apply(rng.choice(game.legal_actions(seat)), seat=seat)
        if check is not None:
            check(game)
    return game


def assert_playable(engine: Engine, game: Game) -> None:
    """Every invariant holds and, unless the game is over, every seat that owes a decision has a legal one."""
    assert engine.violations(game.state, game.config) == [], engine.violations(game.state, game.config)
    if not game.is_over:
        pending = game.pending_seats()
        assert pending, "a game not over that waits for nobody"
        for seat in pending:
            assert game.legal_actions(seat), f"P{seat + 1} owes a decision and has no legal action"


def assert_sound(engine: Engine, game: Game) -> None:
    """Playable, and the game round-trips through its save, its record and the notation of its actions."""
    assert_playable(engine, game)
    saved = game.to_json()
    assert type(game).from_json(saved).to_json() == saved, "the save does not load back to the same game"
    assert type(game).replay(json.dumps(game.record())).to_json() == saved, "the record does not replay"
    parse = engine.module.parse_action
    for seat in game.pending_seats():
        for action in game.legal_actions(seat):
            assert parse(str(action)) == action, f"{action!r} does not round-trip through {str(action)!r}"
    json.dumps(game.view(None))


def refused_or(engine: Engine, call: Callable[[], Any], *games: Game) -> tuple[bool, Any]:
    """Call; the documented error, with a message and every given game unchanged, is (True, None); anything else
    that is raised is a defect; success is (False, result)."""
    before = [game.to_json() for game in games]
    try:
        result = call()
    except engine.error as error:
        assert str(error), f"{type(error).__name__} without a message"
        assert [game.to_json() for game in games] == before, f"refused ({error}) but the game changed"
        return True, None
    return False, result


def random_game(engine: Engine, data: st.DataObject, most_moves: int = 250) -> Game:
    settings = data.draw(engine.settings, label="settings")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game = engine.module.new_game(seed=seed, **settings)
    return play(game, random.Random(seed), data.draw(st.integers(0, most_moves), label="moves"))


# ---------------------------------------------------------------------------------------------- values

_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 45), st.sampled_from([10**6, 2**63, -(2**63), 10**30]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=10))


def json_values(engine: Engine) -> st.SearchStrategy[Any]:
    """What a JSON document can hold, with the engine's own ids among the strings."""
    leaves = st.one_of(_SCALARS, st.sampled_from(engine.words))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.sampled_from(engine.words), st.text(max_size=6)),
                                                     inner, max_size=3)), max_leaves=8)


# Text that breaks naive readers: JSON nested too deeply, a number of 5,000 digits, digits of other scripts.
_NASTY_TEXT = st.sampled_from(["[" * 5000 + "]" * 5000, '{"a":' * 2000 + "1" + "}" * 2000, "9" * 5000,
                               '{"format": ' + "9" * 5000 + "}", "²", "٣", "\x00", "\ud800"])


def python_values(engine: Engine, game: Game | None = None) -> st.SearchStrategy[Any]:
    """Any Python value a caller might pass: JSON-like values, tuples, bytes, objects, action objects with any
    fields, nasty text, and (given a game) its own legal actions and seats."""
    plain = st.one_of(json_values(engine), st.tuples(_SCALARS, _SCALARS), st.binary(max_size=4), _NASTY_TEXT,
                      st.just(object()), st.just(engine.module), st.just(math.nan))
    built = st.one_of(*[st.builds(cls, **{f.name: plain for f in fields(cls)}) for cls in engine.actions])
    choices = [plain, built]
    if game is not None:
        legal = [a for seat in game.pending_seats() for a in game.legal_actions(seat)]
        choices.append(st.sampled_from([*legal[:40], *(str(a) for a in legal[:20]), *range(-1, 5)]))
    return st.one_of(*choices)


# ---------------------------------------------------------------------------------------------- saves


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _field(data: st.DataObject, document: dict[str, Any], label: str) -> tuple[Any, ...]:
    """A path in the document, field by field: a part of it (the state, the start, the settings, the actions),
    one of its fields, then maybe deeper, one step at a time."""
    # sampled_from favours the first keys, and drawn seeds repeat: mixing in the document spreads the choices
    salt = zlib.crc32(json.dumps(document, default=repr).encode())
    choose = random.Random(salt ^ data.draw(st.integers(0, 2**16), label=label))
    part = choose.choice(["start", "start", "start", "state", "settings", "actions", "format", "version"])
    path: tuple[Any, ...] = (part,) if part in document else ()
    node = _at(document, path)
    while isinstance(node, (dict, list)) and node and (len(path) < 2 or choose.random() < 0.5):
        key = choose.choice(list(node) if isinstance(node, dict) else range(len(node)))
        path, node = (*path, key), node[key]
    return path


def _edit(engine: Engine, data: st.DataObject, document: dict[str, Any]) -> None:
    """One edit of a JSON document: a value replaced, nudged or dropped, two values swapped, an item moved."""
    path = _field(data, document, "path")
    if not path:
        return
    parent, key = _at(document, path[:-1]), path[-1]
    kind = data.draw(st.sampled_from(["replace", "nudge", "drop", "swap", "move"]), label="edit")
    if kind == "replace" or (kind == "nudge" and type(parent[key]) is not int):
        small = st.one_of(st.integers(-2, 12), st.booleans(), st.none())  # most fields are counts and flags
        parent[key] = data.draw(st.one_of(small, json_values(engine)), label="value")
    elif kind == "nudge":
        parent[key] += data.draw(st.sampled_from([-1, 1, -2, 2, 5, 10, 31, 1000]), label="by")
    elif kind == "drop":
        del parent[key]
    else:
        other = _field(data, document, "other")
        if not other or other[: len(path)] == path or path[: len(other)] == other:
            return  # one inside the other
        other_parent, other_key = _at(document, other[:-1]), other[-1]
        if kind == "swap":
            parent[key], other_parent[other_key] = other_parent[other_key], parent[key]
        elif isinstance(other_parent[other_key], list):  # e.g. a card to another zone
            other_parent[other_key].append(parent[key])
            del parent[key]
        elif isinstance(parent, list):  # e.g. the top of the entrance stack to the door
            other_parent[other_key] = parent[key]
            del parent[key]


def edited_saves(engine: Engine, data: st.DataObject) -> None:
    """A save, a record or a record with a starting position, edited, loads as a sound game or is refused."""
    game = random_game(engine, data)
    if data.draw(st.sampled_from([True, True, True, False]), label="from a position"):
        game = type(game)(game.config, start=game.state)
        play(game, random.Random(0), data.draw(st.integers(0, 30), label="then"))
    kind = data.draw(st.sampled_from(["save", "record"]), label="kind")
    document = json.loads(game.to_json()) if kind == "save" else game.record()
    for _ in range(data.draw(st.sampled_from([1, 1, 1, 2, 3]), label="edits")):
        _edit(engine, data, document)
    try:
        text = json.dumps(document)
    except ValueError:  # a circular document after a move into itself
        return
    load = type(game).from_json if kind == "save" else type(game).replay
    refused, loaded = refused_or(engine, lambda: load(text))
    if refused:
        return
    assert_sound(engine, loaded)
    play(loaded, random.Random(1), 40, lambda g: assert_playable(engine, g))
    assert_sound(engine, loaded)


# ---------------------------------------------------------------------------------------------- notation


def notation_texts(engine: Engine) -> st.SearchStrategy[str]:
    """Any text, and soups of the engine's words with numbers in any script, commas and plus signs."""
    token = st.one_of(st.sampled_from(engine.words), st.text(max_size=4),
                      st.sampled_from(["0", "1", "7", "99", "007", "²", "٣", "-1", "9" * 40, " ", "\t", "P2"]))
    soup = st.lists(token, min_size=1, max_size=8).map(" ".join)
    glued = st.lists(token, min_size=1, max_size=4).map(lambda words: "".join(words))
    return st.one_of(st.text(max_size=40), soup, glued)


def notation(engine: Engine, data: st.DataObject) -> None:
    """Text either is refused with NotationError or parses to an action whose text parses back to it; applied to
    a game, it is refused with the game unchanged, or taken and the game stays sound."""
    text = data.draw(notation_texts(engine), label="text")
    refused, action = refused_or(engine, lambda: engine.module.parse_action(text))
    if not refused:
        assert isinstance(action, engine.actions)
        assert engine.module.parse_action(str(action)) == action, f"{text!r} -> {str(action)!r} does not parse back"
    game = random_game(engine, data, most_moves=120)
    seats = game.pending_seats()
    seat = data.draw(st.sampled_from(seats), label="seat") if seats else None
    refused, _ = refused_or(engine, lambda: game.apply(text, seat=seat), game)
    if not refused:
        assert_sound(engine, game)


# ---------------------------------------------------------------------------------------------- entry points


def _new_game_arguments(engine: Engine, data: st.DataObject) -> dict[str, Any]:
    names = {"bloodyinn": ["players", "length", "variants", "seed", "first_player", "player_rooms", "white_rooms"],
             "innkeepers": ["players", "seed", "fixed_rooms", "must_follow", "suit_order", "allow_refuse_referral",
                            "voluntary_referral", "bonus_suit", "colour"]}[engine.name]
    chosen = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=3), label="arguments")
    return {name: data.draw(python_values(engine), label=name) for name in chosen}


def _position_arguments(data: st.DataObject) -> dict[str, Any]:
    names = st.lists(st.sampled_from(BLOODY_INN.words), max_size=4)
    value = st.one_of(python_values(BLOODY_INN), names, st.dictionaries(st.integers(-1, 9), names, max_size=2),
                      st.dictionaries(st.integers(-1, 9), st.sampled_from(BLOODY_INN.words), max_size=2))
    arguments = ["players", "length", "hands", "annexes", "corpses", "buried", "rooms", "bistro", "exit", "entrance",
                 "gravedigger", "rest", "cash", "checks", "keys", "room_service", "season", "round", "final_round",
                 "phase", "turn", "first_player", "seed"]
    chosen = data.draw(st.lists(st.sampled_from(arguments), unique=True, max_size=4), label="arguments")
    return {name: data.draw(value, label=name) for name in chosen}


def entry_points(engine: Engine, data: st.DataObject) -> None:
    """Arbitrary values at every public entry point: refused with the documented error and nothing changed, or
    accepted and every game involved sound."""
    game = random_game(engine, data, most_moves=150)
    anything = python_values(engine, game)
    texts = st.one_of(_NASTY_TEXT, json_values(engine).map(json.dumps), st.just(game.to_json()),
                      st.just(json.dumps(game.record())))
    value = data.draw(st.one_of(anything, texts), label="value")
    other = data.draw(anything, label="other")
    cls, module = type(game), engine.module
    calls: dict[str, Callable[[], Any]] = {
        "apply": lambda: game.apply(value, seat=other),
        "apply without a seat": lambda: game.apply(value),
        "validate": lambda: game.validate(value, seat=other),
        "legal_actions": lambda: game.legal_actions(value),
        "view": lambda: game.view(value),
        "describe": lambda: game.describe(value),
        "undo": game.undo,
        "parse_action": lambda: module.parse_action(value),
        "new_game": lambda: module.new_game(**_new_game_arguments(engine, data)),
        "from_json": lambda: cls.from_json(value),
        "replay": lambda: cls.replay(value),
        "from_view": lambda: cls.from_view(value, other),
        "from_view of a view": lambda: cls.from_view(game.view(data.draw(st.sampled_from(
            [None, *range(game.config.players)]))), other),
        "from_settings": lambda: cls.from_settings(value),
        "GameConfig.from_dict": lambda: module.GameConfig.from_dict(value),
    }
    if engine is BLOODY_INN:
        calls.update({
            "compact_view": lambda: game.compact_view(value),
            "preview": lambda: game.preview(value),
            "loses_to_police": lambda: game.loses_to_police(value),
            "describe_action": lambda: module.describe_action(game, value),
            "card": lambda: module.card(value),
            "build_position": lambda: module.build_position(**_position_arguments(data)),
        })
    name = data.draw(st.sampled_from(sorted(calls)), label="entry point")
    refused, result = refused_or(engine, calls[name], game)
    if refused:
        return
    if isinstance(result, cls):
        assert_sound(engine, result)
        play(result, random.Random(2), 30, lambda g: assert_playable(engine, g))
    elif name in ("apply", "apply without a seat", "undo"):
        assert_sound(engine, game)
    elif name == "view":
        json.dumps(result)


FAMILIES: dict[str, Callable[[Engine, st.DataObject], None]] = {
    "edited saves, records and starts": edited_saves,
    "notation": notation,
    "entry points": entry_points,
}
