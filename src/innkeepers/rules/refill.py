"""Refilling after every fourth trick (I-R-31, I-R-32, I-G-25): each seat secretly chooses to keep its cards and
draw up to 7, or to discard them and draw 7. Choices are revealed together, then carried out in seat order
from the left of the last trick's winner (I-G-13). An empty draw pile is refilled by shuffling the discards;
if even that is not enough, a seat draws what there is."""

from __future__ import annotations

from ..actions import Refill
from ..cards import CARD_IDS
from ..config import HAND_SIZE
from ..events import Event
from ..state import UNDECIDED, State

KEEP, NEW = Refill(False), Refill(True)
OPTIONS = [KEEP, NEW]


def commit(state: State, seat: int, action: Refill, events: list[Event] | None) -> None:
    state.refills[seat] = int(action.new)
    if events is not None:
        events.append(Event("commit", seat, note="how to refill"))


def draw(state: State, seat: int, count: int, events: list[Event] | None) -> int:
    """Draw up to `count` playing cards into a hand, reshuffling the discards when the pile runs out."""
    drawn = 0
    hand = state.hands[seat]
    while drawn < count:
        if not state.draw:
            if not state.discard:
                break
            state.draw, state.discard = state.discard, []
            state.rng.shuffle(state.draw)
            if events is not None:
                events.append(Event("reshuffle", amount=len(state.draw)))
        hand.append(state.draw.pop())
        drawn += 1
    return drawn


def resolve(state: State, events: list[Event] | None) -> None:
    n = state.players
    first = (state.log[-1].winner + 1) % n
    for seat in [(first + i) % n for i in range(n)]:
        new = state.refills[seat] == 1
        hand = state.hands[seat]
        if new:
            for card in sorted(hand):
                state.discard.append(card)
                if events is not None:
                    events.append(Event("discard", seat, CARD_IDS[card], f"hand:{seat}", "discard"))
            hand.clear()
        drawn = draw(state, seat, HAND_SIZE - len(hand), events)
        if events is not None:
            events.append(Event("refill", seat, amount=drawn,
                                note="discards the rest of the hand" if new else "keeps the hand"))
    state.refills = [UNDECIDED] * n
