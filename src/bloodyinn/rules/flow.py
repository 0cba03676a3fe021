"""The round's progression (spec §6, §8, §13, §14): automatic steps run until someone must decide.

`advance` moves the state forward through every step that needs no decision (drawing, forced placements,
income, single-option choices). `legal_actions`, `check` and `apply` handle the decision that waits.
`events` None (rollouts: search, random play) builds no events and no descriptions; the states are the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from ..config import GameConfig
from ..describe import action_facts
from ..errors import IllegalActionError
from ..events import Event
from ..state import NO_CARD, Stage, State
from . import annexes, bribe, build, bury, gravedigger, kill, launder, morning, welcome
from .context import turn_context

_NIGHT_RULES = {Pass: launder, Bribe: bribe, Build: build, Kill: kill, Bury: bury}


def current_player(state: State) -> int | None:
    if state.stage == Stage.OVER:
        return None
    if state.stage == Stage.WELCOME:
        return state.first_player
    return (state.first_player + state.turn) % state.players


_DECISIONS = {Stage.WELCOME: "place", Stage.NIGHT: "night", Stage.POLICE: "gravedigger",
              Stage.FINAL_GRAVEDIGGER: "gravedigger", Stage.WAGES: "release"}


def decision(state: State) -> str | None:
    """The kind of decision that waits: place, night, gravedigger, release, or None when the game is over."""
    return _DECISIONS.get(state.stage)


def legal_actions(state: State, config: GameConfig) -> list[Action]:
    seat = current_player(state)
    if seat is None:
        return []
    stage = state.stage
    if stage == Stage.NIGHT:
        turn = turn_context(state, seat)
        return [*launder.legal(state, config, turn), *bribe.legal(state, config, turn),
                *build.legal(state, config, turn), *kill.legal(state, config, turn),
                *bury.legal(state, config, turn)]
    if stage == Stage.WELCOME:
        return list(welcome.legal(state, config))
    if stage in (Stage.POLICE, Stage.FINAL_GRAVEDIGGER):
        return list(gravedigger.legal(state, seat))
    return list(morning.release_options(state, seat, state.pending_release))


def check(state: State, config: GameConfig, action: Action) -> None:
    """Raise IllegalActionError, naming the rule, unless `action` is legal now."""
    seat = current_player(state)
    if seat is None:
        raise IllegalActionError("the game is over", "R-END-1")
    stage = state.stage
    if stage == Stage.NIGHT:
        rules = _NIGHT_RULES.get(type(action))
        if rules is None:
            raise IllegalActionError("it is P{player}'s night action, not a {kind} decision",
                                     "R-NIGHT-2", player=seat + 1, kind=action.kind)
        rules.check(state, config, seat, action)
    elif stage == Stage.WELCOME:
        if not isinstance(action, Place):
            raise IllegalActionError("the welcome phase waits for the arriving traveler's room", "R-WELCOME-1")
        welcome.check(state, config, action)
    elif stage in (Stage.POLICE, Stage.FINAL_GRAVEDIGGER):
        if not isinstance(action, PayGravedigger):
            raise IllegalActionError("P{player} must pay the gravedigger now", "R-EOR-2", player=seat + 1)
        gravedigger.check(state, seat, action)
    else:
        if not isinstance(action, Release):
            raise IllegalActionError("P{player} must choose the accomplices who leave unpaid", "R-EOR-4",
                                     player=seat + 1)
        morning.check_release(state, seat, state.pending_release, action)


def action_event(state: State, seat: int, action: Action) -> Event:
    facts = action_facts(state, action)
    return Event("action", seat, None, None, None, 0, "", action, facts)  # positional: see `Event`


def apply_effects(state: State, config: GameConfig, action: Action, events: list[Event] | None) -> None:
    """The action's own effects, without moving on to the next decision (used for previews)."""
    seat = current_player(state)
    assert seat is not None
    _apply_effects(state, config, seat, action, events)


def _apply_effects(state: State, config: GameConfig, seat: int, action: Action, events: list[Event] | None) -> None:
    if isinstance(action, Place):
        welcome.place(state, config, action.room, events)
    elif isinstance(action, PayGravedigger):
        gravedigger.pay(state, seat, action, events)
    elif isinstance(action, Release):
        morning.release(state, seat, action, events)
    else:
        _NIGHT_RULES[type(action)].apply(state, config, seat, action, events)


