"""Property tests over random games, every player count and flag combination.

After every decision: all 60 playing cards, 32 customers and 8 bonus cards are each in exactly one zone, the
boards rise, every trick was ranked as the rules say, and the scores follow from the public boards (score
consistency). At random positions: notation
round-trips, `validate` accepts exactly the legal actions and refuses the rest without changing anything,
saves, records and undo reproduce the game, and a seat's view does not change when only cards hidden from it
change.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import innkeepers
from innkeepers import (
    Action,
    Choose,
    Game,
    IllegalActionError,
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
from innkeepers.cards import (
    BONUS_BY_ID,
    CARD_BY_ID,
    CARD_IDS,
    CARD_NUMBER,
    CARD_SUIT,
    CUSTOMER_BY_ID,
    CUSTOMER_IDS,
    CUSTOMER_LUXURY,
    CUSTOMER_SUIT,
    bonus_floor,
    bonus_suit,
)
from innkeepers.invariants import card_zones, customer_zones, violations
from innkeepers.serialize import state_to_dict
from innkeepers.state import NO_CARD, Stage

SEEDS = st.integers(0, 2**32 - 1)
FLAGS = st.fixed_dictionaries({
    "fixed_rooms": st.booleans(), "must_follow": st.booleans(), "allow_refuse_referral": st.booleans(),
    "voluntary_referral": st.booleans(), "bonus_suit": st.sampled_from(["customer", "playing_card"]),
    "suit_order": st.permutations("shdc").map("".join),
})
PLAYERS = st.integers(2, 4)
EVERY_ACTION: list[Action] = [
    *(Play(c) for c in CARD_IDS), *(Place(r) for r in range(1, 16)), *(Refer(s) for s in range(4)), Refuse(),
    Choose(), Pass(), *(Pick(c) for c in CUSTOMER_IDS), *(Upgrade(r) for r in range(1, 16)),
    *(Relocate(a, b) for a in range(1, 16) for b in range(1, 16) if a != b), Refill(False), Refill(True),
]


def play_randomly(game: Game, rng: random.Random) -> None:
    seat = rng.choice(game.pending_seats())
    game.apply(rng.choice(game.legal_actions(seat)), seat=seat)


def public_score(view: dict[str, Any], seat: int, bonus: str | None, by_card: bool) -> int:
    """A seat's points recomputed from a view alone: markers, referrals, kept cards and the bonus card."""
    points = 0
    for player in view["players"]:
        for room in player["board"]:
            if room["customer"] is None:
                continue
            marker = room["marker"]
            if player["seat"] == seat:
                if room["referrer"] is None:
                    points += 3 if marker["kind"] == "meeple" else 2
                else:
                    points += 2 if room["upgraded"] else 1
            elif room["referrer"] == seat:
                points += 1
    points -= len(view["players"][seat]["kept"])
    if bonus is not None:
        card = BONUS_BY_ID[bonus]
        for room in view["players"][seat]["board"]:
            if room["customer"] is not None and room["floor"] == bonus_floor(card):
                suit = (CARD_SUIT[CARD_BY_ID[room["card"]]] if by_card
                        else CUSTOMER_SUIT[CUSTOMER_BY_ID[room["customer"]]])
                points += 2 * (suit == bonus_suit(card))
    return points


def expected_order(cards: tuple[int, ...], customer: int, suit_order: str) -> list[int]:
    """Seats best first, by the rules as a player reads them (I-R-16..18, I-G-10, I-G-11)."""
    def key(seat: int) -> tuple[bool, int, int]:
        card = cards[seat]
        number = CARD_NUMBER[card] if CUSTOMER_LUXURY[customer] else -CARD_NUMBER[card]
        return (CARD_SUIT[card] == CUSTOMER_SUIT[customer], number, -suit_order.index("shdc"[CARD_SUIT[card]]))
    return sorted(range(len(cards)), key=key, reverse=True)


def assert_sound(game: Game) -> None:
    state = game.state
    for trick in state.log:
        order = expected_order(trick.cards, trick.customer, game.config.suit_order)
        assert (trick.winner, trick.second) == (order[0], order[1])
    assert violations(state, game.config) == []
    cards = Counter(c for zone in card_zones(state).values() for c in zone)
    assert sorted(cards) == list(range(60)) and set(cards.values()) == {1}  # card conservation
    customers = Counter(c for zone in customer_zones(state).values() for c in zone)
    assert sorted(customers) == list(range(32)) and set(customers.values()) == {1}
    view = game.view(None)
    by_card = game.config.bonus_suit == "playing_card"
    rows = game.score_breakdown()
    for seat in range(state.players):
        # score consistency: the engine's total is what the public boards and the bonus card give
        assert game.scores()[seat] == public_score(view, seat, rows[seat]["bonus_card"], by_card)
        shown_bonus = rows[seat]["bonus_card"] if game.is_over else None  # bonus cards are revealed at the end
        assert view["players"][seat]["score"] == public_score(view, seat, shown_bonus, by_card)
        assert rows[seat]["penalties"] == len(state.kept[seat])
    referrals = sum(r["referrals"] for r in rows)
    assert referrals == sum(r["hosted"] + r["upgraded"] for r in rows)  # each referral counted on both sides
    if not game.is_over:
        for seat in game.pending_seats():
            legal = game.legal_actions(seat)
            assert legal and len(set(legal)) == len(legal)
            for action in legal:
                assert parse_action(str(action)) == action


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, flags=FLAGS, deal=SEEDS, moves=SEEDS)
def test_random_games_conserve_every_card_and_keep_scores_consistent(players: int, flags: dict[str, Any],
                                                                     deal: int, moves: int) -> None:
    game = innkeepers.new_game(players=players, seed=deal, **flags)
    rng = random.Random(moves)
    assert_sound(game)
    while not game.is_over:
        play_randomly(game, rng)
        assert_sound(game)
    assert len(game.state.log) == 32 or any(None not in board for board in game.state.boards)
    assert game.winners()


