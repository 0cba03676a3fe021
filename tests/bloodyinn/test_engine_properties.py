"""Property tests: many random games in every configuration (1-4 players, short and long, each variant and both).

After every decision: the invariants of spec §4.3 (R-INV-1..9), notation round trips, saves, records and undo
reproduce the game exactly. At random positions: `validate` accepts exactly the legal actions, and near misses
are refused with a message naming the rule, leaving the game untouched (R-ACT-1).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bloodyinn
from bloodyinn import Bribe, Build, Bury, Game, Kill, Pass, PayGravedigger, Place, Release, parse_action
from bloodyinn.actions import canonical_cards
from bloodyinn.cards import CARD_IDS, CARD_OCC, NUM_CARDS, OCCUPATION_BY_ID, OCCUPATIONS, annex_rank, annex_ref
from bloodyinn.compact_view import CompactView, build_compact_view, compact_view_from_view
from bloodyinn.config import CASH_CAP
from bloodyinn.invariants import violations, zones
from bloodyinn.rules import flow
from bloodyinn.serialize import state_to_dict
from bloodyinn.state import CLOSED, NO_CARD, Stage, State
from tests.bloodyinn.engine_helpers import make_game, make_state

VARIANT_SETS = [(), ("unlimited_wealth",), ("first_come_first_served",),
                ("unlimited_wealth", "first_come_first_served")]
CONFIGS = [(p, length, v) for p in (1, 2, 3, 4) for length in ("short", "long") for v in VARIANT_SETS]
SEEDS = st.integers(0, 2**32 - 1)
RULE = re.compile(r"\(R-[A-Z]+(-[A-Z0-9]+)*\)")


def config_id(config: tuple[int, str, tuple[str, ...]]) -> str:
    players, length, variants = config
    return f"{players}p-{length}-{'+'.join(v[:5] for v in variants) or 'base'}"


def random_play(game: Game, seed: int) -> Iterator[bloodyinn.Action]:
    """Plays uniformly random legal actions to the end, yielding each one after it is applied."""
    choose = random.Random(seed)
    while not game.is_over:
        action = choose.choice(game.legal_actions())
        game.apply(action)
        yield action


def assert_sound(game: Game) -> None:
    """The invariants, through the engine's checker and directly."""
    state, config = game.state, game.config
    assert violations(state, config) == []
    cards = sorted(c for zone in zones(state).values() for c in zone)
    assert cards == list(range(NUM_CARDS))  # R-INV-1: each of the 78 cards in exactly one zone
    assert all(0 <= cash <= CASH_CAP for cash in state.cash) and all(c >= 0 for c in state.checks)  # R-INV-6
    assert sum(1 for k in state.keys if k != CLOSED) == config.open_rooms  # R-INV-7
    assert all(state.keys[i] != CLOSED for i in range(8) if state.rooms[i] != NO_CARD)  # R-INV-4
    assert all(len(corpses) <= annex_rank(annex) for annex, corpses in state.buried.items())  # R-INV-5
    if state.stage == Stage.NIGHT:
        assert 0 <= state.turn < 2 * state.players  # R-INV-9
    if not game.is_over:
        legal = game.legal_actions()
        assert legal, "a decision with no legal action"
        assert len(set(legal)) == len(legal), "an action listed twice"


def snapshot(game: Game) -> tuple[dict[str, object], list[str]]:
    return state_to_dict(game.state), [str(a) for a in game.actions]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=15, deadline=None)
@given(deal=SEEDS, moves=SEEDS)
def test_random_games_keep_the_invariants_and_notation_round_trips(config: tuple[int, str, tuple[str, ...]],
                                                                   deal: int, moves: int) -> None:
    players, length, variants = config
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=deal)
    assert_sound(game)
    for _ in random_play(game, moves):
        assert_sound(game)
        for action in game.legal_actions():
            assert parse_action(str(action)) == action
            flow.check(game.state, game.config, action)  # check() agrees with every listed action
    assert game.winners() or game.lost
    assert len(game.scores()) == players


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=2, deadline=None)
@given(deal=SEEDS, moves=SEEDS)
def test_saves_records_and_undo_reproduce_every_position(config: tuple[int, str, tuple[str, ...]], deal: int,
                                                         moves: int) -> None:
    players, length, variants = config
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=deal)
    before = snapshot(game)
    for action in random_play(game, moves):
        now = snapshot(game)
        assert snapshot(Game.from_json(game.to_json())) == now
        assert snapshot(Game.replay(game.record())) == now
        assert game.undo() == action
        assert snapshot(game) == before
        game.apply(action)
        assert snapshot(game) == now
        before = now


