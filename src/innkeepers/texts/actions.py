"""Actions in words, in a language: the sentences of `innkeepers.describe`, written from the catalog."""

from __future__ import annotations

from ..actions import Action, Choose, Pass, Pick, Place, Play, Refer, Refill, Refuse, Relocate, Upgrade
from ..cards import CARD_BY_ID, ROOM_AMENITY, card_name
from .catalog import _
from .names import amenity_name, customer_name, player_name


def render_action(action: Action, fixed_rooms: bool = False, lang: str | None = None) -> str:
    """What `action` does, as a player would say it ("plays 7♠"); `fixed_rooms` as in the game's settings."""
    if isinstance(action, Play):
        return _("plays {card}", lang).format(card=card_name(CARD_BY_ID[action.card]))
    if isinstance(action, Place):
        return _("places the customer in room {room} ({amenity})", lang).format(
            room=action.room, amenity=amenity_name(ROOM_AMENITY[action.room - 1], lang).lower())
    if isinstance(action, Refer):
        return _("refers the customer to {player}", lang).format(player=player_name(action.seat, lang))
    if isinstance(action, Refuse):
        return _("refuses to refer the customer and keeps it for -1", lang)
    if isinstance(action, Choose):
        return _("chooses the next customer", lang)
    if isinstance(action, Pick):
        return _("picks the {customer} as the next customer", lang).format(
            customer=customer_name(action.customer, lang))
    if isinstance(action, Upgrade):
        return _("upgrades the referral in room {room}", lang).format(room=action.room)
    if isinstance(action, Relocate):
        if fixed_rooms:
            return _("swaps the customers of rooms {source} and {dest}", lang).format(source=action.source,
                                                                                      dest=action.dest)
        return _("relocates the customer in room {source} to room {dest}", lang).format(source=action.source,
                                                                                       dest=action.dest)
    if isinstance(action, Pass):
        return _("takes no second-place action", lang)
    if isinstance(action, Refill):
        return _("discards the hand and draws 7", lang) if action.new else _("keeps the hand and draws up to 7",
                                                                              lang)
    raise TypeError(f"not an action: {action!r}")
