"""What one seat may know (spec §4.2, R-INFO-*), as a JSON-ready dict, and determinization for search bots.

Hidden from everyone: the entrance stack below its top card and the culled cards (only their numbers are
public). Hands are public information (R-INFO-3, A-14); faces may hide them for atmosphere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .cards import (
    CARD_BY_ID,
    CARD_IDS,
    TRAVELERS,
    annex_rank,
    annex_ref,
    barn_of,
)
from .errors import CorruptSaveError
from .invariants import field_problems
from .rules import endgame, flow
from .state import CLOSED, NO_CARD, NOBODY, WHITE, Stage, State

if TYPE_CHECKING:
    from .game import Game


_CARD_ID = CARD_IDS.__getitem__


def _sorted_ids(cards: list[int]) -> list[str]:
    """Card ids in card-number order (the order of `CARD_IDS`): sorting the numbers is the cheap way."""
    return list(map(_CARD_ID, sorted(cards)))


# Lookup tables for the parts of a view read at every decision (views are on the hot path of search bots and
# of the research environments).
_ANNEX_REFS = {annex: annex_ref(annex) for annex in [*range(len(CARD_IDS)), *(barn_of(s) for s in range(4))]}
_ANNEX_RANKS = {annex: annex_rank(annex) for annex in _ANNEX_REFS}
_KEYS: dict[int, int | str | None] = {CLOSED: None, WHITE: "white", **{seat: seat for seat in range(4)}}
_ROOM_SERVICE: dict[int, int | None] = {NOBODY: None, **{seat: seat for seat in range(4)}}
_GUESTS: dict[int, str | None] = {NO_CARD: None, **dict(enumerate(CARD_IDS))}
_NO_CARDS: list[int] = []


def _annex_view(state: State, annex: int) -> dict[str, Any]:
    buried = state.buried.get(annex, _NO_CARDS)
    return {"annex": _ANNEX_REFS[annex], "buried": list(map(_CARD_ID, buried)),
            "free": _ANNEX_RANKS[annex] - len(buried)}  # free_capacity (R-BURY-3), inlined


def build_view(game: Game, seat: int | None, legal_actions: bool = True) -> dict[str, Any]:
    state, config = game.state, game.config
    current = flow.current_player(state)
    rooms = [{"room": room, "key": _KEYS[key], "room_service": _ROOM_SERVICE[service], "guest": _GUESTS[guest]}
             for room, key, service, guest in zip(range(1, 9), state.keys, state.room_service, state.rooms)]
    players = [{
        "seat": p,
        "cash": state.cash[p],
        "checks": state.checks[p],
        "checks_value": endgame.checks_value(state, p),
        "hand": _sorted_ids(state.hands[p]),
        "annexes": [_annex_view(state, a) for a in state.annexes[p]],
        "barn": _annex_view(state, barn_of(p)),
        "corpses": _sorted_ids(state.corpses[p]),
        "end_bonus": list(map(list, state.end_bonus[p])),
    } for p in range(state.players)]
    is_over = state.stage == Stage.OVER
    entrance = state.entrance
    view: dict[str, Any] = {
        "seat": seat,
        "settings": {"players": config.players, "length": config.length, "variants": sorted(config.variants)},
        "round": state.round,
        "season": state.season,
        "final_round": state.final_round,
        "first_player": state.first_player,
        "stage": state.stage,
        "decision": flow.decision(state),
        "current_player": current,
        "turn": state.turn,
        "police_present": state.police_present,
        "pending_release": state.pending_release,
        "is_over": is_over,
        "lost": state.lost,
        # In season 2 the stack is the exit stack reshuffled, so which cards it holds follows from public
        # history (as hands do, R-INFO-3); only their order stays hidden (R-INFO-2).
        "entrance": {"size": len(entrance),
                     "top": CARD_IDS[entrance[-1]] if entrance else None,
                     "cards": _sorted_ids(entrance) if state.reshuffled else None},
        "arrival": _GUESTS[state.arrival],
        "culled": len(state.culled),
        "rooms": rooms,
        "bistro": _sorted_ids(state.bistro),
        "exit": _sorted_ids(state.exit),
        "gravedigger": _sorted_ids(state.gravedigger),
        "unused_peasants": _sorted_ids(state.unused_peasants),
        "players": players,
    }
    if legal_actions and seat is not None and seat == current:
        view["legal_actions"] = [str(a) for a in game.legal_actions()]
    if is_over:
        view["scores"] = game.scores()
        view["winners"] = game.winners()
    return view


def unseen_travelers(view: dict[str, Any]) -> list[int]:
    """Travelers whose place a seat cannot know: the culled cards and the entrance stack below its top."""
    seen: set[int] = set()

    def add(ids: list[str] | None) -> None:
        for card_id in ids or ():
            seen.add(CARD_BY_ID[card_id])

    add([view["entrance"]["top"]] if view["entrance"]["top"] else None)
    add([view["arrival"]] if view["arrival"] else None)
    add([r["guest"] for r in view["rooms"] if r["guest"]])
    add(view["exit"])
    add(view["gravedigger"])
    for p in view["players"]:
        add(p["hand"])
        add(p["corpses"])
        for annex in [*p["annexes"], p["barn"]]:
            add(annex["buried"])
        add([a["annex"] for a in p["annexes"]])
    return [c for c in TRAVELERS if c not in seen]


def state_from_view(view: dict[str, Any], rng: random.Random) -> State:
    """A full state consistent with a view: the unseen travelers are dealt at random between the entrance
    stack (below its visible top card) and the culled box; in season 2, where the view lists the stack's
    cards, only their order is dealt. This is how search bots imagine the hidden cards without ever seeing
    them (determinization)."""
    hidden = unseen_travelers(view)
    size = view["entrance"]["size"]
    below = max(0, size - 1)
    if below > len(hidden):
        raise CorruptSaveError("the view shows fewer unseen cards than the entrance stack needs")
    top = [CARD_BY_ID[view["entrance"]["top"]]] if view["entrance"]["top"] else []
    known = view["entrance"].get("cards")
    if known is not None:  # season 2: the stack's cards are known, only their order is dealt
        stack = [CARD_BY_ID[c] for c in known]
        for card in top:
            stack.remove(card)
        if len(stack) != below or not set(stack) <= set(hidden):
            raise CorruptSaveError("the view's entrance stack does not match its size and unseen cards")
        rng.shuffle(stack)
        hidden = stack + sorted(set(hidden) - set(stack))
    else:
        rng.shuffle(hidden)
    players = view["players"]

    def cards(ids: list[str]) -> list[int]:
        return [CARD_BY_ID[i] for i in ids]

    buried: dict[int, list[int]] = {}
    for p in players:
        for annex in [*p["annexes"], p["barn"]]:
            if annex["buried"]:
                ref = annex["annex"]
                key = barn_of(int(ref[5:])) if ref.startswith("barn.") else CARD_BY_ID[ref]
                buried[key] = cards(annex["buried"])
    rooms = view["rooms"]
    fields: dict[str, Any] = dict(
        players=len(players),
        generator=random.Random(rng.getrandbits(64)),
        culled=sorted(hidden[below:]),
        unused_peasants=cards(view["unused_peasants"]),
        gravedigger=cards(view["gravedigger"]),
        entrance=hidden[:below] + top,
        arrival=CARD_BY_ID[view["arrival"]] if view["arrival"] else NO_CARD,
        rooms=[CARD_BY_ID[r["guest"]] if r["guest"] else NO_CARD for r in rooms],
        bistro=cards(view["bistro"]),
        hands=[cards(p["hand"]) for p in players],
        annexes=[[CARD_BY_ID[a["annex"]] for a in p["annexes"]] for p in players],
        buried=buried,
        corpses=[cards(p["corpses"]) for p in players],
        exit=cards(view["exit"]),
        keys=[CLOSED if r["key"] is None else (WHITE if r["key"] == "white" else r["key"]) for r in rooms],
        room_service=[NOBODY if r["room_service"] is None else r["room_service"] for r in rooms],
        cash=[p["cash"] for p in players],
        checks=[p["checks"] for p in players],
        round=view["round"],
        first_player=view["first_player"],
        reshuffled=view["season"] == 2,
        final_round=view["final_round"],
        stage=view["stage"],
        turn=view["turn"],
        police_present=view["police_present"],
        pending_release=view["pending_release"],
        lost=view["lost"],
        end_bonus=[[(a, n, lost) for a, n, lost in p["end_bonus"]] for p in players],
    )
    # Checked before it is a State: a compiled one refuses a field of the wrong type, or turns True into 1.
    problems = field_problems(fields, len(players))
    if problems:
        raise CorruptSaveError(f"the view shows an impossible position: {'; '.join(problems)}")
    return State(**fields)
