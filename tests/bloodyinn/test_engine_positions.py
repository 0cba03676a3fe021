"""The public position builder: any legal position by naming its cards; impossible ones refused by name."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bloodyinn import CARDS, Game, GuestType, Occupation, PositionError, build_position
from bloodyinn.cards import CARD_IDS, NUM_CARDS
from bloodyinn.invariants import violations, zones


def _occupations(card_ids: list[str]) -> list[str]:
    return sorted(c.split(".")[0] for c in card_ids)


def test_the_position_holds_what_was_named_and_the_rest_is_dealt_as_at_setup() -> None:
    game = build_position(
        players=3, hands={0: ["major", "peasant"], 2: ["Brigadier Chief"]}, annexes={1: ["distiller.2", "count"]},
        buried={"distiller.2": ["baron"], "barn.2": ["peasant"]}, corpses={0: ["viscount"]}, rooms={3: "duke"},
        bistro=["peasant"], exit=["grocer"], entrance=["marquis", "monk"], cash=[12, 30, 0], checks={2: 3},
        round=4, turn=1, first_player=2)
    view = game.view(None)
    players = view["players"]
    assert _occupations(players[0]["hand"]) == ["major", "peasant"]
    assert _occupations(players[2]["hand"]) == ["brigadier_chief"]
    assert [a["annex"] for a in players[1]["annexes"]] == ["distiller.2", "count.1"]
    assert _occupations(players[1]["annexes"][0]["buried"]) == ["baron"]
    assert _occupations(players[2]["barn"]["buried"]) == ["peasant"]
    assert _occupations(players[0]["corpses"]) == ["viscount"]
    assert view["rooms"][2]["guest"] == "duke.1" and _occupations(view["bistro"]) == ["peasant"]
    assert "grocer.1" in view["exit"] and view["entrance"]["top"] == "marquis.1"
    assert [p["cash"] for p in players] == [12, 30, 0] and [p["checks"] for p in players] == [1, 1, 3]
    assert (view["round"], game.decision, game.current_player) == (4, "night", 0)  # seat 2 + 1 turn, mod 3
    state = game.state
    assert len(state.culled) == game.config.cull == 28  # R-SETUP-3: 3 players, short
    assert len(state.unused_peasants) == 2  # R-SETUP-4: 8 - 2n stay in the box
    assert state.entrance[-2:] == [CARD_IDS.index("monk.1"), CARD_IDS.index("marquis.1")]  # top card last
    assert sorted(c for cards in zones(state).values() for c in cards) == list(range(NUM_CARDS))  # R-INV-1
    assert violations(state, game.config) == []


def test_card_ids_keep_their_copy_and_occupations_take_the_lowest_free_ones() -> None:
    game = build_position(hands={0: ["mechanic", "mechanic.1", "Mechanic"]})
    assert sorted(CARD_IDS[c] for c in game.state.hands[0]) == ["mechanic.1", "mechanic.2", "mechanic.3"]


def test_r_setup_7_the_seed_deals_the_unnamed_cards_reproducibly() -> None:
    def deal(seed: int) -> tuple[list[int], list[int]]:
        state = build_position(players=2, hands={0: ["major"]}, seed=seed).state
        return state.entrance, state.culled

    assert deal(5) == deal(5)
    assert deal(5) != deal(6)


def test_a_built_position_is_a_whole_game_that_saves_replays_and_plays_to_the_end() -> None:
    game = build_position(players=2, length="long", hands={0: ["butcher", "peasant"]}, season=2,
                          exit=["baron", "count"], rest="gravedigger", cash=[39, 0])
    assert game.view(0)["season"] == 2
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        assert violations(game.state, game.config) == []
    assert Game.replay(game.record()).scores() == game.scores()


def test_r_welcome_1_the_welcome_phase_draws_the_named_top_of_the_entrance() -> None:
    game = build_position(players=2, phase="welcome", entrance=["count", "baron"], first_player=1)
    assert (game.decision, game.current_player) == ("place", 1)
    assert game.view(1)["arrival"] == "count.1" and game.view(1)["entrance"]["top"] == "baron.1"


def test_ex_5_a_rulebook_example_set_up_with_the_builder() -> None:
    """Madeline (seat 1) buries a rank-2 corpse paying Peasant + Grocer under her own rank-3 annex: +18F."""
    game = build_position(players=3, hands={1: ["peasant", "grocer"]}, corpses={1: ["count"]},
                          annexes={1: ["gardener"]}, cash=[5, 5, 5], first_player=1)
    game.apply("bury count under gardener.1 pay grocer,peasant")
    players = game.view(None)["players"]
    assert players[1]["cash"] == 5 + 18
    assert _occupations(players[1]["annexes"][0]["buried"]) == ["count"]
    assert "grocer.1" in game.view(None)["exit"] and "peasant.1" in game.view(None)["bistro"]


@pytest.mark.parametrize(("position", "message"), [
    ({"hands": {0: ["mechanik"]}}, "hands[0]: unknown card 'mechanik'"),
    ({"hands": {0: ["mechanic.1"]}, "rooms": {3: "mechanic.1"}},
     "mechanic.1 is named twice: in hands[0] and in room 3"),
    ({"hands": {0: ["major"] * 4}}, "one major too many: the game has 3 (R-CARD-3)"),
    ({"hands": {0: ["peasant"] * 5}}, "5 peasants are named, but a 2-player game keeps 4 of the 8 in the box"),
    ({"exit": list(CARD_IDS[:36])}, "36 travelers are named, but a 2-player short game removes 35 of the 70 "
                                    "unseen, so at most 35 can be in play (R-SETUP-3)"),
    ({"players": 1, "hands": {0: [c.split(".")[0] for c in CARD_IDS[:37]]}},
     "at most 36 can be in play (R-SETUP-3)"),
    ({"rooms": {3: "peasant"}}, "peasant.1 cannot be in room 3"),
    ({"bistro": ["baron"]}, "baron.1 cannot be in the bistro"),
    ({"annexes": {0: ["major"]}}, "major.1 cannot be an annex in annexes[0]: police are never built (R-BUILD-1)"),
    ({"hands": {2: ["major"]}}, "hands: there is no seat 2 in a 2-player game"),
    ({"rooms": {9: "count"}}, "rooms: rooms are numbered 1-8, not 9"),
    ({"rooms": {7: "count"}}, "R-INV-4: a traveler in closed room 7"),
    ({"keys": {6: 0}}, "R-INV-7: the number of open rooms changed"),
    ({"buried": {"barn.0": ["count", "baron"]}}, "R-INV-5: 2 corpses under a rank-1 annex"),
    ({"buried": {"distiller.1": ["count"]}}, "distiller.1 is not a built annex"),
    ({"buried": {"barn.3": ["count"]}}, "buried: there is no seat 3"),
    ({"cash": [50, 0]}, "R-INV-6: P1 has 50F"),
    ({"cash": [5]}, "cash: 1 values for 2 players"),
    ({"turn": 5}, "turn must be 0-4"),
    ({"season": 3}, "season must be 1 or 2"),
    ({"final_round": 1}, "final_round must be true or false, not 1"),
    ({"phase": "dawn"}, "phase must be welcome or night"),
    ({"hands": {0: "major"}}, "hands[0] must be a list of card names"),
])
def test_impossible_positions_are_refused_with_what_is_wrong(position: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError) as error:
        build_position(**position)  # type: ignore[arg-type]
    assert message in str(error.value)


def _names(keep: Callable[[Occupation], bool]) -> st.SearchStrategy[str]:
    """Occupation names and some exact card ids, of the occupations `keep` accepts."""
    occupations = [o for o in CARDS if keep(o)]
    return st.sampled_from([o.id for o in occupations] + [o.card_ids[-1] for o in occupations[::4]])


_ANY = _names(lambda o: True)
_TRAVELERS = _names(lambda o: o.type is not GuestType.PEASANT)
_BUILDABLE = _names(lambda o: o.buildable)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 4), hands=st.lists(_ANY, max_size=12), annexes=st.lists(_BUILDABLE, max_size=4),
       rooms=st.dictionaries(st.integers(1, 4), _TRAVELERS, max_size=4), exit=st.lists(_TRAVELERS, max_size=20),
       bistro=st.lists(st.just("peasant"), max_size=2), seed=st.integers(0, 3))
def test_r_inv_any_named_layout_is_built_sound_or_refused(players: int, hands: list[str], annexes: list[str],
                                                          rooms: dict[int, str], exit: list[str],
                                                          bistro: list[str], seed: int) -> None:
    """Every position the builder accepts keeps every invariant of §4.3 and holds exactly the named cards."""
    try:
        game = build_position(players=players, hands={0: hands}, annexes={players - 1: annexes}, rooms=rooms,
                              exit=exit, bistro=bistro, seed=seed)
    except PositionError:
        return
    state = game.state
    assert violations(state, game.config) == []
    assert _occupations([CARD_IDS[c] for c in state.hands[0]]) == _occupations(hands)
    assert _occupations([CARD_IDS[c] for c in state.annexes[players - 1]]) == _occupations(annexes)
    assert _occupations([CARD_IDS[c] for c in state.bistro]) == _occupations(bistro)
    assert {r: CARD_IDS[state.rooms[r - 1]].split(".")[0] for r in rooms} == {
        r: n.split(".")[0] for r, n in rooms.items()}
    assert not Counter(_occupations(exit)) - Counter(_occupations([CARD_IDS[c] for c in state.exit]))
