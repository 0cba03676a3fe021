"""Events in words, in a language: the sentences of `bloodyinn.events.Event.text`, written from the catalog so
that each reader gets them in their own language. The engine's notes (why money moved: "laundering", "burial
of a rank-2 corpse", an annex's name) are translated here too."""

from __future__ import annotations

import re

from tabletop.i18n import format_money

from ..cards import CARD_BY_ID, resolve_occupation
from ..events import Event
from .actions import render_action
from .catalog import N_, _, ngettext, pgettext
from .names import card_name, player_name

# The engine's notes that are fixed words; the others follow the patterns in `render_note`.
_FIXED_NOTES = {note: note for note in (
    N_("the gravedigger"), N_("laundering"), N_("Unlimited Wealth"), N_("occupied rooms"), N_("wages"),
    N_("aptitude"), N_("a corpse buried under their annex"))}
_SEASON = re.compile(r"season (\d+)")
_BURIAL = re.compile(r"burial of a rank-(\d+) corpse")
_ROOM_SERVICE = re.compile(r"Room Service in room (\d+)")
_AT_GAME_END = " at game end"


def render_note(note: str, lang: str | None = None) -> str:
    """An event's note (why money moved, which season) in the language."""
    if note in _FIXED_NOTES:
        return _(note, lang)
    if match := _SEASON.fullmatch(note):
        return _("season {n}", lang).format(n=match[1])
    if match := _BURIAL.fullmatch(note):
        return _("burial of a rank-{rank} corpse", lang).format(rank=match[1])
    if match := _ROOM_SERVICE.fullmatch(note):
        return _("Room Service in room {room}", lang).format(room=match[1])
    if note.endswith(_AT_GAME_END):
        return _("{annex} at game end", lang).format(annex=_annex(note[: -len(_AT_GAME_END)], lang))
    return _annex(note, lang)


def _annex(name: str, lang: str | None) -> str:
    """An annex named by its English name (the engine's notes name the annex that paid)."""
    return pgettext("annex", name, lang)


def zone_words(zone: str | None, lang: str | None = None) -> str:
    """Where a card is, in words: 'room 3', "P2's hand", 'under the Distillery', 'the exit stack'."""
    if zone is None:
        return "?"
    if zone.startswith("room"):
        return _("room {room}", lang).format(room=zone[4:])
    kind, _sep, owner = zone.partition(":")
    if kind == "hand":
        return _("{player}'s hand", lang).format(player=player_name(int(owner), lang))
    if kind == "annex":
        return _("{player}'s annexes", lang).format(player=player_name(int(owner), lang))
    if kind == "corpses":
        return _("{player}'s corpses", lang).format(player=player_name(int(owner), lang))
    if kind == "under":
        if owner.startswith("barn."):
            return _("under {player}'s barn", lang).format(player=player_name(int(owner[5:]), lang))
        occupation = resolve_occupation(owner.rpartition(".")[0]) if owner in CARD_BY_ID else None
        annex = pgettext("annex", occupation.annex_name, lang) if occupation and occupation.annex_name else owner
        return _("under the {annex}", lang).format(annex=annex)
    return _ZONES[zone](lang) if zone in _ZONES else zone


_ZONES = {
    "exit": lambda lang: _("the exit stack", lang),
    "box": lambda lang: _("the box", lang),
    "entrance": lambda lang: _("the entrance stack", lang),
    "arrival": lambda lang: _("the door", lang),
    "bistro": lambda lang: _("the bistro", lang),
}


def render_event(event: Event, lang: str | None = None) -> str:
    """The sentence for `event` in `lang` (the language in use if None); in English, `event.text`."""
    who = player_name(event.seat, lang)
    name = card_name(event.card, lang) if event.card else ""
    kind = event.kind
    note = render_note(event.note, lang) if event.note else ""
    money = format_money(event.amount, lang)
    if kind == "action" and event.action is not None:
        return _("{player}: {action}.", lang).format(player=who, action=render_action(event.action, event.facts,
                                                                                        lang))
    if kind == "return":
        return _("{card} comes back to {player}'s hand ({note}).", lang).format(card=name, player=who, note=note)
    if kind == "move":
        return _("{card} goes from {source} to {dest}.", lang).format(
            card=name, source=zone_words(event.source, lang), dest=zone_words(event.dest, lang))
    if kind == "gain":
        return _("{player} gains {money} ({note}).", lang).format(player=who, money=money, note=note)
    if kind == "cap":
        return _("{player} loses {money} above the 40F cap ({note}).", lang).format(player=who, money=money,
                                                                                     note=note)
    if kind == "pay":
        return _("{player} pays {money} ({note}).", lang).format(player=who, money=money, note=note)
    if kind == "checks":
        n = abs(event.amount)
        if event.amount > 0:
            text = ngettext("{player} takes {n} check ({note}).", "{player} takes {n} checks ({note}).", n, lang)
        else:
            text = ngettext("{player} gives up {n} check ({note}).", "{player} gives up {n} checks ({note}).", n,
                            lang)
        return text.format(player=who, n=n, note=note)
    zone = zone_words(event.dest, lang)
    if kind == "round":
        return _("Round {n} begins ({note}); {player} is the first player.", lang).format(n=event.amount, note=note,
                                                                                          player=who)
    if kind == "reshuffle":
        return _("The entrance stack is empty: the {n} cards of the exit stack are shuffled into a new one."
                 " Season 2 begins.", lang).format(n=event.amount)
    if kind == "draw":
        return _("{card} arrives at the inn.", lang).format(card=name)
    if kind == "key":
        return _("{player}'s key replaces the white key of {zone}.", lang).format(player=who, zone=zone)
    if kind == "room_service":
        return _("{player} puts a Room Service token on {zone}.", lang).format(player=who, zone=zone)
    if kind == "wages":
        return _("{player} owes {money} in wages.", lang).format(player=who, money=money)
    if kind == "solo_lost":
        return _("{player} is arrested with unburied corpses: the game is lost.", lang).format(player=who)
    if kind in _FIXED_EVENTS:
        return _(_FIXED_EVENTS[kind], lang)
    return note


_FIXED_EVENTS = {
    "final_round": N_("The entrance stack is empty again: this is the final round."),
    "skip_final_round": N_("Fewer travelers than players in the inn: the final round is not played."),
    "night": N_("Night falls."),
    "police": N_("Police in the inn: the police investigate!"),
    "no_police": N_("No police in the inn tonight."),
    "end_of_game": N_("The game is over."),
}
