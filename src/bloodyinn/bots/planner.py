"""The solitaire planner: plans each night in full and judges where it leads.

In solitaire nothing hidden is revealed during a night (the travelers are already in the rooms), so the
player's two actions of a round are a deterministic puzzle: the planner tries every sequence of its
remaining actions, lets the engine run the end of the round (police, room income, wages), and keeps the
first action of the sequence whose outcome `solo_value` likes best. `solo_value` estimates what a position
will still earn from its accomplices, free burial slots, keys and annexes. What is uncertain (the next
arrivals) is either left to `solo_value` or, with `samples`, dealt a few times so that the best plans are
judged by the next night they lead to; with `placements`, the room each arriving traveler is put in is judged
so too.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from ..actions import Action, Bribe, Build, Bury, Kill
from ..cards import CARD_OCC, CARD_POCKET, CARD_RANK, CARD_TYPE, OCCUPATIONS, GuestType, annex_rank, barn_of
from ..config import GameConfig
from ..game import Game
from ..state import CLOSED, NO_CARD, WHITE, Stage, State
from .base import Hint
from .determinize import redeal
from .greedy import GreedyBot
from .heuristics import Scorer, rounds_left
from .reasons import reason

LOSS = -1000.0
UNSAFE_CORPSE = -200.0  # a corpse that cannot be buried in time loses the game (R-SOLO-4)


@dataclass(frozen=True)
class PlanWeights:
    """The knobs of `solo_value`, in francs, tuned by CMA-ES in two runs over long solitaire deals:
    `scripts/tune_solo.py --deals 24 --generations 40` (seeds 5000 on), then from its result with `pending`
    added, `--generations 30 --sigma 0.3 --seed 7000`; the last generation's mean, rounded."""

    key: float = 1.27  # per own key per round left: room income
    wage_rounds: float = 0.664  # rounds an accomplice is expected to wait in hand, paying wages
    engine: float = 0.267  # share of the murder engine's expected income counted now
    cycle_rate: float = 0.466  # kill-and-bury cycles per round left
    other_pays: float = 0.432  # a card that does not come back counts this much towards paying
    potential_slot: float = 0.79  # a slot of an annex still in hand counts this much
    police: float = 2.04  # per police accomplice (up to three)
    religious: float = 0.402  # per religious accomplice (up to three)
    artisan: float = 0.173  # per artisan (builds come back)
    merchant: float = 3.61  # per merchant (up to two: bribes come back)
    buildable_rank: float = 0.459  # per rank of a buildable card in hand
    cap_from: float = 4.0  # cash above this may spill over the cap (tuning made it a mild taste for checks)
    cap_penalty: float = 0.0812  # per franc above `cap_from`
    corpse: float = 0.552  # share of an unburied corpse's pocket money counted now
    corpse_risk: float = 2.59  # per unburied corpse carried into the next round
    room_service: float = 5.19  # per round left: the rank of the travelers placed in the Room Service room
    greenhouse: float = 1.77  # per round left: checks still to come, at 3F each
    end_colour: float = 4.96  # per round left: cards of the colour still to reach the exit stack, at 4F each
    pending: float = 0.179  # share counted of the lasting income of an annex in hand that can be paid for


# Expected pocket money of the best traveler one can kill with `power` cards, over a round's four arrivals.
_POCKET_BY_POWER = (7.0, 12.0, 17.0, 22.0)


