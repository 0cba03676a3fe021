"""Illegal input never corrupts a game: wrong seats, illegal payments, stale actions, malformed notation, unknown
ids, garbage objects and corrupted saves (R-ACT-1: refused as a whole, the game unchanged)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bloodyinn
from bloodyinn import (
    Bribe,
    Build,
    Bury,
    CorruptSaveError,
    Game,
    IllegalActionError,
    Kill,
    NotationError,
    Pass,
    PayGravedigger,
    Place,
    Release,
    parse_action,
)
from tests.bloodyinn.engine_helpers import assert_illegal, night


def midgame(players: int = 3, seed: int = 4, steps: int = 30) -> Game:
    game = bloodyinn.new_game(players=players, seed=seed)
    choose = random.Random(seed)
    for _ in range(steps):
        game.apply(choose.choice(game.legal_actions()))
    return game


def assert_refused(game: Game, action: Any, seat: int | None = None) -> IllegalActionError:
    before = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action, seat=seat)
    assert game.to_json() == before
    return refused.value


# ---------------------------------------------------------------------------------------------- wrong seat


def test_only_the_current_seat_may_apply() -> None:
    game = midgame()
    current = game.current_player
    action = game.legal_actions()[0]
    for seat in (0, 1, 2, 3, -1, 99):
        if seat != current:
            error = assert_refused(game, action, seat=seat)
            assert (f"P{seat + 1} cannot act now" if 0 <= seat < 3 else f"there is no seat {seat}") in str(error)
    game.apply(action, seat=current)
    assert game.actions[-1] == action


def test_nobody_may_act_after_the_end() -> None:
    game = bloodyinn.new_game(players=2, seed=1)
    choose = random.Random(1)
    while not game.is_over:
        game.apply(choose.choice(game.legal_actions()))
    for seat in (None, 0, 1):
        assert_refused(game, "pass", seat=seat)


# ---------------------------------------------------------------------------------------------- payments


def test_illegal_payments_are_refused_whole() -> None:
    game = night(hands={0: ["peasant", "newsboy", "novice"]}, rooms={3: "landscaper"}, annexes={0: ["mechanic"]})
    assert_illegal(game, "bribe room3 pay peasant,newsboy", "R-ACT-4")  # too few
    assert_illegal(game, "bribe room3 pay peasant,newsboy,novice,novice", "R-ACT-4")  # too many
    assert_illegal(game, "bribe room3 pay peasant,newsboy,monk", "R-ACT-5")  # not in hand
    assert_illegal(game, "bribe room3 pay peasant,peasant,newsboy", "R-ACT-5")  # one peasant only
    assert_refused(game, Bribe(rooms=(3,), pay=("peasant", "newsboy", "unicorn")))  # no such card


# ------------------------------------------------------------------------------------------ stale actions


def test_stale_actions_are_refused() -> None:
    for seed in range(6):
        game = midgame(players=2 + seed % 3, seed=seed, steps=10 + seed)
        choose = random.Random(seed)
        for _ in range(20):
            if game.is_over:
                break
            before = game.legal_actions()
            game.apply(choose.choice(before))
            now = game.legal_actions()
            for stale in [a for a in before if a not in now][:15]:
                assert_refused(game, stale)
                assert_refused(game, str(stale))


# ---------------------------------------------------------------------------------------- malformed input


MALFORMED = ["", "   ", "bribe", "bribe room9", "bribe room0", "bribe room3+room3", "place", "place room",
             "place room 3", "pass buy-checks", "pass buy-checks -1", "pass buy-checks x", "pass buy-checks 0",
             "pass cash-checks 1 buy-checks 1", "pass launder", "build", "build unicorn", "build baron pay",
             "build baron pay x,y", "build baron key room3", "build monk service room3", "kill",
             "kill peasant pay baron", "kill room1 pay", "bury", "bury baron", "bury baron under",
             "bury baron under nowhere.1", "bury baron under barn.9", "bury baron under barn.0 +",
             "bury baron under barn.p0", "bury baron under barn.P5", "gravedigger",
             "gravedigger checks",
             "gravedigger checks -1", "release", "release a b", "teleport room1", "bribe peasants 2 3",
             "bribe room3 pay unicorn", "bribe room3 pay peasant pay peasant", "PASS PASS", "🩸"]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
    game = midgame()
    assert_refused(game, text)


GARBAGE: list[Any] = [
    None, 42, 3.5, b"pass", ["pass"], {"kind": "pass"}, object(), Pass, bloodyinn,
    Place(room=0), Place(room=9), Place(room="3"), Place(room=None),  # type: ignore[arg-type]
    Pass(buy_checks=-1), Pass(cash_checks=-2), Pass(buy_checks="1"),  # type: ignore[arg-type]
    Bribe(), Bribe(peasants=-1), Bribe(peasants=99), Bribe(rooms=(0,)), Bribe(rooms=(42,)),
    Bribe(rooms=None), Bribe(rooms=(3,), pay=None),  # type: ignore[arg-type]
    Build(card="unicorn"), Build(card=""), Build(card="baron", room=0), Build(card="concierge", room=-4),
    Kill(), Kill(rooms=(99,)), Kill(rooms=(3,), pay=("unicorn",)),
    Bury(corpses=()), Bury(corpses=(("baron", "nowhere"),)), Bury(corpses=(("unicorn", "barn.0"),)),
    Bury(corpses=(("baron", "barn.x"),)), Bury(corpses=(("baron", "barn.0"),), drop=("unicorn",)),
    PayGravedigger(-1), PayGravedigger("x"),  # type: ignore[arg-type]
    Release(()), Release(("unicorn",)), Release(None),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("action", GARBAGE, ids=lambda a: type(a).__name__)
@pytest.mark.parametrize("stage", ["place", "night", "release", "gravedigger"])
def test_garbage_is_refused_at_every_kind_of_decision(action: Any, stage: str) -> None:
    game = decision_of_kind(stage)
    assert_refused(game, action)


def decision_of_kind(kind: str) -> Game:
    """The first position of a seeded random game where `kind` is the decision."""
    for seed in range(200):
        game = bloodyinn.new_game(players=3, seed=seed)
        choose = random.Random(seed)
        while not game.is_over:
            if game.decision == kind:
                return game
            game.apply(choose.choice(game.legal_actions()))
    raise AssertionError(f"no {kind} decision found")


# ---------------------------------------------------------------------------------------- corrupted saves


def edit(save: str, change: Any) -> str:
    data = json.loads(save)
    change(data)
    return json.dumps(data)


SAVE_EDITS = {
    "players": lambda d: d["settings"].update(players=7),
    "length": lambda d: d["settings"].update(length="medium"),
    "variant": lambda d: d["settings"].update(variants=["nope"]),
    "seed": lambda d: d["settings"].update(seed=d["settings"]["seed"] + 1),
    "settings": lambda d: d.update(settings="x"),
    "no settings": lambda d: d.pop("settings"),
    "room layout": lambda d: d["settings"].update(player_rooms=[1, 1, 1]),
    "illegal action": lambda d: d["actions"].__setitem__(3, "kill room9"),
    "other action": lambda d: d["actions"].__setitem__(-1, "pass"),
    "action number": lambda d: d["actions"].__setitem__(3, 5),
    "actions": lambda d: d.update(actions="pass"),
    "cash": lambda d: d["state"]["cash"].__setitem__(0, 39),
    "missing cash": lambda d: d["state"].pop("cash"),
    "rng": lambda d: d["state"].update(rng=[1, 2, 3]),
    "state": lambda d: d.update(state=[]),
    "start": lambda d: d.update(start={"players": 2}),
    "version": lambda d: d.update(version=99),
    "format": lambda d: d.update(format="chess"),
    "unknown card": lambda d: d["state"]["exit"].append("unicorn.1"),
    "hands": lambda d: d["state"].update(hands=[[]]),
    "buried": lambda d: d["state"].update(buried={"barn.x": []}),
}


@pytest.mark.parametrize("name", sorted(SAVE_EDITS))
def test_an_edited_save_is_a_corrupt_save(name: str) -> None:
    save = midgame().to_json()
    with pytest.raises(CorruptSaveError) as error:
        Game.from_json(edit(save, SAVE_EDITS[name]))
    assert str(error.value)


def test_a_truncated_save_is_a_corrupt_save() -> None:
    save = midgame().to_json()
    for cut in range(0, len(save), max(1, len(save) // 97)):
        with pytest.raises(CorruptSaveError, match=r"not valid JSON|JSON object"):
            Game.from_json(save[:cut])
    for text in ("null", "[]", "42", '"save"'):
        with pytest.raises(CorruptSaveError, match="JSON object"):
            Game.from_json(text)


def test_a_starting_position_that_breaks_the_invariants_is_a_corrupt_record() -> None:
    state = night().state.copy()
    game = Game(bloodyinn.GameConfig(), start=state)
    record = game.record()
    record["start"]["cash"][0] = 45
    with pytest.raises(CorruptSaveError, match="R-INV-6"):
        Game.replay(record)
    record = game.record()
    record["start"]["exit"].append(record["start"]["entrance"][0])
    with pytest.raises(CorruptSaveError, match="R-INV-1"):
        Game.replay(record)


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _leaves(v, (*path, k))]
    if isinstance(data, list) and data:
        return [p for i, v in enumerate(data) for p in _leaves(v, (*path, i))]
    return [path]


@settings(max_examples=300, deadline=None)
@given(pick=st.integers(0, 10**6), value=st.one_of(st.none(), st.booleans(), st.integers(-5, 80), st.text(max_size=12),
                                                   st.sampled_from(["peasant.1", "barn.0", "room3", "night", "pass"])))
def test_any_edited_value_in_a_save_is_refused_or_harmless(pick: int, value: Any) -> None:
    save = _MIDGAME_SAVE
    data = json.loads(save)
    leaves = _leaves(data)
    path = leaves[pick % len(leaves)]
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        loaded = Game.from_json(json.dumps(data))
    except CorruptSaveError as error:
        assert str(error)
        return
    original = Game.from_json(save)  # the edit changed nothing that matters
    assert json.loads(loaded.to_json())["state"] == json.loads(original.to_json())["state"]
    assert loaded.actions == original.actions


_MIDGAME_SAVE = midgame(players=2, seed=8, steps=25).to_json()


def test_undo_preview_and_view_refuse_bad_requests_without_changing_the_game() -> None:
    fresh = bloodyinn.new_game(players=2, seed=3)
    before = fresh.to_json()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        fresh.undo()
    for seat in (-1, 2, 7):
        with pytest.raises(IllegalActionError):
            fresh.view(seat)
    game = midgame()
    saved = game.to_json()
    for bad in ("kill room9", "bribe peasants 3", Bribe(rooms=(7,)), "gravedigger checks 9"):
        with pytest.raises(IllegalActionError):
            game.preview(bad)
    assert game.to_json() == saved and fresh.to_json() == before
    legal = game.legal_actions()[-1]
    game.preview(legal)
    assert game.to_json() == saved  # a preview never changes the game


@pytest.mark.parametrize(("action", "rule"), [
    (Bribe(rooms=(0,)), "R-BRIBE-1"), (Bribe(rooms=(3, 3), pay=("peasant",) * 2), "R-BRIBE-1"),
    (Bribe(peasants=-1), "R-BRIBE-3"), (Kill(rooms=(0,)), "R-KILL-1"), (Kill(rooms=(3, 3)), "R-KILL-1"),
])
def test_the_rule_check_alone_refuses_rooms_that_do_not_exist_or_repeat(action: Any, rule: str) -> None:
    """`Game.validate` explains refusals with the rule checks; they must not read room 0 as room 8 (a negative
    index), nor count a room twice, nor take a negative number of peasants."""
    from bloodyinn.rules import flow
    from tests.bloodyinn.engine_helpers import make_game, make_state

    game = make_game(make_state(4, hands={0: ["peasant", "peasant"]}, rooms={3: "viscount", 8: "baron"},
                                annexes={0: ["shopkeeper", "butcher"]}, bistro=["peasant"]))
    with pytest.raises(IllegalActionError, match=rule):
        flow.check(game.state, game.config, action)
    assert_illegal(game, action, rule)
    for room in (0, 9):
        assert_refused(decision_of_kind("place"), Place(room))
