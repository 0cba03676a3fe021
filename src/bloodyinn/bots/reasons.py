"""One-line, plain-language reasons for suggested actions ("Bury the Count under your Dining Room: +18F, and
the police can no longer find it"), in the language in use."""

from __future__ import annotations

from ..actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from ..cards import CARD_TYPE, OCCUPATION_BY_ID, GuestType
from ..config import GameConfig
from ..state import NO_CARD, State
from ..texts import annex_text, render_action_in
from ..texts.catalog import N_, _
from .heuristics import (
    annex_owner,
    build_income,
    gain,
    my_actions_left,
    own_free_slots,
    police_in_rooms,
)

_APTITUDE_WORDS = {GuestType.POLICE: N_("a police accomplice comes back after every kill"),
                   GuestType.RELIGIOUS: N_("a religious accomplice comes back after every burial"),
                   GuestType.MERCHANT: N_("a merchant comes back after every bribe"),
                   GuestType.ARTISAN: N_("an artisan comes back after every build and can become an annex"),
                   GuestType.NOBLE: N_("a noble can become a money-making annex"),
                   GuestType.PEASANT: N_("a cheap accomplice to pay with")}


def reason(state: State, config: GameConfig, seat: int, action: Action) -> str:
    """What the action does and why it is worth doing, in one sentence."""
    return _("{action}: {why}.").format(action=render_action_in(state, action), why=_why(state, config, seat, action))


def _why(state: State, config: GameConfig, seat: int, action: Action) -> str:
    if isinstance(action, Pass):
        if action.buy_checks:
            return _("cash above 40F would be lost, checks are safe")
        if action.cash_checks:
            return _("cash is needed now, for wages or payments")
        return _("nothing else is worth the cards it costs")
    if isinstance(action, Bury):
        own = sum(1 for _, ref in action.corpses if annex_owner(state, ref) == seat)
        pocket = sum(OCCUPATION_BY_ID[occ].pocket for occ, _ in action.corpses)
        text = _("the full pocket money (up to {pocket}F), and the police can no longer find it") \
            if own == len(action.corpses) else \
            _("half the pocket money each (up to {pocket}F), and the police can no longer find it")
        return text.format(pocket=pocket)
    if isinstance(action, Kill):
        targets = [state.bistro[-1]] if action.peasant else [state.rooms[r - 1] for r in action.rooms]
        text = _("a corpse to bury for its pocket money")
        if own_free_slots(state, seat):
            text = _("a corpse to bury under your own annex for its full pocket money")
        if any(CARD_TYPE[c] is GuestType.POLICE for c in targets) and not police_in_rooms(state, action.rooms):
            text += "; " + _("with that police officer gone there is no investigation")
        elif police_in_rooms(state) and my_actions_left(state, seat) > 1:
            text += "; " + _("bury it this round, the police are in the inn")
        return text
    if isinstance(action, Bribe):
        if action.peasants:
            return _("free accomplices to pay for actions with")
        cards = [state.rooms[r - 1] for r in action.rooms if state.rooms[r - 1] != NO_CARD]
        text = "; ".join(sorted({_(_APTITUDE_WORDS[CARD_TYPE[c]]) for c in cards}))
        if state.corpses[seat] and police_in_rooms(state) and not police_in_rooms(state, action.rooms):
            text += "; " + _("and without police in the inn there is no investigation")
        return text
    if isinstance(action, Build):
        occ = OCCUPATION_BY_ID[action.card]
        income = gain(state, config, seat, build_income(state, seat, action.card))
        parts = [_("+{income}F now").format(income=f"{income:g}")] if income > 0 else []
        if occ.rank:
            parts.append(_("room for {n} corpse(s) at full pocket money").format(n=occ.rank))
        if occ.annex_text and not occ.annex_text.startswith("Immediately earn"):
            effect = annex_text(occ.id).rstrip(".")
            parts.append(effect[:1].lower() + effect[1:])
        return ", ".join(parts) or _("one accomplice fewer to pay wages for")
    if isinstance(action, Place):
        key = state.keys[action.room - 1]
        if key == seat:
            return _("your key: +1F when the traveler leaves")
        if key >= 0:
            return _("the least useful room left for your rivals")
        return _("a white-keyed room pays nobody")
    if isinstance(action, PayGravedigger):
        return _("keeps enough cash for the wages")
    if isinstance(action, Release):
        return _("they are the least useful accomplices")
    return _("it looks best")