@settings(max_examples=20, deadline=None)
@given(players=PLAYERS, flags=FLAGS, deal=SEEDS, moves=SEEDS)
def test_validate_accepts_exactly_the_legal_actions_and_refusals_change_nothing(
        players: int, flags: dict[str, Any], deal: int, moves: int) -> None:
    game = innkeepers.new_game(players=players, seed=deal, **flags)
    rng = random.Random(moves)
    for _ in range(rng.randrange(0, 150)):
        if game.is_over:
            break
        play_randomly(game, rng)
    before = state_to_dict(game.state)
    for seat in range(players):
        legal = set(game.legal_actions(seat))
        for action in EVERY_ACTION:
            try:
                game.validate(action, seat=seat)
                accepted = True
            except IllegalActionError as error:
                accepted = False
                assert str(error)
            assert accepted == (action in legal), (seat, str(action))
    assert state_to_dict(game.state) == before


@settings(max_examples=20, deadline=None)
@given(players=PLAYERS, flags=FLAGS, deal=SEEDS, moves=SEEDS)
def test_saves_records_undo_and_copies_reproduce_the_game(players: int, flags: dict[str, Any], deal: int,
                                                          moves: int) -> None:
    game = innkeepers.new_game(players=players, seed=deal, **flags)
    rng = random.Random(moves)
    stop = rng.randrange(1, 200)
    while not game.is_over and len(game.actions) < stop:
        play_randomly(game, rng)
    saved = game.to_json()
    assert Game.from_json(saved).to_json() == saved
    assert Game.replay(game.record()).to_json() == saved
    if game.actions:
        seat, action = game.undo()
        game.apply(action, seat=seat)
        assert game.to_json() == saved
    clone = game.copy()
    if not clone.is_over:
        play_randomly(clone, rng)
    assert game.to_json() == saved


def hide_differently(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game except for cards `seat` cannot see: other hands and committed cards swapped with the draw
    pile, the deck's unknown places shuffled, other bonus cards swapped with unused ones."""
    other = game.copy()
    state = other.state
    for p in range(state.players):
        if p == seat:
            continue
        if state.hands[p] and state.draw:
            i, j = rng.randrange(len(state.hands[p])), rng.randrange(len(state.draw))
            state.hands[p][i], state.draw[j] = state.draw[j], state.hands[p][i]
        if state.played[p] != NO_CARD and state.stage == Stage.PLAY and state.draw:
            j = rng.randrange(len(state.draw))
            state.played[p], state.draw[j] = state.draw[j], state.played[p]
        if state.unused_bonus:
            j = rng.randrange(len(state.unused_bonus))
            state.bonus[p], state.unused_bonus[j] = state.unused_bonus[j], state.bonus[p]
            state.unused_bonus.sort()
    rng.shuffle(state.draw)
    known = set(state.known[seat])
    unknown_places = [i for i, c in enumerate(state.deck) if c not in known]
    cards = [state.deck[i] for i in unknown_places]
    if state.stage == Stage.PICK and state.second != seat:  # the chooser's cards are hidden too
        pool = cards + state.drawn
        rng.shuffle(pool)
        cards, state.drawn = pool[: len(cards)], pool[len(cards):]
    else:
        rng.shuffle(cards)
    for i, c in zip(unknown_places, cards):
        state.deck[i] = c
    state.known = [[c for c in k if c in state.deck] if p != seat else k for p, k in enumerate(state.known)]
    other._legal = {}
    return other


@settings(max_examples=25, deadline=None)
@given(players=PLAYERS, flags=FLAGS, deal=SEEDS, moves=SEEDS)
def test_i_g_29_a_view_does_not_change_when_only_cards_hidden_from_its_seat_change(
        players: int, flags: dict[str, Any], deal: int, moves: int) -> None:
    game = innkeepers.new_game(players=players, seed=deal, **flags)
    rng = random.Random(moves)
    for _ in range(rng.randrange(0, 200)):
        if game.is_over:
            break
        play_randomly(game, rng)
    if game.is_over:
        return
    for seat in range(players):
        view = game.view(seat)
        assert hide_differently(game, seat, rng).view(seat) == view
        assert Game.from_view(view, rng.randrange(1000)).view(seat) == view  # determinization agrees
    spectator = game.view(None)
    assert Game.from_view(spectator, rng.randrange(1000)).view(None) == spectator
