"""A seat's view (`view.build_view`) as flat numbers in named fields, for encoders that read a view at every
decision (the research environments).

It is built from the state, cheaply, but holds nothing the seat's view does not: `compact_view_from_view(
game.view(seat))` computes it from the view alone, and tests check that it equals `game.compact_view(seat)` in
every position they reach. It holds less: buried cards as counts per annex, the end-game bonuses as their
total, no legal actions, no scores. Cards are card numbers (`cards.CARD_IDS` order), `NO_CARD` (-1) for none;
lists of cards are sorted tuples.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import BARN_BASE, BARN_RANK, CARD_BY_ID, CARD_RANK
from .config import FIRST_COME_FIRST_SERVED, UNLIMITED_WEALTH
from .rules import flow
from .state import CLOSED, NO_CARD, NOBODY, WHITE, Stage

if TYPE_CHECKING:
    from .game import Game


class CompactAnnex(NamedTuple):
    card: int  # the annex's card
    buried: int  # corpses buried in it
    free: int  # places left


class CompactSeat(NamedTuple):
    cash: int
    checks: int
    hand: tuple[int, ...]
    corpses: tuple[int, ...]
    annexes: tuple[CompactAnnex, ...]  # in building order
    barn_buried: int
    barn_free: int
    end_bonus: int  # the F the end-game annex bonuses added so far (their total)


class CompactView(NamedTuple):
    seat: int | None
    players: int
    long: bool
    unlimited_wealth: bool
    first_come_first_served: bool
    round: int
    season: int
    final_round: bool
    first_player: int
    stage: str  # a `state.Stage` value
    decision: str | None
    current_player: int | None
    turn: int
    police_present: bool
    pending_release: int
    is_over: bool
    lost: bool
    entrance_size: int
    entrance_top: int
    entrance_cards: tuple[int, ...] | None  # season 2 only, as in the view
    arrival: int
    culled: int
    keys: tuple[int, ...]  # per room 1-8: a seat, `WHITE` or `CLOSED`
    room_service: tuple[int, ...]  # per room: a seat or `NOBODY`
    guests: tuple[int, ...]  # per room: a card or `NO_CARD`
    bistro: tuple[int, ...]
    exit: tuple[int, ...]
    gravedigger: tuple[int, ...]
    unused_peasants: tuple[int, ...]
    seats: tuple[CompactSeat, ...]


# `tuple.__new__` builds a named tuple without the Python-level `__new__` of `NamedTuple`: views are built at
# every decision of the environments, so they are kept to C-level work.
_new = tuple.__new__
_NO_BURIALS: list[int] = []


# Each annex card's `CompactAnnex` by the number buried: shared, never built anew.
_ANNEX_PLACES = {annex: tuple(CompactAnnex(annex, buried, CARD_RANK[annex] - buried)
                              for buried in range(CARD_RANK[annex] + 1))
                 for annex in range(len(CARD_RANK))}


def _annexes(annexes: list[int], buried: dict[int, list[int]]) -> tuple[CompactAnnex, ...]:
    return tuple([_ANNEX_PLACES[annex][len(buried.get(annex, _NO_BURIALS))] for annex in annexes])


def sorted_cards(cards: list[int]) -> tuple[int, ...]:
    return tuple(sorted(cards))


def build_compact_view(game: Game, seat: int | None,
                       arrange: Callable[[list[int]], tuple[int, ...]] = sorted_cards) -> CompactView:
    """The compact view of `seat`; `arrange` makes each list of cards a tuple. `arrange=tuple` keeps the hands,
    the corpses and the piles in the state's order instead of sorting them, for readers that only count cards
    (the research encoder): that order is public history, but the view does not show it, so such a view does
    not equal `compact_view_from_view`'s. The season-2 entrance stack is sorted either way: its order is hidden
    (R-INFO-2)."""
    state, config = game.state, game.config
    players = state.players
    buried = state.buried
    barns = [len(buried.get(BARN_BASE + p, _NO_BURIALS)) for p in range(players)] if buried else [0] * players
    cash, checks, hands, corpses, annexes, bonuses = (state.cash, state.checks, state.hands,
                                                      state.corpses, state.annexes, state.end_bonus)
    seats = tuple([_new(CompactSeat, (
        cash[p], checks[p], arrange(hands[p]), arrange(corpses[p]),
        _annexes(annexes[p], buried) if annexes[p] else (), barns[p], BARN_RANK - barns[p],
        sum([bonus[1] for bonus in bonuses[p]]) if bonuses[p] else 0)) for p in range(players)])
    entrance = state.entrance
    variants = config.variants
    stage = state.stage
    reshuffled = state.reshuffled
    return _new(CompactView, (
        seat, players, config.length == "long", UNLIMITED_WEALTH in variants, FIRST_COME_FIRST_SERVED in variants,
        state.round, 2 if reshuffled else 1, state.final_round, state.first_player, stage,
        flow.decision(state), flow.current_player(state), state.turn, state.police_present,
        state.pending_release, stage == Stage.OVER, state.lost, len(entrance),
        entrance[-1] if entrance else NO_CARD, tuple(sorted(entrance)) if reshuffled else None,
        state.arrival, len(state.culled), tuple(state.keys), tuple(state.room_service),
        tuple(state.rooms), arrange(state.bistro), arrange(state.exit),
        arrange(state.gravedigger), arrange(state.unused_peasants), seats))


def compact_view_from_view(view: dict[str, Any]) -> CompactView:
    """The compact form of a view, from the view alone (what shows that it tells nothing more)."""
    def cards(ids: list[str]) -> tuple[int, ...]:
        return tuple(sorted(CARD_BY_ID[i] for i in ids))

    def card(card_id: str | None) -> int:
        return NO_CARD if card_id is None else CARD_BY_ID[card_id]

    settings = view["settings"]
    entrance = view["entrance"]
    rooms = view["rooms"]
    seats = tuple(CompactSeat(
        cash=p["cash"], checks=p["checks"], hand=cards(p["hand"]), corpses=cards(p["corpses"]),
        annexes=tuple(CompactAnnex(CARD_BY_ID[a["annex"]], len(a["buried"]), a["free"]) for a in p["annexes"]),
        barn_buried=len(p["barn"]["buried"]), barn_free=p["barn"]["free"],
        end_bonus=sum(bonus[1] for bonus in p["end_bonus"])) for p in view["players"])
    return CompactView(
        seat=view["seat"], players=settings["players"], long=settings["length"] == "long",
        unlimited_wealth=UNLIMITED_WEALTH in settings["variants"],
        first_come_first_served=FIRST_COME_FIRST_SERVED in settings["variants"],
        round=view["round"], season=view["season"], final_round=view["final_round"],
        first_player=view["first_player"], stage=view["stage"], decision=view["decision"],
        current_player=view["current_player"], turn=view["turn"], police_present=view["police_present"],
        pending_release=view["pending_release"], is_over=view["is_over"], lost=view["lost"],
        entrance_size=entrance["size"], entrance_top=card(entrance["top"]),
        entrance_cards=None if entrance["cards"] is None else cards(entrance["cards"]),
        arrival=card(view["arrival"]), culled=view["culled"],
        keys=tuple(CLOSED if r["key"] is None else WHITE if r["key"] == "white" else r["key"] for r in rooms),
        room_service=tuple(NOBODY if r["room_service"] is None else r["room_service"] for r in rooms),
        guests=tuple(card(r["guest"]) for r in rooms),
        bistro=cards(view["bistro"]), exit=cards(view["exit"]), gravedigger=cards(view["gravedigger"]),
        unused_peasants=cards(view["unused_peasants"]), seats=seats)