# ------------------------------------------------------------------------------------ validate == legal


def _occupation_ids(game: Game, rng: random.Random) -> list[str]:
    """A few occupation ids: those in the current hand (near misses) and any two (often not in hand)."""
    seat = game.current_player
    assert seat is not None
    in_hand = [OCCUPATIONS[CARD_OCC[c]].id for c in game.state.hands[seat]]
    return in_hand + [rng.choice(OCCUPATIONS).id for _ in range(2)]


def _annex_refs(rng: random.Random) -> list[str]:
    return [f"barn.{rng.randrange(4)}", rng.choice(CARD_IDS)]


def _pay_variants(pay: tuple[str, ...], occs: list[str], rng: random.Random) -> list[tuple[str, ...]]:
    variants = [(*pay, rng.choice(occs)), tuple(reversed(pay))]
    if pay:
        variants.append(pay[1:])
        swapped = list(pay)
        swapped[rng.randrange(len(pay))] = rng.choice(occs)
        variants.append(tuple(swapped))
    return variants


def mutations(action: bloodyinn.Action, game: Game, rng: random.Random) -> list[Any]:
    occs = _occupation_ids(game, rng)
    room = rng.randint(1, 8)
    if isinstance(action, Place):
        return [Place(r) for r in range(1, 9)]
    if isinstance(action, Pass):
        return [Pass(buy_checks=action.buy_checks + 1), Pass(cash_checks=action.cash_checks + 1),
                Pass(buy_checks=1, cash_checks=1)]
    if isinstance(action, Bribe):
        if action.peasants:
            return [Bribe(peasants=action.peasants + 1), Bribe(peasants=action.peasants, pay=(occs[0],)),
                    Bribe(rooms=(room,), peasants=action.peasants)]
        return ([Bribe(rooms=action.rooms, pay=p) for p in _pay_variants(action.pay, occs, rng)]
                + [Bribe(rooms=(room,), pay=action.pay), Bribe(rooms=tuple(sorted({*action.rooms, room})),
                                                               pay=action.pay),
                   Bribe(rooms=tuple(reversed(action.rooms)), pay=action.pay)])
    if isinstance(action, Build):
        return ([Build(card=action.card, pay=p, room=action.room) for p in _pay_variants(action.pay, occs, rng)]
                + [Build(card=rng.choice(occs), pay=action.pay, room=action.room),
                   Build(card=action.card, pay=action.pay, room=room),
                   Build(card=action.card, pay=action.pay, room=None)])
    if isinstance(action, Kill):
        if action.peasant:
            return [Kill(peasant=True, rooms=(room,)), Kill(peasant=True, pay=(occs[0],))]
        return ([Kill(rooms=action.rooms, pay=p) for p in _pay_variants(action.pay, occs, rng)]
                + [Kill(rooms=(room,), pay=action.pay), Kill(rooms=action.rooms, peasant=True)])
    if isinstance(action, Bury):
        corpses = list(action.corpses)
        i = rng.randrange(len(corpses))
        other_annex = [*corpses]
        other_annex[i] = (corpses[i][0], rng.choice(_annex_refs(rng)))
        other_corpse = [*corpses]
        other_corpse[i] = (rng.choice(occs), corpses[i][1])
        return ([Bury(corpses=action.corpses, pay=p, drop=action.drop) for p in _pay_variants(action.pay, occs, rng)]
                + [Bury(corpses=tuple(other_annex), pay=action.pay, drop=action.drop),
                   Bury(corpses=tuple(other_corpse), pay=action.pay, drop=action.drop),
                   Bury(corpses=tuple(reversed(corpses)), pay=action.pay, drop=action.drop),
                   Bury(corpses=action.corpses, pay=action.pay, drop=(*action.drop, rng.choice(occs))),
                   Bury(corpses=(*action.corpses, (rng.choice(occs), rng.choice(_annex_refs(rng)))),
                        pay=action.pay)])
    if isinstance(action, PayGravedigger):
        return [PayGravedigger(action.checks + 1), PayGravedigger(max(0, action.checks - 1))]
    assert isinstance(action, Release)
    return [Release(tuple(reversed(action.cards))), Release(action.cards[1:]), Release((*action.cards, occs[0])),
            Release((rng.choice(occs), *action.cards[1:]))]


