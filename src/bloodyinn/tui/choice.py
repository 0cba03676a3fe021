"""The guided choice of a move in The Bloody Inn: its steps on top of `tabletop.tui.choice.GuidedChoice`.

After the kind of action come the target(s), the payment, then any follow-up choice (Room Service or Monk room,
the Chapel's cards to let go). Payment labels say which played cards come back, from the engine's own
`game.preview`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from tabletop.tui.choice import GuidedChoice, Option, Step

from ..actions import Action, Bribe, Build, Bury, Kill, PayGravedigger, Place, Release
from ..events import Event
from ..game import Game
from . import render

KIND_LABELS = {
    "place": "Welcome the traveler",
    "pass": "Pass (and perhaps launder money)",
    "bribe": "Bribe a guest",
    "build": "Build an annex",
    "kill": "Kill a guest",
    "bury": "Bury a corpse",
    "gravedigger": "Pay the gravedigger",
    "release": "Let accomplices go",
}
KIND_HELP = {
    "pass": "Do nothing, or turn 10F into a check or a check into 10F.",
    "bribe": "Take a guest into your hand as an accomplice. Play as many cards as its rank; merchants come back.",
    "build": "Turn a card of your hand into an annex. Play as many other cards as its rank; artisans come back.",
    "kill": "Make a guest a corpse in front of you. Play as many cards as its rank; police come back.",
    "bury": "Bury a corpse under an annex and take its pocket money. Play as many cards as its rank;"
            " religious come back.",
}
SOLO_LOSS = "This loses the game: the police will find an unburied corpse (solitaire, R-SOLO-4)."


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
        return self.game.describe(action)

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
            lines = [SOLO_LOSS] if self.loses(action) else []
            if self.step is None or self.step.name != "confirm":  # the Confirm option already says it
                lines.append(self.game.describe(action) + ".")
            lines += [event.text for event in self.preview(action) if event.kind != "action"]
            if option.info:
                lines.append(option.info)
            return lines
        lines = [option.info] if option.info else []
        lines.append(f"{len(option.actions)} ways to do it: the next steps narrow them down.")
        return lines

    def _fate_of_payment(self, action: Action) -> str:
        """'Newsboy back to hand; Peasant to the bistro', from the engine's preview."""
        back, exit_stack, bistro = [], [], []
        hand = f"hand:{self.seat}"
        for event in self.preview(action):
            if event.source != hand or event.card is None:
                continue
            name = render.occ_of(event.card).name
            if event.kind == "return":
                back.append(name)
            elif event.dest == "exit":
                exit_stack.append(name)
            elif event.dest == "bistro":
                bistro.append(name)
        parts = [f"{', '.join(names)} {where}" for names, where in
                 ((back, "back to hand"), (exit_stack, "to the exit stack"), (bistro, "to the bistro")) if names]
        return "; ".join(parts)

    # ------------------------------------------------------------------------------------------ steps

    @property
    def kind_step(self) -> Step:
        return Step("kind", "Choose an action", lambda a: a.kind, lambda a: KIND_LABELS[a.kind],
                    lambda a: KIND_HELP.get(a.kind, ""))

    @property
    def kind_steps(self) -> dict[str, list[Step]]:
        arriving = render.card_plain(self.view["arrival"]) if self.view["arrival"] else "the traveler"
        pay = Step("pay", "How do you pay?", _pay_key, self._pay_label)
        return {
            "place": [Step("room", f"Which room for {arriving}? (keys 1-8: the room)", lambda a: _as(a, Place).room,
                           self._room_label, number=lambda a: _as(a, Place).room)],
            "pass": [Step("launder", "Pass: launder money?", str, self.game.describe)],
            "bribe": [Step("target", "Whom do you bribe?", _target_key, self._target_label, number=_single_room),
                      pay],
            "kill": [Step("target", "Whom do you kill?", _target_key, self._target_label, number=_single_room),
                     pay],
            "build": [Step("card", "Which annex do you build?", lambda a: _as(a, Build).card, _build_label,
                           lambda a: render.annex_text(render.occ_of(_as(a, Build).card))),
                      pay,
                      Step("room", "Which room gets it? (keys 1-8: the room)", lambda a: _as(a, Build).room,
                           _build_room_label, number=lambda a: _as(a, Build).room)],
            "bury": [Step("corpses", "Which corpse, under which annex?", lambda a: _as(a, Bury).corpses,
                          self._corpses_label),
                     pay,
                     Step("drop", "Chapel: which played cards do you let go?", lambda a: _as(a, Bury).drop,
                          _drop_label)],
            "gravedigger": [Step("checks", "How do you pay the gravedigger?",
                                 lambda a: _as(a, PayGravedigger).checks, self.game.describe)],
            "release": [Step("cards", "Wages unpaid: who leaves?", lambda a: _as(a, Release).cards,
                             self.game.describe)],
        }

    def _room_label(self, action: Action) -> str:
        room = self.view["rooms"][_as(action, Place).room - 1]
        key = room["key"]
        text = f"Room {room['room']} (key {'white' if key == 'white' else f'P{key + 1}'}"
        if room["room_service"] is not None:
            text += f", Room Service of P{room['room_service'] + 1}"
        return text + ")"

    def _target_label(self, action: Action) -> str:
        if isinstance(action, Bribe) and action.peasants:
            return f"{render.count(action.peasants, 'peasant')} from the bistro"
        if isinstance(action, Kill) and action.peasant:
            return "A peasant in the bistro"
        rooms: tuple[int, ...] = getattr(action, "rooms", ())
        return " + ".join(f"Room {r}: {render.card_plain(self.view['rooms'][r - 1]['guest'])}" for r in rooms)

    def _corpses_label(self, action: Action) -> str:
        """'Baron [N0] under Cellar [R2] of P2': whose annex it is, since any player's may be used."""
        owners = {annex["annex"]: player["seat"] for player in self.view["players"] for annex in player["annexes"]}
        return " + ".join(f"{render.card_plain(occ)} under {render.annex_title(ref)}"
                          + (f" of P{owners[ref] + 1}" if ref in owners else "")
                          for occ, ref in _as(action, Bury).corpses)

    def _pay_label(self, action: Action) -> str:
        paid: tuple[str, ...] = getattr(action, "pay", ())
        if not paid:
            return "Pay nothing"
        fates = {self._fate_of_payment(a) for a in self.candidates if _pay_key(a) == paid}
        text = "Pay " + ", ".join(render.occ_of(o).name for o in paid)
        if len(fates) == 1:
            text += f": {fates.pop()}"
        return text


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
    return f"{occ.annex_name} (from your {render.card_plain(occ.id)})"


def _build_room_label(action: Action) -> str:
    build = _as(action, Build)
    if build.room is None:
        return "No room needed"
    if build.card == "monk":
        return f"Your key replaces the white key of room {build.room}"
    return f"Room Service token on room {build.room}"


def _drop_label(action: Action) -> str:
    drop = _as(action, Bury).drop
    if not drop:
        return "Keep every played card"
    return "Let " + ", ".join(render.occ_of(o).name for o in drop) + " go"

