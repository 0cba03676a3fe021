"""The guided choice of a move in The Bloody Inn: its steps on top of `tabletop.tui.choice.GuidedChoice`.

After the kind of action come the target(s), the payment, then any follow-up choice (Room Service or Monk room,
the Chapel's cards to let go). Payment labels say which played cards come back, from the engine's own
`game.preview`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from tabletop.tui.choice import GuidedChoice, Option, Step, ways

from ..actions import Action, Bribe, Build, Bury, Kill, PayGravedigger, Place, Release
from ..events import Event
from ..game import Game
from ..texts import annex_text, annex_title, occupation_name, render_action_in, render_event
from ..texts.catalog import N_, _
from . import render

KIND_LABELS = {
    "place": N_("Welcome the traveler"),
    "pass": N_("Pass (and perhaps launder money)"),
    "bribe": N_("Bribe a guest"),
    "build": N_("Build an annex"),
    "kill": N_("Kill a guest"),
    "bury": N_("Bury a corpse"),
    "gravedigger": N_("Pay the gravedigger"),
    "release": N_("Let accomplices go"),
}
KIND_HELP = {
    "pass": N_("Do nothing, or turn 10F into a check or a check into 10F."),
    "bribe": N_("Take a guest into your hand as an accomplice. Play as many cards as its rank; merchants come back."),
    "build": N_("Turn a card of your hand into an annex. Play as many other cards as its rank; artisans come back."),
    "kill": N_("Make a guest a corpse in front of you. Play as many cards as its rank; police come back."),
    "bury": N_("Bury a corpse under an annex and take its pocket money. Play as many cards as its rank;"
               " religious come back."),
}
SOLO_LOSS = N_("This loses the game: the police will find an unburied corpse (solitaire, R-SOLO-4).")


class Chooser(GuidedChoice):
    """The state of one guided choice for the seat that must decide in `game`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seat = game.current_player
        self.view = game.view(None)
        self._previews: dict[Action, list[Event]] = {}
        self._loses: dict[Action, bool] = {}
        super().__init__(game.legal_actions())

    def describe(self, action: Action) -> str:
        return render_action_in(self.game.state, action)

    def silent(self, step: Step, option: Option) -> bool:
        """Also silent: no room to pick, no card to let go."""
        return super().silent(step, option) or (
            step.name in ("room", "drop") and step.key(option.actions[0]) in (None, ()))

    # ------------------------------------------------------------------------------------------ previews

    def preview(self, action: Action) -> list[Event]:
        if action not in self._previews:
            self._previews[action] = self.game.preview(action)
        return self._previews[action]

    def loses(self, action: Action) -> bool:
        """Whether the engine says this action loses a solitaire game to the police."""
        if action not in self._loses:
            self._loses[action] = self.game.loses_to_police(action)
        return self._loses[action]

    def details(self, option: Option) -> list[str]:
        """Sentences for the detail pane: what the single action would do, or what the option is about."""
        if len(option.actions) == 1:
            action = option.actions[0]
            lines = [_(SOLO_LOSS)] if self.loses(action) else []
            if self.step is None or self.step.name != "confirm":  # the Confirm option already says it
                lines.append(self.describe(action) + ".")
            lines += [render_event(event) for event in self.preview(action) if event.kind != "action"]
            if option.info:
                lines.append(option.info)
            return lines
        lines = [option.info] if option.info else []
        lines.append(ways(len(option.actions)))
        return lines

    def _fate_of_payment(self, action: Action) -> str:
        """'Newsboy back to hand; Peasant to the bistro', from the engine's preview."""
        back, exit_stack, bistro = [], [], []
        hand = f"hand:{self.seat}"
        for event in self.preview(action):
            if event.source != hand or event.card is None:
                continue
            name = occupation_name(render.occ_of(event.card).id)
            if event.kind == "return":
                back.append(name)
            elif event.dest == "exit":
                exit_stack.append(name)
            elif event.dest == "bistro":
                bistro.append(name)
        parts = [where.format(cards=", ".join(names)) for names, where in
                 ((back, _("{cards} back to hand")), (exit_stack, _("{cards} to the exit stack")),
                  (bistro, _("{cards} to the bistro"))) if names]
        return "; ".join(parts)

    # ------------------------------------------------------------------------------------------ steps

    @property
    def kind_step(self) -> Step:
        return Step("kind", _("Choose an action"), lambda a: a.kind, lambda a: _(KIND_LABELS[a.kind]),
                    lambda a: _(KIND_HELP[a.kind]) if a.kind in KIND_HELP else "")

    @property
    def kind_steps(self) -> dict[str, list[Step]]:
        arriving = render.card_plain(self.view["arrival"]) if self.view["arrival"] else _("the traveler")
        pay = Step("pay", _("How do you pay?"), _pay_key, self._pay_label)
        return {
            "place": [Step("room", _("Which room for {card}? (keys 1-8: the room)").format(card=arriving),
                           lambda a: _as(a, Place).room, self._room_label, number=lambda a: _as(a, Place).room)],
            "pass": [Step("launder", _("Pass: launder money?"), str, self.describe)],
            "bribe": [Step("target", _("Whom do you bribe?"), _target_key, self._target_label, number=_single_room),
                      pay],
            "kill": [Step("target", _("Whom do you kill?"), _target_key, self._target_label, number=_single_room),
                     pay],
            "build": [Step("card", _("Which annex do you build?"), lambda a: _as(a, Build).card, _build_label,
                           lambda a: _annex_effect(_as(a, Build).card)),
                      pay,
                      Step("room", _("Which room gets it? (keys 1-8: the room)"), lambda a: _as(a, Build).room,
                           _build_room_label, number=lambda a: _as(a, Build).room)],
            "bury": [Step("corpses", _("Which corpse, under which annex?"), lambda a: _as(a, Bury).corpses,
                          self._corpses_label),
                     pay,
                     Step("drop", _("Chapel: which played cards do you let go?"), lambda a: _as(a, Bury).drop,
                          _drop_label)],
            "gravedigger": [Step("checks", _("How do you pay the gravedigger?"),
                                 lambda a: _as(a, PayGravedigger).checks, self.describe)],
            "release": [Step("cards", _("Wages unpaid: who leaves?"), lambda a: _as(a, Release).cards,
                             self.describe)],
        }

    def _room_label(self, action: Action) -> str:
        room = self.view["rooms"][_as(action, Place).room - 1]
        key = room["key"]
        owner = _("white") if key == "white" else render.player(key)
        if room["room_service"] is not None:
            return _("Room {room} (key {key}, Room Service of {player})").format(
                room=room["room"], key=owner, player=render.player(room["room_service"]))
        return _("Room {room} (key {key})").format(room=room["room"], key=owner)

    def _target_label(self, action: Action) -> str:
        if isinstance(action, Bribe) and action.peasants:
            return render.count(action.peasants, "peasant") + " " + _("from the bistro")
        if isinstance(action, Kill) and action.peasant:
            return _("A peasant in the bistro")
        rooms: tuple[int, ...] = getattr(action, "rooms", ())
        guests = self.view["rooms"]
        return " + ".join(_("Room {room}: {card}").format(room=r, card=render.card_plain(guests[r - 1]["guest"]))
                          for r in rooms)

    def _corpses_label(self, action: Action) -> str:
        """'Baron [N0] under Cellar [R2] of P2': whose annex it is, since any player's may be used."""
        owners = {annex["annex"]: player["seat"] for player in self.view["players"] for annex in player["annexes"]}
        return " + ".join((_("{card} under {annex} of {player}") if ref in owners else _("{card} under {annex}"))
                          .format(card=render.card_plain(occ), annex=render.annex_title(ref),
                                  player=render.player(owners.get(ref, 0)))
                          for occ, ref in _as(action, Bury).corpses)

    def _pay_label(self, action: Action) -> str:
        paid: tuple[str, ...] = getattr(action, "pay", ())
        if not paid:
            return _("Pay nothing")
        fates = {self._fate_of_payment(a) for a in self.candidates if _pay_key(a) == paid}
        cards = ", ".join(occupation_name(o) for o in paid)
        if len(fates) == 1:
            return _("Pay {cards}: {fate}").format(cards=cards, fate=fates.pop())
        return _("Pay {cards}").format(cards=cards)