def wrong_kinds(game: Game, rng: random.Random) -> list[Any]:
    return [Place(rng.randint(1, 8)), Pass(), PayGravedigger(0), Release(("peasant",)), Bribe(peasants=1),
            Kill(peasant=True), Build(card="baron"), Bury(corpses=(("baron", "barn.0"),))]


def normalized(action: bloodyinn.Action) -> bloodyinn.Action:
    """The same declaration in canonical order (payments in card-table order, rooms and corpses sorted)."""
    if isinstance(action, Bribe | Kill):
        return replace(action, rooms=tuple(sorted(action.rooms)), pay=canonical_cards(action.pay))
    if isinstance(action, Build):
        return replace(action, pay=canonical_cards(action.pay))
    if isinstance(action, Bury):
        corpses = tuple(sorted(action.corpses, key=lambda c: (OCCUPATION_BY_ID[c[0]].index, c[1])))
        return replace(action, corpses=corpses, pay=canonical_cards(action.pay), drop=canonical_cards(action.drop))
    if isinstance(action, Release):
        return Release(canonical_cards(action.cards))
    return action


def assert_validate_matches_legal(game: Game, rng: random.Random) -> None:
    legal = game.legal_actions()
    listed = set(legal)
    candidates = wrong_kinds(game, rng)
    for action in rng.sample(legal, min(6, len(legal))):
        candidates.extend(mutations(action, game, rng))
    saved = game.to_json()
    for candidate in candidates:
        expected = normalized(candidate)
        if expected in listed:
            assert game.validate(candidate) == expected
            continue
        with pytest.raises(bloodyinn.IllegalActionError) as refused:
            game.apply(candidate)
        assert RULE.search(str(refused.value)), f"{candidate}: {refused.value}"
        assert game.to_json() == saved
    for action in rng.sample(legal, min(200, len(legal))):  # validating one action scans the list
        assert game.validate(action) == action


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=4, deadline=None)
@given(deal=SEEDS, moves=SEEDS)
def test_validate_accepts_exactly_the_legal_actions(config: tuple[int, str, tuple[str, ...]], deal: int,
                                                    moves: int) -> None:
    """At a sample of positions, and at every rarer decision (gravedigger, release), near misses are refused."""
    players, length, variants = config
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=deal)
    rng = random.Random(moves)
    checked = 0
    for _ in random_play(game, moves):
        if not game.is_over and (not checked or game.decision in ("gravedigger", "release") or rng.random() < 0.08):
            assert_validate_matches_legal(game, rng)
            checked += 1
    assert checked


# ----------------------------------------------------------------------------------------------- events


def zone_map(state: State) -> dict[str, str]:
    """Every card's zone, named as events name zones; the box holds culled, unused and gravedigger cards."""
    where: dict[str, str] = {}
    for name, cards in zones(state).items():
        if name.startswith("box.") or name.startswith("under:"):
            continue
        for card in cards:
            where[CARD_IDS[card]] = name
    for card in state.culled + state.unused_peasants + state.gravedigger:
        where[CARD_IDS[card]] = "box"
    for annex, cards in state.buried.items():
        for card in cards:
            where[CARD_IDS[card]] = f"under:{annex_ref(annex)}"
    return where


