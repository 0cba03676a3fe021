"""Actions in words, in a language: the sentences of `bloodyinn.describe` ("Bribe the Landscaper (rank 3) in
room 3 for free"), written from the catalog. In English they are the engine's own sentences."""

from __future__ import annotations

from tabletop.i18n import format_money

from ..actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from ..cards import CARD_OCC, OCCUPATIONS
from ..describe import action_facts
from ..state import NO_CARD, State
from .catalog import _, ngettext
from .names import annex_name_of, annex_title, occupation_name, player_name


def render_action_in(state: State, action: Action, lang: str | None = None) -> str:
    """What `action` does in `state` (the state before it is applied)."""
    return render_action(action, action_facts(state, action), lang)


def join_names(names: list[str], lang: str | None = None) -> str:
    """'a', 'a and b', 'a, b and c' in the language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{items} and {last}", lang).format(items=", ".join(names[:-1]), last=names[-1])


def _cards(occupations: tuple[str, ...], lang: str | None) -> str:
    return join_names([occupation_name(o, lang) for o in occupations], lang)


def _guests(rooms: tuple[int, ...], guests: tuple[int, ...], lang: str | None) -> str:
    parts = []
    for room, card in zip(rooms, guests, strict=True):
        if card == NO_CARD:
            parts.append(_("the guest in room {room}", lang).format(room=room))
        else:
            occ = OCCUPATIONS[CARD_OCC[card]]
            parts.append(_("the {card} (rank {rank}) in room {room}", lang).format(
                card=occupation_name(occ.id, lang), rank=occ.rank, room=room))
    return join_names(parts, lang)


def _paying(pay: tuple[str, ...], lang: str | None) -> str:
    return _(", paying {cards}", lang).format(cards=_cards(pay, lang)) if pay else _(" for free", lang)


def render_action(action: Action, facts: tuple[int, ...], lang: str | None = None) -> str:
    """The sentence for `action`, given the facts `bloodyinn.describe.action_facts` took before it was applied
    (an "action" event carries them)."""
    if isinstance(action, Place):
        if facts and facts[0] != NO_CARD:
            return _("Put the {card} in room {room}", lang).format(
                card=occupation_name(OCCUPATIONS[CARD_OCC[facts[0]]].id, lang), room=action.room)
        return _("Put the traveler in room {room}", lang).format(room=action.room)
    if isinstance(action, Pass):
        if action.buy_checks:
            return ngettext("Pass and launder {money} into {n} check", "Pass and launder {money} into {n} checks",
                            action.buy_checks, lang).format(money=format_money(10 * action.buy_checks, lang),
                                                            n=action.buy_checks)
        if action.cash_checks:
            return ngettext("Pass and cash {n} check for {money}", "Pass and cash {n} checks for {money}",
                            action.cash_checks, lang).format(money=format_money(10 * action.cash_checks, lang),
                                                             n=action.cash_checks)
        return _("Pass", lang)
    if isinstance(action, Bribe):
        if action.peasants:
            return ngettext("Bribe {n} peasant from the bistro", "Bribe {n} peasants from the bistro",
                            action.peasants, lang).format(n=action.peasants)
        return _("Bribe {guests}{paying}", lang).format(guests=_guests(action.rooms, facts, lang),
                                                         paying=_paying(action.pay, lang))
    if isinstance(action, Kill):
        if action.peasant:
            return _("Kill a peasant in the bistro", lang)
        return _("Kill {guests}{paying}", lang).format(guests=_guests(action.rooms, facts, lang),
                                                        paying=_paying(action.pay, lang))
    if isinstance(action, Build):
        text = _("Build the {annex} with your {card}{paying}", lang).format(
            annex=annex_title(action.card, lang), card=occupation_name(action.card, lang),
            paying=_paying(action.pay, lang))
        if action.room is not None:
            if action.card == "monk":
                text += _(", putting your key on room {room}", lang).format(room=action.room)
            else:
                text += _(", putting a Room Service token on room {room}", lang).format(room=action.room)
        return text
    if isinstance(action, Bury):
        parts = [_("the {card} under {annex}", lang).format(card=occupation_name(occ, lang),
                                                             annex=_annex_words(ref, lang))
                 for occ, ref in action.corpses]
        text = _("Bury {corpses}{paying}", lang).format(corpses=join_names(parts, lang),
                                                         paying=_paying(action.pay, lang))
        if action.drop:
            text += _(", letting {cards} go", lang).format(cards=_cards(action.drop, lang))
        return text
    if isinstance(action, PayGravedigger):
        fee, payable = facts if len(facts) == 2 else (0, 1)
        if not payable:
            return _("Pay the gravedigger everything you have ({money} owed)", lang).format(
                money=format_money(fee, lang))
        return ngettext("Pay the gravedigger {money}: {n} check and {cash} in cash",
                        "Pay the gravedigger {money}: {n} checks and {cash} in cash", action.checks, lang).format(
            money=format_money(fee, lang), n=action.checks, cash=format_money(fee - 10 * action.checks, lang))
    if isinstance(action, Release):
        return _("Let {cards} go unpaid", lang).format(cards=_cards(action.cards, lang))
    raise TypeError(f"not an action: {action!r}")


def _annex_words(ref: str, lang: str | None) -> str:
    if ref.startswith("barn."):
        return _("the barn of {player}", lang).format(player=player_name(int(ref[5:]), lang))
    return _("the {annex}", lang).format(annex=annex_name_of(ref, lang))