def solo_value(state: State, config: GameConfig, weights: PlanWeights) -> float:
    """What a solitaire position is worth in francs: the booty, plus what it should still bring."""
    if state.lost:
        return LOSS
    booty = state.cash[0] + 10 * state.checks[0]
    if state.stage == Stage.OVER:
        return float(booty)
    w = weights
    left = max(0.0, rounds_left(state, config) - (0.5 if state.stage != Stage.WELCOME else 0.0))
    hand = state.hands[0]
    annexes = state.annexes[0]
    police = religious = artisans = merchants = 0
    buildable_ranks = 0
    pending = 0.0  # lasting income of the annexes in hand that could be built next round
    for card in hand:
        kind = CARD_TYPE[card]
        if len(hand) > CARD_RANK[card]:
            pending += _lasting_if_built(state, card, left, w)
        if kind is GuestType.POLICE:
            police += 1
        elif kind is GuestType.RELIGIOUS:
            religious += 1
        elif kind is GuestType.ARTISAN:
            artisans += 1
        elif kind is GuestType.MERCHANT:
            merchants += 1
        if kind is not GuestType.POLICE and kind is not GuestType.PEASANT:
            buildable_ranks += CARD_RANK[card]
    cellars = distilleries = 0
    lasting = 0.0  # income still to come from annexes already built
    for annex in annexes:
        annex_id = OCCUPATIONS[CARD_OCC[annex]].annex_id
        if annex_id == "cellar":
            cellars += 1
        elif annex_id == "distillery":
            distilleries += 1
        elif annex_id == "gardens":
            lasting += 2.0 * left
        elif annex_id == "room_service":
            lasting += w.room_service * left
        elif annex_id == "greenhouse":
            lasting += 3.0 * state.checks[0] + w.greenhouse * left
        elif annex_id in _END_COLOUR:
            lasting += 4.0 * _colour_count(state, _END_COLOUR[annex_id]) + w.end_colour * left
    others = len(hand) - police - religious
    power = min(3.0, police + w.other_pays * others, religious + cellars + w.other_pays * others)
    slots = 0
    for annex in (barn_of(0), *annexes):
        slots += annex_rank(annex) - len(state.buried.get(annex, ()))
    cycles = min(slots + w.potential_slot * buildable_ranks, w.cycle_rate * left)
    whole = int(power)
    pocket = _POCKET_BY_POWER[whole] if whole == 3 else (
        _POCKET_BY_POWER[whole] + (power - whole) * (_POCKET_BY_POWER[whole + 1] - _POCKET_BY_POWER[whole]))
    value = float(booty)
    value += w.engine * cycles * pocket
    value += min(left, 6) / 6 * (w.police * min(police, 3) + w.religious * min(religious, 3)
                                 + w.artisan * min(artisans, 3) + w.merchant * min(merchants, 2)
                                 + w.buildable_rank * buildable_ranks)
    value -= max(0, len(hand) - distilleries) * min(left, w.wage_rounds)
    value += w.key * sum(1 for k in state.keys if k == 0) * left + lasting + w.pending * pending
    if state.cash[0] > w.cap_from:
        value -= w.cap_penalty * (state.cash[0] - w.cap_from)
    if state.corpses[0]:
        value += _corpses_value(state, slots, religious, cellars, w)
    return value


def _lasting_if_built(state: State, card: int, left: float, w: PlanWeights) -> float:
    """The income over the rounds left that building `card` would start (a key for a Monk while a white key
    is left, Gardens, Room Service, an end-game colour annex); 0 for other cards."""
    annex_id = OCCUPATIONS[CARD_OCC[card]].annex_id
    if annex_id == "room":
        return w.key * left if WHITE in state.keys else 0.0
    if annex_id == "gardens":
        return 2.0 * left
    if annex_id == "room_service":
        return w.room_service * left
    if annex_id in _END_COLOUR:
        return w.end_colour * left
    return 0.0


def _corpses_value(state: State, slots: int, religious: int, cellars: int, w: PlanWeights) -> float:
    """Unburied corpses that survived the police: worth their pocket money if the next round's two actions
    can bury them all (a free own slot each, cards to pay), a likely lost game otherwise (R-SOLO-4)."""
    corpses = state.corpses[0]
    others = len(state.hands[0]) - religious
    spent = sum(max(0, CARD_RANK[c] - cellars - religious) for c in corpses)  # cards that do not come back
    if len(corpses) > min(2, slots) or spent > others:
        return UNSAFE_CORPSE * len(corpses)
    return sum(w.corpse * CARD_POCKET[c] - w.corpse_risk for c in corpses)