def replay_events(before: State, events: list[bloodyinn.Event]) -> tuple[dict[str, str], list[int],
                                                                                         list[int]]:
    where, cash, checks = zone_map(before), before.cash[:], before.checks[:]
    for event in events:
        if event.kind in ("move", "draw"):
            assert event.card is not None and event.dest is not None
            assert where[event.card] == event.source, event
            where[event.card] = event.dest
        elif event.kind == "return":
            assert event.card is not None and where[event.card] == event.source == event.dest, event
        elif event.kind == "reshuffle":
            moved = [card for card, zone in where.items() if zone == "exit"]
            assert len(moved) == event.amount
            where.update({card: "entrance" for card in moved})
        elif event.kind == "gain":
            cash[event.seat] += event.amount  # type: ignore[index]
        elif event.kind in ("pay", "cap"):
            cash[event.seat] -= event.amount  # type: ignore[index]
        elif event.kind == "checks":
            checks[event.seat] += event.amount  # type: ignore[index]
            if event.note == "Unlimited Wealth":
                cash[event.seat] -= 10 * event.amount  # type: ignore[index]
    return where, cash, checks


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=3, deadline=None)
@given(deal=SEEDS, moves=SEEDS)
def test_events_account_for_every_change_and_previews_announce_them(config: tuple[int, str, tuple[str, ...]],
                                                                    deal: int, moves: int) -> None:
    """Faces never re-derive what happened: replaying the events on the old position gives the new one."""
    players, length, variants = config
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=deal)
    choose = random.Random(moves)
    while not game.is_over:
        before = game.state.copy()
        action = choose.choice(game.legal_actions())
        preview = game.preview(action)
        events = game.apply(action)
        assert events[: len(preview)] == preview
        assert events[0].kind == "action" and events[0].action == action
        where, cash, checks = replay_events(before, events)
        assert where == zone_map(game.state)
        assert (cash, checks) == (game.state.cash, game.state.checks)


# --------------------------------------------------------------------------------- built positions

POWERS = ["shopkeeper.1", "butcher.1", "archbishop.1", "priest.1", "brewer.1", "abbot.1", "abbot.2",
          "representative.1", "representative.2", "mechanic.1", "mechanic.2"]


def built_position(seed: int) -> Game:
    """A night position random play rarely reaches: the acting seat owns a random mix of the multi-target,
    Chapel, Brewery and cost-reducing annexes, with corpses, a hand, occupied rooms, burials and a bistro."""
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    free_peasants = [f"peasant.{i}" for i in range(1, 2 * players + 1)]
    travelers = [c for c in CARD_IDS if not c.startswith("peasant") and c not in POWERS]
    rng.shuffle(free_peasants)
    rng.shuffle(travelers)

    def take(count: int, peasants_too: bool = True) -> list[str]:
        cards = []
        for _ in range(count):
            source = free_peasants if peasants_too and free_peasants and rng.random() < 0.3 else travelers
            cards.append(source.pop())
        return cards

    owned = rng.sample(POWERS, rng.randint(1, 6))
    others = [c for c in travelers if OCCUPATION_BY_ID[c.rsplit(".", 1)[0]].buildable
              and OCCUPATION_BY_ID[c.rsplit(".", 1)[0]].rank > 0][:players - 1]
    for card in others:
        travelers.remove(card)
    annexes = {0: owned, **{seat: [card] for seat, card in enumerate(others, 1)}}
    corpses = {0: take(rng.randint(1, 3)), 1: take(rng.randint(0, 2))}
    hands = {seat: take(rng.randint(0, 5)) for seat in range(players)}
    open_rooms = bloodyinn.GameConfig(players=players).key_rooms() + bloodyinn.GameConfig(
        players=players).white_key_rooms()
    rooms = {room: travelers.pop() for room in open_rooms if rng.random() < 0.7}
    buried = {"barn.1": take(1)} if rng.random() < 0.5 else {}
    last = rng.random() < 0.5  # seat 0's action ends the night: the end of round follows
    final = rng.random() < 0.3  # and this is the final round: the end of the game follows
    state = make_state(players, "long", hands=hands, annexes=annexes, corpses=corpses, rooms=rooms,
                       buried=buried, bistro=list(free_peasants), cash=[rng.randint(0, 40) for _ in range(players)],
                       checks=[rng.randint(0, 3) for _ in range(players)], turn=2 * players - 1 if last else 0,
                       first_player=1 if last else 0, final_round=final, reshuffled=final,
                       entrance=[] if final else None, rest="exit", seed=seed)
    return make_game(state, rng.choice(VARIANT_SETS))


