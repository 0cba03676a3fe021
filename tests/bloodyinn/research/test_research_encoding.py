"""Compound actions as token sequences: every legal action encodes and decodes back to itself, the prefix tree of
the legal actions gives the masks, and anything unencodable raises a clear error."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bloodyinn import Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, parse_action
from bloodyinn.cards import CARD_IDS, OCCUPATIONS
from bloodyinn.research.encoding import (
    TOKEN_ID,
    VERB_OF,
    VOCABULARY,
    VOCABULARY_SIZE,
    ActionTree,
    EncodingError,
    decode,
    encode,
    token_text,
)
from tests.bloodyinn.engine_helpers import night
from tests.bloodyinn.research.research_helpers import positions


def check_every_legal_action(seed: int, greedy: bool, seen: Counter[str]) -> None:
    for game in positions(seed, greedy):
        legal = game.legal_actions()
        tree = ActionTree(legal)
        assert tree.size == len(legal)
        for action in legal:
            tokens = encode(action)
            assert tokens[0] == VERB_OF[type(action)]  # the token game groups the actions by it unspelled
            assert decode(tokens) == action
            assert tree.action(tokens) == action
            for i in range(len(tokens)):  # each token is among the mask of the prefix before it
                assert tokens[i] in tree.next_tokens(tokens[:i])
                assert tree.action(tokens[:i]) is None
            seen[action.kind] += 1
        first = {encode(a)[0] for a in legal}
        assert set(tree.next_tokens()) == first


@given(seed=st.integers(0, 10_000))
@settings(max_examples=40, deadline=None)
def test_every_legal_action_of_random_games_round_trips_through_its_tokens(seed: int) -> None:
    """R-ACT-1: the engine lists the legal actions; the tokens are only another spelling of them."""
    check_every_legal_action(seed, greedy=False, seen=Counter())


def test_every_kind_of_action_of_greedy_and_random_games_round_trips_through_its_tokens() -> None:
    """Greedy play builds (Concierge and Monk rooms too), buries and launders more than random play does."""
    seen: Counter[str] = Counter()
    for seed in range(8):
        check_every_legal_action(seed, greedy=True, seen=seen)
        check_every_legal_action(seed, greedy=False, seen=seen)
    assert set(seen) == {"place", "pass", "bribe", "build", "kill", "bury", "gravedigger", "release"}


def test_multi_target_and_chapel_actions_round_trip_through_their_tokens() -> None:
    """R-ANNEX-MULTI, R-BURY-6: the Store, Butcher's Shop, Crypt, Brewery and Chapel give the longest actions."""
    game = night(hands={0: ["peasant", "novice", "baron", "brigadier", "viscount"]},
                 rooms={2: "baron", 3: "count", 5: "viscount"}, bistro=["peasant"] * 3,
                 corpses={0: ["viscount", "monk"]}, annexes={0: ["shopkeeper", "butcher", "archbishop", "brewer",
                                                                   "priest"]})
    legal = game.legal_actions()
    tree = ActionTree(legal)
    for action in legal:
        assert decode(encode(action)) == action and tree.action(encode(action)) == action
    assert any(isinstance(a, Bury) and len(a.corpses) == 2 and a.drop for a in legal)
    assert any(isinstance(a, Bribe) and len(a.rooms) == 3 for a in legal)
    assert any(isinstance(a, Kill) and len(a.rooms) == 3 for a in legal)
    assert Bribe(peasants=3) in legal


def test_the_vocabulary_is_fixed_and_names_every_room_occupation_annex_and_amount() -> None:
    assert VOCABULARY_SIZE == len(set(VOCABULARY)) == 213
    assert VOCABULARY[:16] == ("end", "pay", "drop", "service", "key", "buy-checks", "cash-checks", "peasants",
                               "place", "pass", "bribe", "build", "kill", "bury", "gravedigger", "release")
    for name in [*(f"room{r}" for r in range(1, 9)), *(o.id for o in OCCUPATIONS), "barn.0", "barn.3", "0", "99"]:
        assert name in TOKEN_ID
    annexes = [c for c in CARD_IDS if c in TOKEN_ID]
    assert len(annexes) == 56 and "peasant.1" not in TOKEN_ID and "major.1" not in TOKEN_ID  # no annex (R-BUILD-1)


@pytest.mark.parametrize("notation,words", [
    ("place room3", "place room3"),
    ("pass", "pass end"),
    ("pass cash-checks 1", "pass cash-checks 1"),
    ("bribe room5+room2 pay peasant,baron", "bribe room2 room5 pay baron peasant end"),
    ("bribe room1", "bribe room1 end"),
    ("bribe peasants 2", "bribe peasants 2"),
    ("build concierge pay baron,peasant service room4", "build concierge pay baron peasant service room4"),
    ("build monk key room5", "build monk key room5"),
    ("build distiller", "build distiller end"),
    ("kill peasant", "kill peasant"),
    ("bury monk under barn.0 + brigadier under archbishop.1 pay baron,viscount drop baron",
     "bury monk barn.0 brigadier archbishop.1 pay baron viscount drop baron end"),
    ("gravedigger checks 0", "gravedigger 0"),
    ("release peasant,baron", "release baron peasant end"),
])
def test_tokens_follow_the_canonical_notation_order(notation: str, words: str) -> None:
    action = parse_action(notation)
    assert token_text(encode(action)) == words
    assert decode([TOKEN_ID[w] for w in words.split()]) == action


@pytest.mark.parametrize("action,message", [
    (Place(9), "no room9"),
    (Pass(buy_checks=100), "outside the vocabulary"),
    (Pass(buy_checks=1, cash_checks=1), "not an encodable action"),
    (Bribe(), "needs a target"),
    (Kill(rooms=(2,), peasant=True), "not an encodable action"),
    (Build(card="sheriff"), "not an occupation"),
    (Bury(corpses=(("monk", "peasant.1"),)), "not an annex"),
    (Bury(corpses=()), "not an encodable action"),
    (PayGravedigger(-1), "outside the vocabulary"),
    ("bribe room3", "not an encodable action"),
    (["place", 3], "not an encodable action"),
])
def test_unencodable_actions_raise(action: object, message: str) -> None:
    with pytest.raises(EncodingError, match=message):
        encode(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("words,message", [
    ("", "expected a verb"),
    ("room3", "expected a verb"),
    ("place", "expected a room, got 'the end of the sequence'"),
    ("pass", "expected end, buy-checks or cash-checks"),
    ("bribe room3 pay", "expected an occupation"),
    ("bribe room3 pay peasant", "expected pay or end"),
    ("build baron key room3", "'key' for a monk"),
    ("place room3 end", "nothing after 'place room3'"),
    ("bury monk room3", "expected an annex"),
])
def test_token_sequences_that_spell_no_action_raise(words: str, message: str) -> None:
    with pytest.raises(EncodingError, match=message):
        decode([TOKEN_ID[w] for w in words.split()])


def test_ids_outside_the_vocabulary_raise() -> None:
    with pytest.raises(EncodingError, match="not a token id"):
        decode([VOCABULARY_SIZE])


def test_the_tree_refuses_prefixes_outside_the_legal_actions() -> None:
    tree = ActionTree([Pass(), Place(3)])
    assert tree.next_tokens() == sorted([TOKEN_ID["pass"], TOKEN_ID["place"]])
    with pytest.raises(EncodingError, match="'place room4' starts no legal action"):
        tree.next_tokens([TOKEN_ID["place"], TOKEN_ID["room4"]])
    with pytest.raises(EncodingError, match="listed twice"):
        ActionTree([Pass(), Pass()])
