"""One conformance check every registered game passes, for the games here and for any new one:

    from tabletop.testing import check_game

    def test_my_game_keeps_the_protocol() -> None:
        check_game("mygame")

`check_game` plays seeded random games through the registry (`tabletop.registry.make`) and checks, at every
decision or at regular points of it, what `tabletop.protocol.GameProtocol` promises: the same seed and choices
give the same game; every legal action's notation reads back as that action; a save loads and a record replays
to the identical game; undo restores the position exactly; a copy is independent; bad input changes nothing; a
seat's view is JSON and stays the same when only cards hidden from it are dealt differently. A broken promise
is an AssertionError naming the game, seed, player count, decision and what differs (or what the game raised).

Standard library only, so a game's own tests can use it without the faces' packages.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

from . import registry

CHECKPOINT_EVERY = 10  # decisions between the costlier checks (save, replay, views against re-dealt cards)
REDEALS = 2  # re-deals of the hidden cards per seat and checkpoint


class _Play:
    """One seeded random game being checked, naming itself in every failure."""

    def __init__(self, game_id: str, players: int, seed: int) -> None:
        self.where = f"{game_id} ({players} players, seed {seed})"
        self.cls = registry.game_class(game_id)
        self.game = registry.make(game_id, players=players, seed=seed)
        self.decisions = 0

    def expect(self, holds: bool, what: str) -> None:
        if not holds:
            raise AssertionError(f"{self.where}, after {self.decisions} decisions: {what}")


def check_game(game_id: str, seeds: Iterable[int] = range(4), max_decisions: int = 400) -> None:
    """Play one random game per seed (the seat counts of the game's `PLAYER_COUNTS` in turn), checking the
    protocol's promises as it goes, for at most `max_decisions` decisions each."""
    counts = registry.game_class(game_id).PLAYER_COUNTS
    for index, seed in enumerate(seeds):
        play = _Play(game_id, counts[index % len(counts)], seed)
        try:
            _check_one(play, seed, max_decisions)
        except AssertionError:
            raise
        except Exception as exc:  # a promise broken by an error (a save that does not load): said where
            where = f"{play.where}, after {play.decisions} decisions"
            raise AssertionError(f"{where}: {type(exc).__name__}: {exc}") from exc


def _check_one(play: _Play, seed: int, max_decisions: int) -> None:
    game, cls = play.game, play.cls
    twin = cls.from_settings(game.config.to_dict())  # determinism: the same settings and choices, the same game
    play.expect(twin.to_json() == game.to_json(), "the same settings give a different setup")
    play.expect(_events(twin.setup_events) == _events(game.setup_events), "the same settings give other setup events")
    _check_nothing_to_undo(play)
    rng = random.Random(seed)
    while not game.is_over and play.decisions < max_decisions:
        _check_turn(play)
        for seat in game.pending_seats():
            _check_notation(play, seat)
        if play.decisions % CHECKPOINT_EVERY == 0:
            _check_saves(play)
            _check_views(play, seed)
        seat = rng.choice(game.pending_seats())
        action = rng.choice(game.legal_actions(seat))
        play.expect(bool(game.describe(action)), f"{action} has no description")
        _check_refusals(play, seat)
        _check_undo_and_copy(play, seat, action)
        events = _events(game.apply(action, seat))
        play.expect(_events(twin.apply(str(action), seat)) == events,
                    f"P{seat + 1} {action}: the same action by its notation caused other events in the same game")
        play.decisions += 1
    play.expect(twin.to_json() == game.to_json(), "the same settings and actions give different games")
    _check_turn(play)
    _check_saves(play)
    _check_views(play, seed)


def _check_turn(play: _Play) -> None:
    game = play.game
    players = game.config.players
    pending = game.pending_seats()
    play.expect(pending == sorted(set(pending)) and all(0 <= s < players for s in pending),
                f"pending_seats() {pending} is not a sorted list of distinct seats")
    play.expect(game.is_over == (not pending), f"is_over is {game.is_over} while seats {pending} owe a decision")
    play.expect(game.current_player == (pending[0] if pending else None),
                f"current_player {game.current_player} is not the lowest pending seat of {pending}")
    play.expect((game.decision is None) == game.is_over, f"decision {game.decision!r} while is_over {game.is_over}")
    for seat in range(players):
        legal = game.legal_actions(seat)
        play.expect(bool(legal) == (seat in pending),
                    f"P{seat + 1} has {len(legal)} legal actions but {'owes' if seat in pending else 'owes no'} "
                    "decision")
    scores, winners = game.scores(), game.winners()
    play.expect(len(scores) == players, f"scores() {scores} does not list {players} seats")
    play.expect([row["total"] for row in game.score_breakdown()] == scores,
                "score_breakdown()'s totals are not scores()")
    play.expect(game.is_over or not winners, f"winners {winners} before the end")
    play.expect(all(0 <= s < players for s in winners), f"winners {winners} are not seats")


def _check_notation(play: _Play, seat: int) -> None:
    legal = play.game.legal_actions(seat)
    texts = [str(action) for action in legal]
    play.expect(len(set(texts)) == len(texts), f"P{seat + 1}'s legal actions share a notation: {texts}")
    for action, text in zip(legal, texts, strict=True):
        read = play.game.validate(text, seat)
        play.expect(read == action and str(read) == text,
                    f"P{seat + 1}'s legal action {text!r} reads back as {str(read)!r}")


def _check_saves(play: _Play) -> None:
    game, cls = play.game, play.cls
    saved = game.to_json()
    play.expect(cls.from_json(saved).to_json() == saved, "a save loads as a different game")
    record = game.record()
    play.expect(json.loads(json.dumps(record)) == record, "the record is not JSON")
    play.expect(cls.replay(record).to_json() == saved, "the record replays to a different game")
    play.expect(cls.replay(json.dumps(record)).to_json() == saved, "the record's JSON text replays to a different game")


def _check_views(play: _Play, seed: int) -> None:
    """Every seat's view (and a spectator's) is JSON, and a game in which every card hidden from that seat is dealt
    anew (`from_view`) shows it the same view and the same legal actions."""
    game, cls = play.game, play.cls
    for seat in [None, *range(game.config.players)]:
        view = game.view(seat)
        play.expect(json.loads(json.dumps(view)) == view, f"the view of {_seat(seat)} is not JSON")
        for redeal in range(REDEALS):
            other = cls.from_view(view, seed * REDEALS + redeal)
            play.expect(other.view(seat) == view,
                        f"the view of {_seat(seat)} changes when only cards hidden from it are dealt again: "
                        f"{_difference(view, other.view(seat))}")
            if seat is not None:
                play.expect(list(map(str, other.legal_actions(seat))) == list(map(str, game.legal_actions(seat))),
                            f"{_seat(seat)}'s legal actions change when only cards hidden from it are dealt again")


def _check_refusals(play: _Play, seat: int) -> None:
    """An action of a seat that owes no decision, and text that is no action, are refused and change nothing."""
    game = play.game
    before = game.to_json()
    idle = [s for s in range(game.config.players) if s not in game.pending_seats()]
    attempts: list[tuple[str, int]] = [("?? no such action ??", seat)]
    if idle:
        attempts.append((str(game.legal_actions(seat)[0]), idle[0]))
    for text, by in attempts:
        try:
            game.apply(text, by)
        except ValueError:
            pass
        else:
            play.expect(False, f"{text!r} for P{by + 1} was accepted")
        play.expect(game.to_json() == before, f"the refused {text!r} for P{by + 1} changed the game")


def _check_undo_and_copy(play: _Play, seat: int, action: Any) -> None:
    """Applying then undoing restores the game exactly; applying to a copy leaves the game untouched."""
    game = play.game
    before = game.to_json()
    copy = game.copy()
    events = _events(copy.apply(action, seat))
    play.expect(game.to_json() == before, f"P{seat + 1} {action} on a copy changed the game")
    game.apply(action, seat)
    play.expect(game.to_json() == copy.to_json(), f"P{seat + 1} {action} gives a different game than on a copy")
    game.undo()
    play.expect(game.to_json() == before, f"undoing P{seat + 1} {action} does not restore the game")
    again = _events(game.copy().apply(action, seat))
    play.expect(again == events, f"P{seat + 1} {action} applied again after undo caused other events")


def _check_nothing_to_undo(play: _Play) -> None:
    try:
        play.game.undo()
    except ValueError:
        return
    play.expect(False, "undo with nothing to undo was accepted")


def _events(events: Iterable[Any]) -> list[dict[str, Any]]:
    return [event.to_dict() for event in events]


def _seat(seat: int | None) -> str:
    return "a spectator" if seat is None else f"P{seat + 1}"


def _difference(expected: dict[str, Any], got: dict[str, Any]) -> str:
    keys = sorted(key for key in expected.keys() | got.keys() if expected.get(key) != got.get(key))
    return ", ".join(f"{key}: {expected.get(key)!r} became {got.get(key)!r}" for key in keys)
