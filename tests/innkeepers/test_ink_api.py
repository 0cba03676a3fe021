"""The Game API contract: notation, errors that change nothing, records, saves, undo, copies, views, events."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import innkeepers
from innkeepers import (
    Choose,
    CorruptSaveError,
    Game,
    IllegalActionError,
    NotationError,
    Pass,
    Pick,
    Place,
    Play,
    Refer,
    Refill,
    Refuse,
    Relocate,
    Upgrade,
    parse_action,
)
from tests.innkeepers.ink_helpers import play_trick, position, random_game

EXAMPLES = {
    "play 7s": Play("7s"), "place room5": Place(5), "refer p2": Refer(1), "refuse": Refuse(), "choose": Choose(),
    "pick lux-s-pool": Pick("lux-s-pool"), "upgrade room4": Upgrade(4), "relocate room4 to room9": Relocate(4, 9),
    "pass": Pass(), "refill keep": Refill(False), "refill new": Refill(True),
}


def test_every_kind_of_action_has_a_notation_that_round_trips() -> None:
    for text, action in EXAMPLES.items():
        assert parse_action(text) == action and str(action) == text
    assert parse_action("  PLAY 12H ") == Play("12h") and parse_action("play 7♠") == Play("7s")
    assert parse_action("relocate room4 room9") == Relocate(4, 9)


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("dance", "unknown action 'dance'"), ("play 16s", "unknown playing card '16s'"),
    ("play 7x", "unknown playing card"), ("place room0", "room1"), ("place room16", "room1"), ("place", "place roomN"),
    ("refer p5", "p1"), ("pick lux-s-sauna", "unknown customer"), ("relocate room3 to room3", "two different"),
    ("refill maybe", "refill keep"), ("pass now", "'pass'"), ("upgrade 4", "room"),
])
def test_malformed_text_raises_a_notation_error_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


def test_illegal_input_changes_nothing_and_names_what_is_wrong() -> None:
    game = innkeepers.new_game(players=3, seed=9)
    before = game.to_json()
    hand = game.state.hands[1]
    not_mine = next(c for c in game.state.hands[0] if c not in hand)
    cases = [
        (f"play {innkeepers.cards.CARD_IDS[not_mine]}", 1, "not in P2's hand"),
        ("place room3", 0, "must play a card now, not place"),
        ("play 7s", 7, "there is no seat 7"),
        ("pass", None, "must play a card"),
        (42, 0, "not an action"),
        ("play 7s", "0", "there is no seat '0'"),
    ]
    for action, seat, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            game.apply(action, seat=seat)  # type: ignore[arg-type]
    assert game.to_json() == before and game.actions == []
    with pytest.raises(IllegalActionError, match="no seat"):
        game.view(3)


@pytest.mark.parametrize("action", [Play("99z"), Place(0), Place(99), Refer(-1), Upgrade(40), Relocate(3, 3),
                                    Pick("lux-x-pool")])
def test_action_objects_with_impossible_fields_are_refused_like_malformed_text(action: innkeepers.Action) -> None:
    game = innkeepers.new_game(players=2, seed=5)
    before = game.to_json()
    with pytest.raises(NotationError):
        game.apply(action, seat=0)
    assert game.to_json() == before


def test_validate_returns_the_canonical_action_without_applying_it() -> None:
    game = innkeepers.new_game(players=2, seed=1)
    card = innkeepers.cards.CARD_IDS[game.state.hands[0][0]]
    assert game.validate(f"PLAY {card.upper()}", seat=0) == Play(card)
    assert game.pending_seats() == [0, 1]
    assert game.describe("place room8") == "places the customer in room 8 (pool)"
    with pytest.raises(IllegalActionError, match="not an action"):
        game.describe(8)  # type: ignore[arg-type]


def test_record_replay_and_save_load_give_the_identical_game() -> None:
    game = random_game(3, 21, must_follow=True, voluntary_referral=True)
    record = game.record()
    assert record["format"] == "innkeepers/record" and record["settings"]["must_follow"] is True
    assert all(text.startswith("P") for text in record["actions"])
    again = Game.replay(json.dumps(record))
    assert again.to_json() == game.to_json()
    loaded = Game.from_json(game.to_json())
    assert loaded.scores() == game.scores() and loaded.winners() == game.winners() and loaded.is_over


def test_a_game_started_from_a_position_records_its_start() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h", "2d", "3d"], 1: ["9s", "1c", "4d", "7d"]})
    play_trick(game, ["5s", "9s"])
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json() and "start" in game.record()


@pytest.mark.parametrize("corrupt, message", [
    (lambda s: s[: len(s) // 2], "not valid JSON"),
    (lambda s: "[1, 2]", "JSON object"),
    (lambda s: s.replace('"innkeepers/game"', '"bloodyinn/game"'), "not a save of innkeepers"),
    (lambda s: s.replace('"version":1', '"version":9'), "unsupported save version"),
    (lambda s: s.replace('"players":2', '"players":7', 1), "invalid settings"),
    (lambda s: s.replace('"P1 play', '"P2 play', 1), "cannot be replayed"),
    (lambda s: s.replace('"P1 play', '"play', 1), "is not 'P<seat> <action>'"),
    (lambda s: s.replace('"trick":', '"trick":1', 1), "does not match its own record"),
    (lambda s: s.replace('"rng":[', '"rng":[9,', 1), "rng: "),
])
def test_a_corrupted_save_raises_corrupt_save_error_naming_the_problem(corrupt: Callable[[str], str],
                                                                      message: str) -> None:
    game = innkeepers.new_game(players=2, seed=3)
    while len(game.state.log) < 2:
        seat = game.current_player
        game.apply(game.legal_actions(seat)[0], seat=seat)
    with pytest.raises(CorruptSaveError, match=message):
        Game.from_json(corrupt(game.to_json()))


def test_a_record_with_a_broken_starting_position_is_refused() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["5s", "6h"], 1: ["9s", "1c"]})
    record = game.record()
    record["start"]["hands"][1] = ["5s", "1c"]  # the 5 of Spades in two hands, the 9 nowhere
    problems = "invalid starting position: playing cards missing: 9s; playing cards in two places: 5s"
    with pytest.raises(CorruptSaveError, match=problems):
        Game.replay(record)
    record = game.record()
    record["start"]["boards"][0][0] = {"customer": "lux-s-sauna", "card": "1s", "referrer": None, "upgraded": False}
    with pytest.raises(CorruptSaveError, match="boards: unknown customer 'lux-s-sauna'"):
        Game.replay(record)


def test_undo_takes_back_the_last_action_whoever_took_it() -> None:
    game = innkeepers.new_game(players=2, seed=6)
    first = game.legal_actions(1)[0]
    game.apply(first, seat=1)
    before = game.to_json()
    second = game.legal_actions(0)[0]
    game.apply(second, seat=0)
    assert game.undo() == (0, second)
    assert game.to_json() == before and game.pending_seats() == [0]
    assert game.undo() == (1, first) and game.actions == []
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


def test_a_copy_is_independent() -> None:
    game = innkeepers.new_game(players=2, seed=6)
    clone = game.copy()
    clone.apply(clone.legal_actions(0)[0], seat=0)
    assert game.pending_seats() == [0, 1] and clone.pending_seats() == [1]


@pytest.mark.parametrize(("players", "copy_at", "copy_first"), [(2, 0, True), (2, 30, False), (3, 20, True),
                                                               (4, 10, False)])
def test_i_r_31_a_copy_and_its_original_draw_the_same_future_cards(players: int, copy_at: int,
                                                                   copy_first: bool) -> None:
    """Copies share the random generator until one of them draws from it (the draw pile's reshuffle): whichever
    side reshuffles first, and however the other is copied or reseeded meanwhile, both deal the same cards."""
    game, choose = innkeepers.new_game(players=players, seed=copy_at), random.Random(copy_at)
    for _ in range(copy_at):
        seat = choose.choice(game.pending_seats())
        game.apply(choose.choice(game.legal_actions(seat)), seat=seat)
    copy = game.copy()
    copy.copy().state.rng.seed(12345)  # search bots reseed their copies: the others must not notice
    first, second = (copy, game) if copy_first else (game, copy)
    moves, reshuffles = [], 0
    while not first.is_over:
        seat = choose.choice(first.pending_seats())
        moves.append((seat, choose.choice(first.legal_actions(seat))))
        reshuffles += sum(event.kind == "reshuffle" for event in first.apply(moves[-1][1], seat=seat))
    assert reshuffles
    for seat, action in moves:
        second.apply(action, seat=seat)
    assert first.to_json() == second.to_json()


def test_i_g_29_the_view_hides_other_hands_and_shows_only_sizes() -> None:
    game = innkeepers.new_game(players=3, seed=2)
    view = game.view(0)
    assert view["players"][0]["hand"] is not None and view["players"][1]["hand"] is None
    assert view["players"][1]["hand_size"] == 7 and view["draw_pile"] == 60 - 21
    assert view["deck"]["size"] == 31 and set(view["deck"]["order"]) == {None}
    assert "seed" not in view["settings"]  # the seed would tell every hidden card
    assert view["legal_actions"] == [str(a) for a in game.legal_actions(0)]
    assert "legal_actions" not in game.view(None)
    json.dumps(view)


def test_from_view_deals_the_hidden_cards_and_sees_the_same_view() -> None:
    game = innkeepers.new_game(players=4, seed=13)
    while len(game.state.log) < 6:
        seat = game.current_player
        game.apply(game.legal_actions(seat)[-1], seat=seat)
    view = game.view(2)
    imagined = Game.from_view(view, seed=1)
    assert imagined.view(2) == view
    assert sorted(imagined.state.hands[2]) == sorted(game.state.hands[2])
    other = Game.from_view(view, seed=2)
    assert other.state.hands[0] != imagined.state.hands[0] or other.state.draw != imagined.state.draw


def test_events_are_json_ready_with_a_plain_sentence() -> None:
    game = position(players=2, customer="lux-s-pool", hands={0: ["15s", "6h"], 1: ["9s", "1c"]})
    events = play_trick(game, ["15s", "9s"])
    events += game.apply("place room15", seat=0)
    texts = [e.to_dict()["text"] for e in events]
    assert "P1 reveals 15♠." in texts and "P1 wins the trick with 15♠." in texts
    assert any(t.startswith("The Luxury ♠ customer wanting the Pool checks into room 15 of P1's inn") for t in texts)
    place = next(e.to_dict() for e in events if e.kind == "place")
    assert place["amount"] == 3 and place["dest"] == "room15"
    json.dumps([e.to_dict() for e in events])