def _as(action: Action, kind: type[Any]) -> Any:
    assert isinstance(action, kind)
    return action


def _pay_key(action: Action) -> Hashable:
    return getattr(action, "pay", ())


def _single_room(action: Action) -> int | None:
    """The room of a target in one room, whose number picks it; peasants and several rooms have none."""
    rooms: tuple[int, ...] = getattr(action, "rooms", ())
    return rooms[0] if len(rooms) == 1 else None


def _target_key(action: Action) -> Hashable:
    if isinstance(action, Bribe):
        return action.rooms, action.peasants
    kill = _as(action, Kill)
    return kill.rooms, kill.peasant


def _build_label(action: Action) -> str:
    occ = render.occ_of(_as(action, Build).card)
    return _("{annex} (from your {card})").format(annex=annex_title(occ.id), card=render.card_plain(occ.id))


def _annex_effect(occupation: str) -> str:
    """'Distillery: At the end of each round, ...'."""
    return _("{annex}: {effect}").format(annex=annex_title(occupation), effect=annex_text(occupation))


def _build_room_label(action: Action) -> str:
    build = _as(action, Build)
    if build.room is None:
        return _("No room needed")
    if build.card == "monk":
        return _("Your key replaces the white key of room {room}").format(room=build.room)
    return _("Room Service token on room {room}").format(room=build.room)


def _drop_label(action: Action) -> str:
    drop = _as(action, Bury).drop
    if not drop:
        return _("Keep every played card")
    return _("Let {cards} go").format(cards=", ".join(occupation_name(o) for o in drop))

