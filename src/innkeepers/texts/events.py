"""Events in words, in a language: the sentences of `innkeepers.events.Event.text`, written from the catalog,
the engine's notes included (what was committed, why a customer scores what it scores, why the game ended)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import AMENITIES
from ..events import Event
from .actions import render_action
from .catalog import N_, _, ngettext
from .names import amenity_name, card_words, player_name

_FIXED_NOTES = {note: note for note in (N_("a card"), N_("how to refill"), N_("discards the rest of the hand"),
                                        N_("keeps the hand"), N_("no customer is left"),
                                        N_("amenity not matched: cube"))}
_PLAYER = r"P(\d)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(_PLAYER + r"'s inn is full"), N_("{player}'s inn is full")),
    (re.compile(r"a referral from " + _PLAYER + r", with their cube"), N_("a referral from {player}, with their cube")),
    (re.compile(r"an upgraded referral with " + _PLAYER + r"'s meeple: \+2"),
     N_("an upgraded referral with {player}'s meeple: +2")),
    (re.compile(r"a referral with " + _PLAYER + r"'s cube: \+1"), N_("a referral with {player}'s cube: +1")),
]
_MATCHED = re.compile(rf"({'|'.join(AMENITIES)}) matched: meeple")
_NOW_WITH = {"now with a meeple: +3": N_("now with a meeple: +3"), "now with a cube: +2": N_("now with a cube: +2")}


def render_note(note: str, lang: str | None = None) -> str:
    if note in _FIXED_NOTES:
        return _(note, lang)
    if note in _NOW_WITH:
        return _(note, lang)
    if match := _MATCHED.fullmatch(note):
        return _("{amenity} matched: meeple", lang).format(amenity=amenity_name(match[1], lang).lower())
    for pattern, template in _PATTERNS:
        if match := pattern.fullmatch(note):
            return _(template, lang).format(player=player_name(int(match[1]) - 1, lang))
    return note


_TEXTS = {
    "bonus": N_("{who} receives a secret bonus card."),
    "trick": N_("Trick {n} is played for {card}."),
    "commit": N_("{who} has chosen {note}."),
    "reveal": N_("{who} reveals {card}."),
    "win": N_("{who} wins the trick with {card}."),
    "second": N_("{who} comes second and may take an action."),
    "place": N_("{card} checks into room {room} of {who}'s inn ({note}, {points})."),
    "refer": N_("{who} refers {card} to {other}'s inn (+1 for {who})."),
    "penalty": N_("Nobody takes {card}: {who} keeps it and scores -1."),
    "upgrade": N_("{card} in room {room} of {who}'s inn is upgraded: +2 for {who}, still +1 for {other}."),
    "relocate": N_("{card} moves from room {source} to room {room} of {who}'s inn ({note})."),
    "discard": N_("{card} goes to the discard pile."),
    "end_of_game": N_("The game is over: {note}."),
}
# The sentences that count something, by the count.
_COUNTED: dict[str, Callable[[int, str | None], str]] = {
    "deal": lambda n, lang: ngettext("{who} is dealt {n} card.", "{who} is dealt {n} cards.", n, lang),
    "choose": lambda n, lang: ngettext("{who} draws {n} customer card to choose from.",
                                       "{who} draws {n} customer cards to choose from.", n, lang),
    "bottom": lambda n, lang: ngettext("{n} customer card goes face down to the bottom of the deck.",
                                       "{n} customer cards go face down to the bottom of the deck.", n, lang),
    "reshuffle": lambda n, lang: ngettext("The draw pile is empty: the {n} discarded card is shuffled into a new one.",
                                          "The draw pile is empty: the {n} discarded cards are shuffled into a new "
                                          "one.", n, lang),
    "refill": lambda n, lang: ngettext("{who} {note} and draws {n} card.", "{who} {note} and draws {n} cards.", n,
                                       lang),
}


def render_event(event: Event, lang: str | None = None, fixed_rooms: bool = False) -> str:
    """The sentence for `event` in `lang` (the language in use if None); `fixed_rooms` as in the game's settings
    (an action event's sentence depends on it)."""
    who = player_name(event.seat, lang)
    if event.kind == "action" and event.action is not None:
        return _("{who}: {action}.", lang).format(who=who, action=render_action(event.action, fixed_rooms, lang))
    room = event.dest[4:] if event.dest and event.dest.startswith("room") else ""
    source = event.source[4:] if event.source and event.source.startswith("room") else ""
    counted = _COUNTED.get(event.kind)
    text = counted(event.amount, lang) if counted else _(_TEXTS[event.kind], lang)
    text = text.format(who=who, other=player_name(event.target, lang), card=card_words(event.card, lang),
                       n=event.amount, note=render_note(event.note, lang) if event.note else "", room=room,
                       source=source, points=f"{event.amount:+d}")
    return text[0].upper() + text[1:]
