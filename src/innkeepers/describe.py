"""Plain-language sentences for actions, as a player would say them."""

from __future__ import annotations

from .actions import Action, Choose, Pass, Pick, Place, Play, Refer, Refill, Refuse, Relocate, Upgrade
from .cards import CARD_BY_ID, CUSTOMER_BY_ID, ROOM_AMENITY, card_name, customer_name


def describe(action: Action, fixed_rooms: bool = False) -> str:
    if isinstance(action, Play):
        return f"plays {card_name(CARD_BY_ID[action.card])}"
    if isinstance(action, Place):
        return f"places the customer in room {action.room} ({ROOM_AMENITY[action.room - 1]})"
    if isinstance(action, Refer):
        return f"refers the customer to P{action.seat + 1}"
    if isinstance(action, Refuse):
        return "refuses to refer the customer and keeps it for -1"
    if isinstance(action, Choose):
        return "chooses the next customer"
    if isinstance(action, Pick):
        return f"picks the {customer_name(CUSTOMER_BY_ID[action.customer])} as the next customer"
    if isinstance(action, Upgrade):
        return f"upgrades the referral in room {action.room}"
    if isinstance(action, Relocate):
        if fixed_rooms:
            return f"swaps the customers of rooms {action.source} and {action.dest}"
        return f"relocates the customer in room {action.source} to room {action.dest}"
    if isinstance(action, Pass):
        return "takes no second-place action"
    assert isinstance(action, Refill)
    return "discards the hand and draws 7" if action.new else "keeps the hand and draws up to 7"
