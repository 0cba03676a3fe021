"""Referring a customer the winner cannot place, and the -1 penalty (I-R-28..30, I-G-17..20, I-G-22).

The customer and the winning card travel together; the winner chooses among the seats with a legal room,
and that seat must place it (I-G-18). Nobody can take it: the winner keeps the customer card for -1 and the
winning card is discarded (I-G-19).
"""

from __future__ import annotations

from ..actions import Refer, Refuse
from ..cards import CARD_IDS, CUSTOMER_IDS
from ..config import GameConfig
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, Stage, State
from .placement import legal_rooms

_REFERS = tuple(Refer(seat) for seat in range(4))
_REFUSE = Refuse()


def recipients(state: State, config: GameConfig) -> list[int]:
    """The other seats whose inn has a legal room for the winning card."""
    card = state.played[state.winner]
    return [seat for seat in range(state.players)
            if seat != state.winner and legal_rooms(state.boards[seat], card, config.fixed_rooms)]


def must_refer(state: State, config: GameConfig) -> bool:
    """The winner has no legal room: the customer must be referred, or kept for -1 (I-R-28)."""
    return not legal_rooms(state.boards[state.winner], state.played[state.winner], config.fixed_rooms)


def may_refer(state: State, config: GameConfig) -> bool:
    """Referral is allowed when the winner has no legal room, or always with voluntary_referral (I-G-22)."""
    return config.voluntary_referral or must_refer(state, config)


def legal(state: State, config: GameConfig, placeable: bool) -> list[Refer | Refuse]:
    """The winner's referrals (and refusal), `placeable` telling whether the winner has a legal room (as
    `placement.legal` found: not listed twice)."""
    if placeable and not config.voluntary_referral:
        return []
    options: list[Refer | Refuse] = [_REFERS[seat] for seat in recipients(state, config)]
    if options and config.allow_refuse_referral and not placeable:
        options.append(_REFUSE)
    return options


def check_refer(state: State, config: GameConfig, action: Refer) -> None:
    winner = state.winner
    if not may_refer(state, config):
        raise IllegalActionError("P{player} has a legal room and must place the customer", "I-G-17", player=winner + 1)
    if action.seat == winner:
        raise IllegalActionError("a winner cannot refer a customer to their own inn", "I-R-28")
    if not 0 <= action.seat < state.players:
        raise IllegalActionError("there is no P{player} in a {players}-player game", "I-R-28",
                                 player=action.seat + 1, players=state.players)
    if action.seat not in recipients(state, config):
        raise IllegalActionError("P{player}'s inn has no legal room for {card}", "I-G-18",
                                 player=action.seat + 1, card=CARD_IDS[state.played[winner]])


def check_refuse(state: State, config: GameConfig) -> None:
    if not config.allow_refuse_referral:
        raise IllegalActionError("refusing to refer is not allowed: referral is compulsory", "I-G-20")
    if not must_refer(state, config):
        raise IllegalActionError("P{player} has a legal room: only a winner who must refer may refuse",
                                 "I-G-20", player=state.winner + 1)
    if not recipients(state, config):
        raise IllegalActionError("nobody can take the customer: the -1 follows without a decision", "I-R-30")


def refer(state: State, action: Refer, events: list[Event] | None) -> None:
    if events is not None:
        events.append(Event("refer", state.winner, CUSTOMER_IDS[state.customer], target=action.seat))
    state.referrer, state.host = state.winner, action.seat
    state.stage = Stage.HOST


def penalty(state: State, events: list[Event] | None) -> None:
    """The winner keeps the customer card as a -1 marker; the winning card is discarded (I-R-30, I-G-19)."""
    winner = state.winner
    state.kept[winner].append(state.customer)
    card = state.played[winner]
    state.discard.append(card)
    if events is not None:
        events.append(Event("penalty", winner, CUSTOMER_IDS[state.customer], "customer", f"kept:{winner}", -1))
        events.append(Event("discard", winner, CARD_IDS[card], f"played:{winner}", "discard"))
    state.played[winner] = NO_CARD
    state.customer = NO_CARD
    state.stage = Stage.SECOND
