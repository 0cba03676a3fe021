"""Events: what an applied action caused, for game logs and animations.

Every state change the engine makes is reported as an `Event`, so faces never re-derive what happened.
Zones are named as in the spec: ``entrance``, ``arrival``, ``room3``, ``bistro``, ``hand:0``, ``annex:0``,
``under:distiller.2``, ``corpses:0``, ``exit``, ``box``. `Event.text` is a plain-language sentence.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Action
from .cards import CARD_BY_ID, annex_name, card_name
from .describe import describe


def player_name(seat: int | None) -> str:
    return f"P{seat + 1}" if seat is not None else "Nobody"


def _zone_words(zone: str | None) -> str:
    if zone is None:
        return "?"
    if zone.startswith("room"):
        return f"room {zone[4:]}"
    kind, _, owner = zone.partition(":")
    if kind == "hand":
        return f"{player_name(int(owner))}'s hand"
    if kind == "annex":
        return f"{player_name(int(owner))}'s annexes"
    if kind == "corpses":
        return f"{player_name(int(owner))}'s corpses"
    if kind == "under":
        if owner.startswith("barn."):
            return f"under {player_name(int(owner[5:]))}'s barn"
        return f"under the {annex_name(CARD_BY_ID[owner])}"
    return {"exit": "the exit stack", "box": "the box", "entrance": "the entrance stack",
            "arrival": "the door", "bistro": "the bistro"}.get(zone, zone)


class Event(NamedTuple):
    """One thing that happened. A tuple, because games create many of them and most are never read.

    The engine writes its frequent events positionally, which costs half a keyword construction:
    ``Event("move", seat, card, source, dest)`` and ``Event("draw", None, card, source, dest)``."""

    kind: str
    seat: int | None = None
    card: str | None = None
    source: str | None = None
    dest: str | None = None
    amount: int = 0
    note: str = ""
    action: Action | None = None  # for "action" events: the decision taken
    facts: tuple[int, ...] = ()  # for "action" events: what the description needs of the state before it

    @property
    def notation(self) -> str:
        return str(self.action) if self.action is not None else ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for name in ("seat", "card", "source", "dest", "amount", "note", "notation"):
            value = getattr(self, name)
            if value not in (None, "", 0) or (name == "amount" and self.kind in _MONEY_KINDS):
                data[name] = value
        data["text"] = self.text
        return data

    @property
    def text(self) -> str:
        who = player_name(self.seat)
        name = card_name(CARD_BY_ID[self.card]) if self.card else ""
        kind = self.kind
        if kind == "action" and self.action is not None:
            return f"{who}: {describe(self.action, self.facts)}."
        if kind == "return":
            return f"{name} comes back to {who}'s hand ({self.note})."
        if kind == "move":
            return f"{name} goes from {_zone_words(self.source)} to {_zone_words(self.dest)}."
        if kind == "gain":
            return f"{who} gains {self.amount}F ({self.note})."
        if kind == "cap":
            return f"{who} loses {self.amount}F above the 40F cap ({self.note})."
        if kind == "pay":
            return f"{who} pays {self.amount}F ({self.note})."
        if kind == "checks":
            verb = "takes" if self.amount > 0 else "gives up"
            return f"{who} {verb} {abs(self.amount)} check(s) ({self.note})."
        return _SIMPLE.get(kind, "{note}").format(who=who, name=name, n=self.amount, note=self.note,
                                                  zone=_zone_words(self.dest))


_MONEY_KINDS = ("gain", "cap", "pay", "checks")
_SIMPLE = {
    "round": "Round {n} begins ({note}); {who} is the first player.",
    "reshuffle": "The entrance stack is empty: the {n} cards of the exit stack are shuffled into a new one."
                 " Season 2 begins.",
    "draw": "{name} arrives at the inn.",
    "final_round": "The entrance stack is empty again: this is the final round.",
    "skip_final_round": "Fewer travelers than players in the inn: the final round is not played.",
    "night": "Night falls.",
    "police": "Police in the inn: the police investigate!",
    "no_police": "No police in the inn tonight.",
    "key": "{who}'s key replaces the white key of {zone}.",
    "room_service": "{who} puts a Room Service token on {zone}.",
    "wages": "{who} owes {n}F in wages.",
    "end_of_game": "The game is over.",
    "solo_lost": "{who} is arrested with unburied corpses: the game is lost.",
}
