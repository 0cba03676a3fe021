"""The end of a trick (I-R-31, I-R-33, I-G-12 steps 5-6, I-G-26): the losing cards go to the discard pile, the
next customer comes up (the one picked by Choose, or the deck's top card), and the game ends right after a
trick that fills someone's 15th room or leaves no customer to turn up. After every fourth trick the hands are
refilled (I-R-32)."""

from __future__ import annotations

from ..cards import CARD_IDS, CUSTOMER_IDS
from ..config import TRICKS_PER_HAND
from ..events import Event
from ..state import NO_CARD, NOBODY, Stage, State
from .choose import take_from_deck


def finish(state: State, events: list[Event] | None) -> None:
    for seat, card in enumerate(state.played):
        if card != NO_CARD:
            state.discard.append(card)
            if events is not None:
                events.append(Event("discard", seat, CARD_IDS[card], f"played:{seat}", "discard"))
    state.played = [NO_CARD] * state.players
    state.winner = state.second = NOBODY
    full = [seat for seat, board in enumerate(state.boards) if None not in board]
    if full:
        end(state, events, f"P{full[0] + 1}'s inn is full")
        return
    if state.customer == NO_CARD:
        if not state.deck:
            end(state, events, "no customer is left")
            return
        state.customer = take_from_deck(state)
    state.trick += 1
    if (state.trick - 1) % TRICKS_PER_HAND == 0:
        state.stage = Stage.REFILL
    else:
        start(state, events)


def start(state: State, events: list[Event] | None) -> None:
    state.stage = Stage.PLAY
    if events is not None:
        events.append(Event("trick", card=CUSTOMER_IDS[state.customer], amount=state.trick))


def end(state: State, events: list[Event] | None, reason: str) -> None:
    state.stage = Stage.OVER
    state.end_reason = reason
    if events is not None:
        events.append(Event("end_of_game", note=reason))
