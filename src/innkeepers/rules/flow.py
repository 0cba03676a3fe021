"""The trick's progression (I-G-12): automatic steps run until someone must decide.

`advance` moves the state through every step that needs no decision (the reveal, the -1 when nobody can
take the customer, single-option decisions, the end of a trick, refills once every seat has chosen).
`legal_actions`, `check` and `apply` handle the decisions that wait, which may be owed by several seats at
once in the simultaneous stages (play, refill).
"""

from __future__ import annotations

from ..actions import Action, Choose, Pass, Pick, Place, Play, Refer, Refill, Refuse, Relocate, Upgrade
from ..config import GameConfig
from ..describe import describe
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, UNDECIDED, Stage, State
from . import choose, next_trick, placement, referral, refill, relocate, second, trick, upgrade

_DECISION_RULES = {
    Stage.PLAY: ("play a card", "I-R-15"),
    Stage.PLACE: ("place, refer or refuse the customer", "I-R-24"),
    Stage.HOST: ("place the referred customer", "I-G-18"),
    Stage.SECOND: ("take a second-place action or pass", "I-R-20"),
    Stage.PICK: ("pick the next customer", "I-R-21"),
    Stage.REFILL: ("choose how to refill", "I-R-32"),
}


def legal_actions(state: State, config: GameConfig, seat: int) -> list[Action]:
    """Every legal decision of `seat` now; empty when the seat owes none."""
    stage = state.stage
    if stage == Stage.PLAY:
        return list(trick.legal(state, config, seat)) if state.played[seat] == NO_CARD else []
    if stage == Stage.REFILL:
        return list(refill.OPTIONS) if state.refills[seat] == UNDECIDED else []
    if stage == Stage.OVER or seat != state.decider():
        return []
    if stage == Stage.PLACE:
        places = placement.legal(state, config)
        return [*places, *referral.legal(state, config, bool(places))]
    if stage == Stage.HOST:
        return list(placement.legal(state, config))
    if stage == Stage.SECOND:
        return second.legal(state, config)
    return list(choose.legal_picks(state))


def check(state: State, config: GameConfig, seat: int, action: Action) -> None:
    """Raise IllegalActionError, naming the rule, unless `action` is legal for `seat` now."""
    stage = state.stage
    if stage == Stage.OVER:
        raise IllegalActionError("the game is over", "I-R-33")
    if not 0 <= seat < state.players:
        raise IllegalActionError("there is no seat {seat} in a {players}-player game", seat=seat, players=state.players)
    pending = state.pending()
    if seat not in pending:
        waiting = ", ".join(f"P{s + 1}" for s in pending)
        raise IllegalActionError("P{player} has no decision to make now; waiting for {waiting}",
                                 _DECISION_RULES[stage][1], player=seat + 1, waiting=waiting)
    task, rule = _DECISION_RULES[stage]
    expected = {Stage.PLAY: (Play,), Stage.PLACE: (Place, Refer, Refuse), Stage.HOST: (Place,),
                Stage.SECOND: (Choose, Upgrade, Relocate, Pass), Stage.PICK: (Pick,),
                Stage.REFILL: (Refill,)}[stage]
    if not isinstance(action, expected):
        raise IllegalActionError("P{player} must {task} now, not {kind}", rule, player=seat + 1, task=task,
                                 kind=action.kind)
    if isinstance(action, Play):
        trick.check(state, config, seat, action)
    elif isinstance(action, Place):
        placement.check(state, config, action)
    elif isinstance(action, Refer):
        referral.check_refer(state, config, action)
    elif isinstance(action, Refuse):
        referral.check_refuse(state, config)
    elif isinstance(action, Pick):
        choose.check_pick(state, action)
    elif stage == Stage.SECOND:
        second.check(state, config, action)


def take(state: State, config: GameConfig, seat: int, action: Action, events: list[Event] | None) -> None:
    """Carry out a decision known to be legal. A secret one (a card, a refill choice) shows as a `commit`
    event without its content; every other one as an `action` event with its description. `events` None
    (rollouts) builds no events at all."""
    if isinstance(action, Play):
        trick.commit(state, seat, action, events)
        return
    if isinstance(action, Refill):
        refill.commit(state, seat, action, events)
        return
    if events is not None:
        events.append(Event("action", seat, note=describe(action, config.fixed_rooms), action=action))
    if isinstance(action, Place):
        placement.place(state, action, events)
    elif isinstance(action, Refer):
        referral.refer(state, action, events)
    elif isinstance(action, Refuse):
        referral.penalty(state, events)
    elif isinstance(action, Choose):
        choose.choose(state, seat, events)
    elif isinstance(action, Pick):
        choose.pick(state, seat, action, events)
        next_trick.finish(state, events)
    elif isinstance(action, Upgrade):
        upgrade.upgrade(state, seat, action, events)
        next_trick.finish(state, events)
    elif isinstance(action, Relocate):
        relocate.relocate(state, config, seat, action, events)
        next_trick.finish(state, events)
    else:
        next_trick.finish(state, events)


Options = dict[int, list[Action]]


def apply(state: State, config: GameConfig, seat: int, action: Action, events: list[Event] | None) -> Options:
    """Apply a decision already known to be legal, then advance to the next decision (see `advance`)."""
    take(state, config, seat, action, events)
    return advance(state, config, events)


def advance(state: State, config: GameConfig, events: list[Event] | None) -> Options:
    """Run automatic steps until a decision is needed (or the game is over). Returns the legal actions it
    listed on the way for the seat that decides next, so that they need not be listed again."""
    while True:
        stage = state.stage
        if stage == Stage.PLAY:
            if NO_CARD in state.played:
                return {}
            trick.reveal(state, config, events)
        elif stage == Stage.REFILL:
            if UNDECIDED in state.refills:
                return {}
            refill.resolve(state, events)
            next_trick.start(state, events)
        elif stage == Stage.OVER:
            return {}
        else:
            seat = state.decider()
            options = legal_actions(state, config, seat)
            if not options:  # only the winner's decision can be empty: nobody can take the customer
                referral.penalty(state, events)
            elif len(options) == 1:  # a single option is taken at once
                take(state, config, seat, options[0], events)
            else:
                return {seat: options}
