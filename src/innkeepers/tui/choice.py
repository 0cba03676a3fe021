"""The guided choice of an Innkeepers decision, on top of `tabletop.tui.choice.GuidedChoice`.

After the kind of decision (when there is more than one) comes its target: a card of the hand (keys 1-7, in the
order the hand shows), a room (its own number, 1-15), a seat (P2: key 2), a customer, keep or change the hand;
then Enter confirms. No room is highlighted for a placement, so that Enter alone never puts a card in a room.
What a room would score comes from the engine: the action is tried on a copy of the game, and only the events of
the action itself are read (never what comes up next, which the seat may not know yet).
"""

from __future__ import annotations

from typing import Any

from tabletop.tui.choice import GuidedChoice, Option, Step

from ..actions import Action, Pick, Place, Play, Refer, Refill, Relocate, Upgrade
from ..cards import ROOM_AMENITY
from ..events import Event
from ..game import Game
from ..texts import amenity_name, render_action, render_event
from ..texts.catalog import N_, _
from . import render

KIND_LABELS = {
    "play": N_("Play a card"),
    "place": N_("Check the customer into a room"),
    "refer": N_("Refer the customer to another inn"),
    "refuse": N_("Refuse to refer: keep the customer for -1"),
    "choose": N_("Choose the next customer (draw 3)"),
    "pick": N_("Pick the next customer"),
    "upgrade": N_("Upgrade a referral on your board"),
    "relocate": N_("Relocate a customer on your board"),
    "pass": N_("Pass (no action)"),
    "refill": N_("Refill your hand"),
}
KIND_HELP = {
    "choose": N_("Draw 3 customer cards, put the one you pick face up as the next customer, the others under the "
                 "deck."),
    "upgrade": N_("A referred customer on your board becomes worth +2 to you; its referrer keeps +1."),
    "relocate": N_("Move a customer, with its card, to another empty room where the numbers still rise."),
    "refer": N_("The customer and the winning card go to an inn that has a possible room: +1 for you, +1 for "
                "them."),
}
# What the action itself causes, as opposed to what follows it (the next customer, the next trick).
OWN_EVENTS = ("place", "refer", "penalty", "upgrade", "relocate")


class Chooser(GuidedChoice):
    """One decision of `seat` in `game`, seen from that seat's view only."""

    def __init__(self, game: Game, seat: int, labels: list[str]) -> None:
        self.game = game
        self.seat = seat
        self.labels = labels
        self.view = game.view(seat)
        self._previews: dict[Action, list[Event]] = {}
        super().__init__(game.legal_actions(seat))

    def describe(self, action: Action) -> str:
        return render_action(action, self.game.config.fixed_rooms)

    def preview(self, action: Action) -> list[Event]:
        """The events `action` itself causes; nothing for a card played (it stays secret until the reveal)."""
        if isinstance(action, Play | Refill):
            return []
        if action not in self._previews:
            events = self.game.copy().apply(action, seat=self.seat)
            self._previews[action] = [e for e in events if e.kind in OWN_EVENTS]
        return self._previews[action]

    def details(self, option: Option) -> list[str]:
        lines = super().details(option)
        if len(option.actions) == 1:
            lines += [render_event(event, fixed_rooms=self.game.config.fixed_rooms)
                      for event in self.preview(option.actions[0])]
        return lines

    # ------------------------------------------------------------------------------------------ steps

    @property
    def kind_step(self) -> Step:
        return Step("kind", _("Choose what to do"), lambda a: a.kind, lambda a: _(KIND_LABELS[a.kind]),
                    lambda a: _(KIND_HELP[a.kind]) if a.kind in KIND_HELP else "")

    @property
    def kind_steps(self) -> dict[str, list[Step]]:
        hand = self.view["players"][self.seat]["hand"] or []
        return {
            "play": [Step("card", _("Which card do you play?"), lambda a: _as(a, Play).card,
                          lambda a: render.card(_as(a, Play).card).plain,
                          number=lambda a: hand.index(_as(a, Play).card) + 1)],
            "place": [Step("room", _("Which room for {customer}? Type its number.").format(customer=self._guest()),
                           lambda a: _as(a, Place).room, self._place_label, number=lambda a: _as(a, Place).room,
                           explicit=True)],
            "refer": [Step("seat", _("Refer the customer to whom?"), lambda a: _as(a, Refer).seat,
                           lambda a: self.labels[_as(a, Refer).seat], number=lambda a: _as(a, Refer).seat + 1)],
            "pick": [Step("customer", _("Which customer comes up next?"), lambda a: _as(a, Pick).customer,
                          lambda a: render.customer(_as(a, Pick).customer).plain)],
            "upgrade": [Step("room", _("Upgrade the referral in which room?"), lambda a: _as(a, Upgrade).room,
                             self._occupied_label, number=lambda a: _as(a, Upgrade).room)],
            "relocate": [Step("source", _("Which customer moves?"), lambda a: _as(a, Relocate).source,
                              lambda a: self._room_label(_as(a, Relocate).source),
                              number=lambda a: _as(a, Relocate).source),
                         Step("dest", _("To which room?"), lambda a: _as(a, Relocate).dest,
                              lambda a: self._room_label(_as(a, Relocate).dest),
                              number=lambda a: _as(a, Relocate).dest)],
            "refill": [Step("refill", _("Keep your cards or change them?"), lambda a: _as(a, Refill).new,
                            lambda a: self.describe(a).capitalize())],
        }

    def _guest(self) -> str:
        """'the Luxury ♦ (wants the Spa) with 12♦': the customer being placed and the card it comes with."""
        view = self.view
        text = _("the {customer}").format(customer=render.customer(view["customer"]).plain) if view["customer"] \
            else _("the customer")
        winner = view["winner"]
        card = view["players"][winner]["card"] if winner is not None else None
        return _("{customer} with {card}").format(customer=text, card=render.card(card).plain) if card else text

    def _room_label(self, room: int) -> str:
        """'Pool: 3♦ L♠' (the room's number is the option's number)."""
        stay = self.view["players"][self.seat]["board"][room - 1]
        text = amenity_name(ROOM_AMENITY[room - 1])
        if stay["customer"] is not None:
            text += f": {render.card(stay['card']).plain} {render.customer_tag(stay['customer']).plain}"
        return text

    def _occupied_label(self, action: Action) -> str:
        return self._room_label(_as(action, Upgrade).room)

    def _place_label(self, action: Action) -> str:
        """'Pool +3' (room 8), the points as the engine scores them."""
        text = self._room_label(_as(action, Place).room)
        placed = [e for e in self.preview(action) if e.kind == "place"]
        return f"{text} {placed[0].amount:+d}" if placed else text


def _as(action: Action, kind: type[Any]) -> Any:
    assert isinstance(action, kind)
    return action