_END_COLOUR = {"park": GuestType.ARTISAN, "grocery": GuestType.MERCHANT, "bishopric": GuestType.RELIGIOUS,
               "stables": GuestType.NOBLE}


def _colour_count(state: State, colour: GuestType) -> int:
    """Cards of a colour in the exit stack now: what Park, Grocery, Bishopric or Stables would pay at the end
    of the game (season 1's exit stack is shuffled back into the inn, so only season 2's counts)."""
    if not state.reshuffled:
        return 0
    return sum(1 for c in state.exit if CARD_TYPE[c] is colour)


class PlannerBot:
    """Exhaustive search of the rest of the night, judged by `solo_value` after the end of the round.
    Welcome placements are judged by the night they lead to when `placements` is set; releases follow the
    greedy scores, and so does every decision in company: the planner is a solitaire player."""

    name = "planner"

    def __init__(self, seed: int | None = None, weights: PlanWeights | None = None, payments: int = 3,
                 width: int = 24, samples: int = 0, candidates: int = 4, seconds: float | None = None,
                 placements: int = 0) -> None:
        self._rng = random.Random(seed)
        self.weights = weights or PlanWeights()
        self.payments = payments
        self.width = width
        self.samples = samples  # deals of the next round's arrivals to judge the best plans by (0: none)
        self.candidates = candidates  # how many of the best plans are judged so
        self.seconds = seconds  # a wall-clock cap on the whole decision (None: always `samples` deals)
        self.placements = placements  # deals of the unseen arrivals to judge each placement by (0: greedy)
        self._greedy = GreedyBot(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal, top=1)[0].action

    def analyse(self, view: dict[str, Any], legal: list[Action], top: int) -> list[Hint]:
        solitaire = view["settings"]["players"] == 1
        if solitaire and view["stage"] == Stage.WELCOME and self.placements:
            return self._place(view, legal, top)
        if view["stage"] != Stage.NIGHT or not solitaire:  # releases, company (and placements without deals)
            return self._greedy.analyse(view, legal, top)
        started = time.perf_counter()
        game = Game.from_view(view, self._rng.getrandbits(32))
        state, config, seat = game.state, game.config, view["seat"]
        own = {a: a for a in legal}
        tried = self._worth_trying(game, [a for a in game.legal_actions() if a in own])
        plans = sorted(((*self._plan(game, a), i) for i, a in enumerate(tried)), key=lambda t: (-t[0], t[2]))
        if self.samples:
            plans = self._look_further(game, plans, started)
        return [Hint(own[p[1][0]], round(p[0], 2), reason(state, config, seat, p[1][0])) for p in plans[:top]]

    def _place(self, view: dict[str, Any], legal: list[Action], top: int) -> list[Hint]:
        """Judge each room for the arriving traveler by the night it leads to: deal the arrivals not yet
        seen `placements` times (once if the visible top card is the last to come), place them by the greedy
        scores and plan the night in full (R-WELCOME-1: the room decides room income and Room Service money,
        R-EOR-3, R-WELCOME-4). Ties go to the greedy scores' choice."""
        started = time.perf_counter()
        game = Game.from_view(view, self._rng.getrandbits(32))
        state, config, seat = game.state, game.config, view["seat"]
        own = {a: a for a in legal}
        scorer = Scorer(state, config, 0)
        options = sorted((a for a in game.legal_actions() if a in own), key=lambda a: -scorer.score(a))
        empty = sum(1 for key, card in zip(state.keys, state.rooms, strict=True) if key != CLOSED and card == NO_CARD)
        deals = self.placements if empty > 2 else 1  # after this one, only the visible top card may arrive
        values = self._judge(game, [[a] for a in options], deals, started)
        judged = sorted(zip(values, range(len(options)), options, strict=True), key=lambda t: (-t[0], t[1]))
        return [Hint(own[a], round(v, 2), reason(state, config, seat, a)) for v, _, a in judged[:top]]

    def _look_further(self, game: Game, plans: list[tuple[float, list[Action], int]], started: float
                      ) -> list[tuple[float, list[Action], int]]:
        """Judge the best few plans again by the night they lead to (`_judge`)."""
        best = plans[: self.candidates]
        values = self._judge(game, [plan for _, plan, _ in best], self.samples, started)
        judged = sorted(((value, plan, index) for value, (_, plan, index) in zip(values, best, strict=True)),
                        key=lambda t: (-t[0], t[2]))
        return judged + plans[self.candidates:]

    def _judge(self, game: Game, plans: list[list[Action]], deals: int, started: float) -> list[float]:
        """The mean value of each plan over `deals` deals of the unseen travelers (the same deals for every
        plan): play the plan, then plan the next night (`_next_night`). Deals are added one at a time for all
        plans, until `deals` or the time cap (a deal that the cap cuts short counts for no plan, so that
        every plan is judged on the same deals)."""
        deadline = started + self.seconds if self.seconds is not None else None
        seeds = [self._rng.getrandbits(32) for _ in range(deals)]
        totals = [0.0] * len(plans)
        dealt = 0
        for seed in seeds:
            values = []
            for plan in plans:
                if deadline is not None and dealt and time.perf_counter() > deadline:
                    break
                sample = redeal(game, seed)
                for action in plan:
                    sample.apply(action, events=False)
                values.append(self._next_night(sample))
            if len(values) < len(plans):
                break
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            dealt += 1
        return [total / dealt for total in totals]

    def _next_night(self, game: Game) -> float:
        """Place the arrivals by the greedy scores, then the value of the best plan for the night."""
        while not game.is_over and game.state.stage == Stage.WELCOME:
            legal = game.legal_actions()
            game.apply(max(legal, key=Scorer(game.state, game.config, 0).score) if len(legal) > 1 else legal[0],
                       events=False)
        return self._best(game)[0]

    def _plan(self, game: Game, action: Action) -> tuple[float, list[Action]]:
        """The best value reachable this night after `action`, and the moves that reach it."""
        after = game.copy()
        after.apply(action, events=False)
        value, rest = self._best(after)
        return value, [action, *rest]

    def _best(self, game: Game) -> tuple[float, list[Action]]:
        state = game.state
        if game.is_over or state.stage == Stage.WELCOME:
            return solo_value(state, game.config, self.weights), []
        legal = game.legal_actions()
        if len(legal) == 1:
            return self._plan(game, legal[0])
        if state.stage != Stage.NIGHT:  # a release for unpaid wages: the greedy choice
            return self._plan(game, max(legal, key=Scorer(state, game.config, 0).score))
        return max((self._plan(game, a) for a in self._worth_trying(game, legal)), key=lambda t: t[0])

    def _worth_trying(self, game: Game, legal: list[Action]) -> list[Action]:
        """The moves to look at: for each target, only the `payments` cheapest ways to pay (by the greedy
        scores), since a big hand can pay for one kill in dozens of ways that differ only slightly; and at
        most `width` moves in all, the greedy scores' best."""
        scorer = Scorer(game.state, game.config, 0)
        kept: dict[Action, list[tuple[float, Action]]] = {}
        for action in legal:
            kept.setdefault(_unpaid(action), []).append((scorer.score(action), action))
        chosen: list[tuple[float, Action]] = []
        for options in kept.values():
            options.sort(key=lambda t: -t[0])
            chosen.extend(options[: self.payments])
        if len(chosen) > self.width:
            chosen.sort(key=lambda t: -t[0])
            del chosen[self.width:]
        return [a for _, a in chosen]


def _unpaid(action: Action) -> Action:
    """The action with its payment left out: the same move, whichever cards pay for it."""
    if isinstance(action, Bury):
        return replace(action, pay=(), drop=())
    if isinstance(action, Bribe | Build | Kill):
        return replace(action, pay=())
    return action
