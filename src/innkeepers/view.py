"""What one seat may know (I-G-29, I-G-30), as a JSON-ready dict, and determinization for search bots.

Public: boards and markers, kept -1 cards, the face-up customer, the revealed cards of every trick (the trick
log), the discard pile, the size of every hand and pile. Hidden: other seats' hands, bonus cards, committed
cards and refill choices before the reveal, the order of the customer deck (a seat knows only the customers
it put back under it itself), the customers drawn by Choose (only the chooser sees them) and the draw pile.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .cards import (
    BONUS_BY_ID,
    BONUS_IDS,
    CARD_BY_ID,
    CARD_IDS,
    CUSTOMER_BY_ID,
    CUSTOMER_IDS,
    NUM_CARDS,
    ROOM_AMENITY,
    ROOMS,
    floor_of,
)
from .config import TRICKS_PER_HAND, GameConfig
from .errors import CorruptSaveError
from .invariants import field_problems
from .rules import scoring
from .rules.placement import marker
from .rules.trick import win_order
from .state import NO_CARD, NOBODY, UNDECIDED, Stage, State, Stay, Trick

if TYPE_CHECKING:
    from .game import Game


def _sorted_cards(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in sorted(cards)]


def _seat_or_none(seat: int) -> int | None:
    return None if seat == NOBODY else seat


# Each room as a view shows it while empty; a view gets copies (the table server sends every seat's view of
# every board after each move, so they are built from these rather than from scratch).
_EMPTY_ROOMS: tuple[dict[str, Any], ...] = tuple(
    {"room": room, "floor": floor_of(room), "amenity": ROOM_AMENITY[room - 1], "customer": None, "card": None,
     "referrer": None, "upgraded": False, "marker": None} for room in range(1, ROOMS + 1))


def _room_view(room: int, stay: Stay | None, owner: int) -> dict[str, Any]:
    data: dict[str, Any] = _EMPTY_ROOMS[room - 1].copy()
    if stay is not None:
        data.update(customer=CUSTOMER_IDS[stay.customer], card=CARD_IDS[stay.card],
                    referrer=_seat_or_none(stay.referrer), upgraded=stay.upgraded,
                    marker={"seat": owner if stay.referrer == NOBODY else stay.referrer,
                            "kind": marker(room, stay)})
    return data


def build_view(game: Game, seat: int | None) -> dict[str, Any]:
    state, config = game.state, game.config
    over = state.stage == Stage.OVER
    pending = state.pending()
    players = []
    for p in range(state.players):
        sees = over or p == seat
        row = scoring.breakdown(state, config, p)
        players.append({
            "seat": p,
            "hand": _sorted_cards(state.hands[p]) if p == seat else None,
            "hand_size": len(state.hands[p]),
            "committed": state.played[p] != NO_CARD,
            "card": CARD_IDS[state.played[p]] if state.played[p] != NO_CARD and (state.revealed or p == seat)
            else None,
            "refill_chosen": state.refills[p] != UNDECIDED,
            "refill": (["keep", "new"][state.refills[p]] if p == seat and state.refills[p] != UNDECIDED else None),
            "bonus": BONUS_IDS[state.bonus[p]] if sees else None,
            "bonus_points": row["bonus"] if sees else None,
            "score": row["total"] if sees else row["total"] - row["bonus"],
            "board": [_room_view(room, stay, p) for room, stay in enumerate(state.boards[p], 1)],
            "kept": [CUSTOMER_IDS[c] for c in state.kept[p]],
        })
    known = set(state.known[seat]) if seat is not None else set()
    chooser_sees = seat is not None and seat == state.second and state.stage == Stage.PICK
    unseen = [c for c in state.deck if c not in known] + ([] if chooser_sees else state.drawn)
    view: dict[str, Any] = {
        "game": "innkeepers",
        "seat": seat,
        "settings": {"players": config.players, **config.flags()},
        "stage": state.stage,
        "decision": game.decision,
        "pending": pending,
        "trick": state.trick,
        "hand": state.hand_number,
        "tricks_per_hand": TRICKS_PER_HAND,
        "win_order": win_order(config),
        "customer": CUSTOMER_IDS[state.customer] if state.customer != NO_CARD else None,
        "winner": _seat_or_none(state.winner),
        "second": _seat_or_none(state.second),
        "host": _seat_or_none(state.host),
        "deck": {"size": len(state.deck),
                 "order": [CUSTOMER_IDS[c] if c in known else None for c in reversed(state.deck)]},
        "drawn": [CUSTOMER_IDS[c] for c in sorted(state.drawn)] if chooser_sees else None,
        "drawn_count": len(state.drawn),
        "unseen_customers": [CUSTOMER_IDS[c] for c in sorted(unseen)],
        "draw_pile": len(state.draw),
        "discard": _sorted_cards(state.discard),
        "players": players,
        "log": [{"trick": i, "customer": CUSTOMER_IDS[t.customer], "cards": [CARD_IDS[c] for c in t.cards],
                 "winner": t.winner, "second": t.second} for i, t in enumerate(state.log, 1)],
        "is_over": over,
        "end_reason": state.end_reason or None,
    }
    if seat is not None and seat in pending:
        view["legal_actions"] = [str(a) for a in game.legal_actions(seat)]
    if over:
        view["scores"] = game.scores()
        view["winners"] = game.winners()
    return view


def state_from_view(view: dict[str, Any], rng: random.Random) -> State:
    """A full state consistent with a view, every card the seat cannot see dealt at random: other hands,
    other seats' committed cards and refill choices, the draw pile's order, the unknown places of the customer
    deck, customers drawn by another seat, other seats' bonus cards. Search bots imagine the hidden cards this
    way without ever seeing them (determinization)."""
    seat = view["seat"]
    players = view["players"]
    n = len(players)
    seen_cards = {CARD_BY_ID[c] for c in view["discard"]}
    for p in players:
        seen_cards.update(CARD_BY_ID[c] for c in p["hand"] or ())
        seen_cards.update([CARD_BY_ID[p["card"]]] if p["card"] else [])
        seen_cards.update(CARD_BY_ID[r["card"]] for r in p["board"] if r["card"])
    hidden_cards = [c for c in range(NUM_CARDS) if c not in seen_cards]
    rng.shuffle(hidden_cards)

    def deal(count: int) -> list[int]:
        if count > len(hidden_cards):
            raise CorruptSaveError("the view shows fewer unseen playing cards than its hands and piles hold")
        dealt = hidden_cards[len(hidden_cards) - count:]
        del hidden_cards[len(hidden_cards) - count:]
        return dealt

    hands, played = [], []
    for p in players:
        hands.append([CARD_BY_ID[c] for c in p["hand"]] if p["hand"] is not None else deal(p["hand_size"]))
        if p["card"]:
            played.append(CARD_BY_ID[p["card"]])
        else:
            played.append(deal(1)[0] if p["committed"] else NO_CARD)
    draw = deal(view["draw_pile"])
    if hidden_cards:
        raise CorruptSaveError("the view's playing cards do not add up to 60")

    unseen = [CUSTOMER_BY_ID[c] for c in view["unseen_customers"]]
    rng.shuffle(unseen)
    order = view["deck"]["order"]
    deck_top_first = [CUSTOMER_BY_ID[c] if c else unseen.pop() for c in order]
    drawn = [CUSTOMER_BY_ID[c] for c in view["drawn"]] if view["drawn"] is not None else unseen
    if len(drawn) != view["drawn_count"]:
        raise CorruptSaveError("the view's unseen customers do not match its deck and drawn cards")
    known: list[list[int]] = [[] for _ in range(n)]
    if seat is not None:
        known[seat] = [CUSTOMER_BY_ID[c] for c in reversed(order) if c]

    bonus_known = {p["seat"]: BONUS_BY_ID[p["bonus"]] for p in players if p["bonus"]}
    spare = [b for b in range(len(BONUS_IDS)) if b not in bonus_known.values()]
    rng.shuffle(spare)
    bonus = [bonus_known[p] if p in bonus_known else spare.pop() for p in range(n)]

    def stay(room: dict[str, Any]) -> Stay | None:
        if not room["customer"]:
            return None
        referrer = NOBODY if room["referrer"] is None else room["referrer"]
        return Stay(CUSTOMER_BY_ID[room["customer"]], CARD_BY_ID[room["card"]], referrer, room["upgraded"])

    refills = []
    for p in players:
        if p["refill"] is not None:
            refills.append(int(p["refill"] == "new"))
        else:
            refills.append(rng.randrange(2) if p["refill_chosen"] else UNDECIDED)
    fields: dict[str, Any] = dict(
        players=n,
        generator=random.Random(rng.getrandbits(64)),
        draw=draw,
        discard=[CARD_BY_ID[c] for c in view["discard"]],
        hands=hands,
        played=played,
        deck=deck_top_first[::-1],
        customer=CUSTOMER_BY_ID[view["customer"]] if view["customer"] else NO_CARD,
        drawn=drawn,
        known=known,
        kept=[[CUSTOMER_BY_ID[c] for c in p["kept"]] for p in players],
        boards=[[stay(room) for room in p["board"]] for p in players],
        bonus=bonus,
        unused_bonus=sorted(spare),
        stage=view["stage"],
        trick=view["trick"],
        winner=NOBODY if view["winner"] is None else view["winner"],
        second=NOBODY if view["second"] is None else view["second"],
        host=NOBODY if view["host"] is None else view["host"],
        referrer=NOBODY if view["host"] is None else view["winner"],
        refills=refills,
        log=[Trick(CUSTOMER_BY_ID[t["customer"]], tuple(CARD_BY_ID[c] for c in t["cards"]), t["winner"],
                   t["second"]) for t in view["log"]],
        end_reason=view["end_reason"] or "",
    )
    # Checked before it is a State: a compiled one refuses a field of the wrong type, or turns True into 1.
    problems = field_problems(fields, n)
    if problems:
        raise CorruptSaveError(f"the view shows an impossible position: {'; '.join(problems)}")
    return State(**fields)


def config_from_view(view: dict[str, Any], seed: int) -> GameConfig:
    settings = dict(view["settings"])
    return GameConfig(seed=seed, **settings)
