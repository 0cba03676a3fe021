"""Events: what an applied action caused, for game logs and animations.

Every event is public: none names a card that some seat may not see (committed cards and refill choices
appear as `commit` events without the card; the customers drawn by Choose only as a count). Faces can
broadcast every event to every seat. `Event.text` is a plain-language sentence.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Action
from .cards import CARD_BY_ID, CUSTOMER_BY_ID, card_name, customer_name


def player_name(seat: int | None) -> str:
    return f"P{seat + 1}" if seat is not None else "Nobody"


def _card_words(card: str | None) -> str:
    if card is None:
        return ""
    if card in CARD_BY_ID:
        return card_name(CARD_BY_ID[card])
    return f"the {customer_name(CUSTOMER_BY_ID[card])}"


class Event(NamedTuple):
    """One thing that happened. `card` is a playing-card or customer id; `target` another seat."""

    kind: str
    seat: int | None = None
    card: str | None = None
    source: str | None = None
    dest: str | None = None
    amount: int = 0
    note: str = ""
    target: int | None = None
    action: Action | None = None  # for "action" events: the decision taken

    @property
    def notation(self) -> str:
        return str(self.action) if self.action is not None else ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for name in ("seat", "card", "source", "dest", "amount", "note", "target", "notation"):
            value = getattr(self, name)
            if value not in (None, "", 0) or (name == "amount" and self.kind in _SCORING_KINDS):
                data[name] = value
        data["text"] = self.text
        return data

    @property
    def text(self) -> str:
        room = self.dest[4:] if self.dest and self.dest.startswith("room") else ""
        source = self.source[4:] if self.source and self.source.startswith("room") else ""
        text = _TEXTS[self.kind].format(
            who=player_name(self.seat), other=player_name(self.target), card=_card_words(self.card),
            n=self.amount, note=self.note, room=room, source=source, s="" if self.amount == 1 else "s",
            points=f"{self.amount:+d}")
        return text[0].upper() + text[1:]


_SCORING_KINDS = ("place", "penalty")
_TEXTS = {
    "deal": "{who} is dealt {n} card{s}.",
    "bonus": "{who} receives a secret bonus card.",
    "trick": "Trick {n} is played for {card}.",
    "commit": "{who} has chosen {note}.",
    "reveal": "{who} reveals {card}.",
    "win": "{who} wins the trick with {card}.",
    "second": "{who} comes second and may take an action.",
    "action": "{who}: {note}.",
    "place": "{card} checks into room {room} of {who}'s inn ({note}, {points}).",
    "refer": "{who} refers {card} to {other}'s inn (+1 for {who}).",
    "penalty": "Nobody takes {card}: {who} keeps it and scores -1.",
    "choose": "{who} draws {n} customer card{s} to choose from.",
    "bottom": "{n} customer card{s} go face down to the bottom of the deck.",
    "upgrade": "{card} in room {room} of {who}'s inn is upgraded: +2 for {who}, still +1 for {other}.",
    "relocate": "{card} moves from room {source} to room {room} of {who}'s inn ({note}).",
    "discard": "{card} goes to the discard pile.",
    "reshuffle": "The draw pile is empty: the {n} discarded card{s} are shuffled into a new one.",
    "refill": "{who} {note} and draws {n} card{s}.",
    "end_of_game": "The game is over: {note}.",
}