def apply(state: State, config: GameConfig, action: Action, events: list[Event] | None) -> Sequence[Action] | None:
    """Apply a decision already known to be legal, then advance to the next decision (see `advance`)."""
    seat = current_player(state)
    assert seat is not None
    if events is not None:
        events.append(action_event(state, seat, action))
    _apply_effects(state, config, seat, action, events)
    if isinstance(action, Release):
        state.pending_release = 0
    if not isinstance(action, Place):  # placing is counted by the rooms, every other decision by turns
        state.turn += 1
    return advance(state, config, events)


def advance(state: State, config: GameConfig, events: list[Event] | None) -> Sequence[Action] | None:
    """Run automatic steps until a decision is needed (or the game is over). Returns the legal actions of that
    decision when it listed them on the way (a placement, a payment or a release with a choice; none when the
    game is over), so that they are not listed twice; None for a night action, listed only when asked for."""
    n = state.players
    while True:
        stage = state.stage
        if stage == Stage.WELCOME:
            rooms = state.empty_open_rooms()
            if state.arrival == NO_CARD and not (rooms and welcome.draw(state, events)):
                _end_welcome(state, events)
                continue
            room = welcome.forced_room(rooms, config)  # the arrival's room when there is no choice
            if room is None:
                return welcome.places(rooms)
            welcome.place(state, config, room, events)
        elif stage == Stage.NIGHT:
            if state.turn < 2 * n:  # R-NIGHT-1: two alternating actions each
                return None
            state.stage, state.turn = Stage.POLICE, 0
            state.police_present = morning.police_in_inn(state)
            if events is not None:
                events.append(Event("police" if state.police_present else "no_police"))
        elif stage in (Stage.POLICE, Stage.FINAL_GRAVEDIGGER):
            if stage == Stage.POLICE and not state.police_present:
                state.turn = n
            if state.turn < n:
                seat = (state.first_player + state.turn) % n
                if not state.corpses[seat]:
                    state.turn += 1
                    continue
                if config.solo:  # R-SOLO-4: arrested; the game ends at once
                    state.lost = True
                    state.stage = Stage.OVER
                    if events is not None:
                        events.append(Event("solo_lost", seat=seat))
                    return []
                options = gravedigger.legal(state, seat)
                if len(options) > 1:
                    return options
                if events is not None:
                    events.append(action_event(state, seat, options[0]))
                gravedigger.pay(state, seat, options[0], events)
                state.turn += 1
            elif stage == Stage.POLICE:
                morning.travelers_leave(state, config, events)
                state.stage, state.turn = Stage.WAGES, 0
            else:
                annexes.end_game_scoring(state, config, events)
                state.stage = Stage.OVER
                if events is not None:
                    events.append(Event("end_of_game"))
        elif stage == Stage.WAGES:
            if state.pending_release:  # a game started from a state that waits for a release
                return None
            if state.turn < n:
                seat = (state.first_player + state.turn) % n
                unpaid = morning.pay_wages(state, seat, events)
                if unpaid:
                    releases = morning.release_options(state, seat, unpaid)
                    if len(releases) > 1:
                        state.pending_release = unpaid
                        return releases
                    if events is not None:
                        events.append(action_event(state, seat, releases[0]))
                    morning.release(state, seat, releases[0], events)
                state.turn += 1
            elif state.final_round:
                _end_game(state)
            else:
                _next_round(state, events)
        else:
            return []


def _end_welcome(state: State, events: list[Event] | None) -> None:
    if welcome.is_final_round(state):
        state.final_round = True
        if events is not None:
            events.append(Event("final_round"))
        if welcome.final_round_skipped(state):
            if events is not None:
                events.append(Event("skip_final_round"))
            morning.empty_inn(state, events)
            _end_game(state)
            return
    state.stage, state.turn = Stage.NIGHT, 0
    if events is not None:
        events.append(Event("night"))


def _end_game(state: State) -> None:
    state.stage, state.turn = Stage.FINAL_GRAVEDIGGER, 0  # R-END-2, R-END-3


def _next_round(state: State, events: list[Event] | None) -> None:
    """R-EOR-5: the First Player card passes to the left and a new round begins."""
    state.first_player = (state.first_player + 1) % state.players
    state.round += 1
    state.stage, state.turn = Stage.WELCOME, 0
    if events is not None:
        events.append(Event("round", seat=state.first_player, amount=state.round, note=f"season {state.season}"))
