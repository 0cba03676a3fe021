"""One-line, plain-language reasons for suggested actions ("Bury the Count under your Dining Room: +18F, and
the police can no longer find it")."""

from __future__ import annotations

from ..actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from ..cards import CARD_TYPE, OCCUPATION_BY_ID, GuestType
from ..config import GameConfig
from ..describe import describe_action
from ..state import NO_CARD, State
from .heuristics import (
    annex_owner,
    build_income,
    gain,
    my_actions_left,
    own_free_slots,
    police_in_rooms,
)

_APTITUDE_WORDS = {GuestType.POLICE: "a police accomplice comes back after every kill",
                   GuestType.RELIGIOUS: "a religious accomplice comes back after every burial",
                   GuestType.MERCHANT: "a merchant comes back after every bribe",
                   GuestType.ARTISAN: "an artisan comes back after every build and can become an annex",
                   GuestType.NOBLE: "a noble can become a money-making annex",
                   GuestType.PEASANT: "a cheap accomplice to pay with"}


def reason(state: State, config: GameConfig, seat: int, action: Action) -> str:
    """What the action does and why it is worth doing, in one sentence."""
    return f"{describe_action(state, action)}: {_why(state, config, seat, action)}."


def _why(state: State, config: GameConfig, seat: int, action: Action) -> str:
    if isinstance(action, Pass):
        if action.buy_checks:
            return "cash above 40F would be lost, checks are safe"
        if action.cash_checks:
            return "cash is needed now, for wages or payments"
        return "nothing else is worth the cards it costs"
    if isinstance(action, Bury):
        own = sum(1 for _, ref in action.corpses if annex_owner(state, ref) == seat)
        pocket = sum(OCCUPATION_BY_ID[occ].pocket for occ, _ in action.corpses)
        money = "the full pocket money" if own == len(action.corpses) else "half the pocket money each"
        return f"{money} (up to {pocket}F), and the police can no longer find it"
    if isinstance(action, Kill):
        targets = [state.bistro[-1]] if action.peasant else [state.rooms[r - 1] for r in action.rooms]
        text = "a corpse to bury for its pocket money"
        if own_free_slots(state, seat):
            text = "a corpse to bury under your own annex for its full pocket money"
        if any(CARD_TYPE[c] is GuestType.POLICE for c in targets) and not police_in_rooms(state, action.rooms):
            text += "; with that police officer gone there is no investigation"
        elif police_in_rooms(state) and my_actions_left(state, seat) > 1:
            text += "; bury it this round, the police are in the inn"
        return text
    if isinstance(action, Bribe):
        if action.peasants:
            return "free accomplices to pay for actions with"
        cards = [state.rooms[r - 1] for r in action.rooms if state.rooms[r - 1] != NO_CARD]
        text = "; ".join(sorted({_APTITUDE_WORDS[CARD_TYPE[c]] for c in cards}))
        if state.corpses[seat] and police_in_rooms(state) and not police_in_rooms(state, action.rooms):
            text += "; and without police in the inn there is no investigation"
        return text
    if isinstance(action, Build):
        occ = OCCUPATION_BY_ID[action.card]
        income = gain(state, config, seat, build_income(state, seat, action.card))
        parts = [f"+{income:g}F now"] if income > 0 else []
        if occ.rank:
            parts.append(f"room for {occ.rank} corpse(s) at full pocket money")
        if occ.annex_text and not occ.annex_text.startswith("Immediately earn"):
            parts.append(occ.annex_text.rstrip(".").lower())
        return ", ".join(parts) or "one accomplice fewer to pay wages for"
    if isinstance(action, Place):
        key = state.keys[action.room - 1]
        if key == seat:
            return "your key: +1F when the traveler leaves"
        if key >= 0:
            return "the least useful room left for your rivals"
        return "a white-keyed room pays nobody"
    if isinstance(action, PayGravedigger):
        return "keeps enough cash for the wages"
    if isinstance(action, Release):
        return "they are the least useful accomplices"
    return "it looks best"