@settings(max_examples=120, deadline=None)
@given(seed=SEEDS)
def test_built_positions_validate_apply_and_report_exactly(seed: int) -> None:
    game = built_position(seed)
    assert_sound(game)
    rng = random.Random(seed)
    assert_validate_matches_legal(game, rng)
    legal = game.legal_actions()
    for action in rng.sample(legal, min(25, len(legal))):
        trial = game.copy()
        before = trial.state.copy()
        events = trial.apply(action)
        assert_sound(trial)
        where, cash, checks = replay_events(before, events)
        assert where == zone_map(trial.state) and (cash, checks) == (trial.state.cash, trial.state.checks)
    for _ in random_play(game, seed):  # and on to the end of the game
        assert_sound(game)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=2, deadline=None)
@given(deal=SEEDS, moves=SEEDS)
def test_determinized_games_look_the_same_from_the_seat_that_saw_them(config: tuple[int, str, tuple[str, ...]],
                                                                      deal: int, moves: int) -> None:
    """R-INFO-1/2: a view holds everything public and nothing hidden, so the games `from_view` imagines are sound
    and indistinguishable from the real one for that seat (same view, same legal actions)."""
    players, length, variants = config
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=deal)
    rng = random.Random(moves)
    for _ in random_play(game, moves):
        if game.is_over or rng.random() > 0.1:
            continue
        seat = rng.choice([None, *range(players)])
        view = game.view(seat)
        imagined = Game.from_view(view, seed=rng.randrange(1000))
        assert violations(imagined.state, imagined.config) == []
        assert imagined.view(seat) == view
        assert imagined.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=2, deadline=None)
@given(deal=SEEDS, moves=SEEDS)
def test_the_compact_view_is_the_view_in_other_words(config: tuple[int, str, tuple[str, ...]], deal: int,
                                                      moves: int) -> None:
    """R-INFO-1/2: `compact_view(seat)` is computed from what `view(seat)` shows, in every position of a game,
    for every seat and the spectator, so it hides everything the view hides."""
    players, length, variants = config
    game = bloodyinn.new_game(players=players, length=length, variants=variants, seed=deal)
    positions = 0
    for _ in random_play(game, moves):
        for seat in (None, *range(players)):
            compact = game.compact_view(seat)
            assert compact == compact_view_from_view(game.view(seat))
            # The research encoder's reading (cards in the state's order, as it only counts them) is the same view
            assert in_card_order(build_compact_view(game, seat, tuple)) == compact
        positions += 1
    assert positions > 0 and game.compact_view(0).is_over


def in_card_order(view: CompactView) -> CompactView:
    """The hands, corpses and piles of a compact view sorted, as `compact_view(seat)` gives them."""
    def sort(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(cards))

    seats = tuple(seat._replace(hand=sort(seat.hand), corpses=sort(seat.corpses)) for seat in view.seats)
    return view._replace(bistro=sort(view.bistro), exit=sort(view.exit), gravedigger=sort(view.gravedigger),
                         unused_peasants=sort(view.unused_peasants), seats=seats)


def test_the_compact_view_shows_no_hidden_card() -> None:
    """R-INFO-2: two games that differ only in the order of the entrance stack below its top card and in which
    cards were culled have the same compact views."""
    game = bloodyinn.new_game(players=3, length="short", seed=11)
    other = Game.from_view(game.view(0), seed=5)
    assert other.state.entrance[:-1] != game.state.entrance[:-1]  # really another deal of the hidden cards
    for seat in (None, 0, 1, 2):
        assert other.compact_view(seat) == game.compact_view(seat)
    with pytest.raises(bloodyinn.IllegalActionError, match="no seat 3"):
        game.compact_view(3)
