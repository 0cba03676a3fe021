"""Hand-tuned knowledge of the game, in francs: how good an action looks from where a seat sits, and how
good a position is. The greedy bot picks the best-looking action, the search bot uses the same scores to
order its moves and to steer its playouts, and to judge positions where it stops looking ahead.

Everything here reads only what the seat may know: the state it is given is either built from the seat's
view (`Game.from_view`) or a position imagined by the search from such a state. Hidden cards (the order
of the entrance stack, the culled cards) are never read.
"""

from __future__ import annotations

import math

from ..actions import Action, Bribe, Build, Bury, Kill, Pass, PayGravedigger, Place, Release
from ..cards import (
    CARD_BY_ID,
    CARD_OCC,
    CARD_POCKET,
    CARD_RANK,
    CARD_TYPE,
    OCCUPATIONS,
    TRAVELER_POCKET,
    GuestType,
    annex_rank,
    barn_of,
)
from ..config import CASH_CAP, GameConfig
from ..state import NO_CARD, Stage, State

# What an accomplice in hand is worth: cards whose aptitude makes them come back after paying (police for
# kills, religious for burials) are the engine of a murderous inn; peasants are only small change.
_TYPE_VALUE = {GuestType.POLICE: 4.0, GuestType.RELIGIOUS: 4.0, GuestType.MERCHANT: 1.5,
               GuestType.ARTISAN: 2.0, GuestType.NOBLE: 2.0, GuestType.PEASANT: 1.0}
CARD_VALUE: tuple[float, ...] = tuple(_TYPE_VALUE[CARD_TYPE[c]] + 0.3 * CARD_RANK[c] for c in range(len(CARD_RANK)))
OCC_VALUE: dict[str, float] = {o.id: _TYPE_VALUE[o.type] + 0.3 * o.rank for o in OCCUPATIONS}
_RETURNS = {"bribe": GuestType.MERCHANT, "build": GuestType.ARTISAN, "kill": GuestType.POLICE,
            "bury": GuestType.RELIGIOUS}
CARD_POCKET_BY_OCC: dict[str, int] = {o.id: o.pocket for o in OCCUPATIONS}
_OCC_TYPE: dict[str, GuestType] = {o.id: o.type for o in OCCUPATIONS}
_OCC_RANK: dict[str, int] = {o.id: o.rank for o in OCCUPATIONS}
_ANNEX_OF: dict[str, str | None] = {o.id: o.annex_id for o in OCCUPATIONS}

# An unburied corpse when the police come costs 10F in company, and the whole game in solitaire.
SOLO_LOSS = 400.0
GRAVEDIGGER_FEE = 10.0
HAND_COMFORT = 4  # accomplices beyond this many mostly wait, at 1F of wages a round each


def paid_cost(pay: tuple[str, ...], action: str) -> float:
    """The value of the played cards that do not come back to hand."""
    back = _RETURNS[action]
    return sum(OCC_VALUE[o] for o in pay if _OCC_TYPE[o] is not back)


def rounds_left(state: State, config: GameConfig) -> float:
    """A rough count of the rounds still to play, from the visible stack sizes (season 2 is made of the exit
    stack as it stands at the reshuffle)."""
    per_round = max(1, config.open_rooms)
    cards = len(state.entrance) + (0 if state.reshuffled else 0.8 * len(state.exit) + 0.4 * len(state.entrance))
    return cards / per_round + (0 if state.stage == Stage.WELCOME else 0.5)


def my_actions_left(state: State, seat: int) -> int:
    """Night actions `seat` still takes this round, the current one included."""
    if state.stage != Stage.NIGHT:
        return 0
    n = state.players
    return sum(1 for t in range(state.turn, 2 * n) if (state.first_player + t) % n == seat)


def police_in_rooms(state: State, except_rooms: tuple[int, ...] = ()) -> bool:
    return any(c != NO_CARD and CARD_TYPE[c] is GuestType.POLICE and (i + 1) not in except_rooms
               for i, c in enumerate(state.rooms))


def own_free_slots(state: State, seat: int) -> list[int]:
    """Free burial capacity under the seat's own annexes, one entry (the annex rank) per free slot."""
    slots: list[int] = []
    for annex in (barn_of(seat), *state.annexes[seat]):
        rank = annex_rank(annex)
        slots.extend([rank] * (rank - len(state.buried.get(annex, ()))))
    return slots


def any_free_slot(state: State) -> bool:
    return any(annex_rank(a) > len(state.buried.get(a, ())) for a, _ in state.annex_slots())


def gain(state: State, config: GameConfig, seat: int, amount: float) -> float:
    """Money actually kept: cash above 40F is lost unless Unlimited Wealth converts it (R-MONEY-2)."""
    if config.unlimited_wealth:
        return amount
    return min(amount, CASH_CAP - state.cash[seat])


def _annex_worth(state: State, seat: int, card_id: str, left: float) -> float:
    """Long-term worth of owning an annex (its immediate income is counted apart), `left` rounds before the
    end."""
    annex = _ANNEX_OF[card_id]
    rank = _OCC_RANK[card_id]
    future = min(1.0, left / 6)
    worth = rank * 6.0 * future  # burial capacity under an own annex: full pocket money
    if annex in ("workshop", "parlor"):
        worth += 2.0 * future
    elif annex == "cellar":
        worth += 4.0 * future
    elif annex == "distillery":
        worth += min(left, 8)
    elif annex == "gardens":
        worth += 2 * (left + 0.5)
    elif annex in ("store", "brewery"):
        worth += 1.0 * future
    elif annex in ("butchers_shop", "crypt", "chapel"):
        worth += 5.0 * future
    elif annex == "room_service":
        worth += min(1.2 * left, 12)
    elif annex == "room":
        worth += min(0.8 * left, 8)
    elif annex == "greenhouse":
        worth += 3 * state.checks[seat] + 2 * future * 3
    elif annex in ("park", "grocery", "bishopric", "stables"):
        colour = {"park": GuestType.ARTISAN, "grocery": GuestType.MERCHANT, "bishopric": GuestType.RELIGIOUS,
                  "stables": GuestType.NOBLE}[annex]
        now = sum(1 for c in state.exit if CARD_TYPE[c] is colour) if state.reshuffled else 0
        worth += 4 * (now + (0.6 * left if state.reshuffled else 3))
    return worth


_FLAT = {"large_chandelier": 4, "king_size_bed": 6, "dining_room": 9, "pavilion": 18, "park": 4, "grocery": 4,
         "bishopric": 4, "stables": 4}
_COUNTED = {"vegetable_garden": GuestType.ARTISAN, "kiosk": GuestType.MERCHANT, "altar": GuestType.RELIGIOUS}


def build_income(state: State, seat: int, card_id: str) -> int:
    annex = _ANNEX_OF[card_id]
    if annex in _FLAT:
        return _FLAT[annex]
    if annex in _COUNTED:
        colour = _COUNTED[annex]
        return 1 + sum(1 for c in state.annexes[seat] if CARD_TYPE[c] is colour)
    return 0


def _opponent_weight(state: State) -> float:
    """How much money given to a rival counts against us: fully against the one rival, less among several."""
    return 0.0 if state.players == 1 else 1.0 / (state.players - 1)


class Scorer:
    """Scores the actions of one seat in one position. What every action's score shares (free burial slots,
    police in the inn, actions left, the corpses' current worth and risk) is worked out once, because the
    search scores thousands of moves per decision."""

    def __init__(self, state: State, config: GameConfig, seat: int) -> None:
        self.state, self.config, self.seat = state, config, seat
        self.weight = _opponent_weight(state)
        self.police_rooms = tuple(i + 1 for i, c in enumerate(state.rooms)
                                  if c != NO_CARD and CARD_TYPE[c] is GuestType.POLICE)
        self.actions_left = my_actions_left(state, seat)
        self.corpses = state.corpses[seat]
        self.own_slots = len(own_free_slots(state, seat)) if self.corpses or state.stage == Stage.NIGHT else 0
        self.any_slot = any_free_slot(state)
        self.chapel = self.crypt = False
        self.cellars = 0
        for annex in state.annexes[seat]:
            annex_id = OCCUPATIONS[CARD_OCC[annex]].annex_id
            self.chapel |= annex_id == "chapel"
            self.crypt |= annex_id == "crypt"
            self.cellars += annex_id == "cellar"
        self.hand = len(state.hands[seat])
        self.left = rounds_left(state, config)
        # Money a burial can still bring before the 40F cap bites (a laundering pass makes more room).
        self.headroom = math.inf if config.unlimited_wealth else CASH_CAP + 8 - state.cash[seat]
        self._potential: dict[int, float] = {}
        self.unlock, self.missing = self._stalled_build()
        self.risk_now = self.risk(self.corpses, self.actions_left, bool(self.police_rooms), self.hand)
        self.corpses_now = self.corpse_value(self.corpses, self.hand)

    def police_after(self, rooms: tuple[int, ...]) -> bool:
        return any(r not in rooms for r in self.police_rooms)

    def burial_cost(self, card: int) -> int:
        """Cards a Bury of this corpse needs (R-ACT-4: Cellars reduce it)."""
        return max(0, CARD_RANK[card] - self.cellars)

    def risk(self, corpses: list[int], actions_after: int, police: bool, hand: int) -> float:
        """Expected loss from unburied `corpses` when `actions_after` of the seat's actions remain this round
        and `hand` cards can pay: the police (R-EOR-2), the gravedigger at game end (R-END-3), or a lost
        solitaire (R-SOLO-4)."""
        if not corpses:
            return 0.0
        if hand < min(self.burial_cost(c) for c in corpses):
            actions_after = 0  # nothing to pay a burial with: more bribes come first
        buryable = len(corpses) if self.crypt and actions_after > 0 else actions_after  # one per Bury but Crypt
        left = max(0, len(corpses) - buryable)
        fatal = self.config.solo
        if police or self.state.final_round:
            return left * (SOLO_LOSS if fatal else GRAVEDIGGER_FEE + 2)
        # Next round: police come two rounds in three, and two actions bury at most two corpses.
        carried = max(0, left - 2)
        return left * (6.0 if fatal else 5.0) + carried * (SOLO_LOSS / 4 if fatal else GRAVEDIGGER_FEE)

    def corpse_value(self, corpses: list[int], hand: int) -> float:
        """What unburied corpses are worth: their pocket money if they fit under own annexes (half
        elsewhere), less the cards their burial will cost; less again if the hand cannot pay for it yet."""
        value = 0.0
        for i, card in enumerate(sorted(corpses, key=lambda c: -CARD_POCKET[c])):
            pocket: float = CARD_POCKET[card]
            if i >= self.own_slots:
                pocket = pocket / 2 if self.any_slot else -GRAVEDIGGER_FEE
            if self.burial_cost(card) > hand:
                pocket *= 0.5
            pocket = min(pocket, self.headroom)
            value += 0.75 * pocket - 1.2 * CARD_RANK[card]
        return value

    def gain(self, amount: float) -> float:
        return gain(self.state, self.config, self.seat, amount)

    def score(self, action: Action) -> float:
        """How good `action` looks for the seat, in francs, before looking at what follows."""
        if isinstance(action, Pass):
            return self._pass(action)
        if isinstance(action, Bury):
            return self._bury(action)
        if isinstance(action, Kill):
            return self._kill(action)
        if isinstance(action, Bribe):
            return self._bribe(action)
        if isinstance(action, Build):
            return self._build(action)
        if isinstance(action, Place):
            return _score_place(self.state, self.seat, self.weight, action)
        state, seat = self.state, self.seat
        if isinstance(action, PayGravedigger):
            # Pay in cash down to a reserve for wages; the Greenhouse likes checks kept.
            due = 10 * len(state.corpses[seat])
            cash_after = state.cash[seat] - (due - 10 * action.checks)
            return -0.05 * abs(cash_after - (len(state.hands[seat]) + 8))
        if isinstance(action, Release):
            return -sum(OCC_VALUE[o] for o in action.cards)
        return 0.0

    def _stalled_build(self) -> tuple[float, int]:
        """The best annex in hand that cannot be paid for yet: its potential and the cards it lacks. Cards
        gained to pay for it are worth that much more."""
        if self.state.stage != Stage.NIGHT:
            return 0.0, 0
        hand = self.state.hands[self.seat]
        workshops = sum(1 for a in self.state.annexes[self.seat]
                        if OCCUPATIONS[CARD_OCC[a]].annex_id == "workshop")
        best, missing = 0.0, 0
        for card in hand:
            lacking = max(0, CARD_RANK[card] - workshops) - (len(hand) - 1)
            if lacking > 0:
                potential = self.build_potential(card)
                if potential > best:
                    best, missing = potential, lacking
        return best, missing

    def build_potential(self, card: int) -> float:
        """What a card is worth as a future annex: its income and lasting worth, less the cards it costs."""
        occ_index = CARD_OCC[card]
        cached = self._potential.get(occ_index)
        if cached is not None:
            return cached
        occ = OCCUPATIONS[occ_index]
        potential = 0.0
        if occ.buildable:
            value = self.gain(build_income(self.state, self.seat, occ.id))
            value += _annex_worth(self.state, self.seat, occ.id, self.left)
            potential = 0.6 * max(0.0, value - 1.5 * occ.rank - 1.0)
        self._potential[occ_index] = potential
        return potential

    def delay(self, hand: int) -> float:
        """The extra risk of spending one of this round's actions on something else than a burial."""
        if not self.corpses:
            return 0.0
        return self.risk(self.corpses, self.actions_left - 1, bool(self.police_rooms), hand) - self.risk_now

    def _pass(self, action: Pass) -> float:
        return self._launder(action) - self.delay(self.hand)

    def _launder(self, action: Pass) -> float:
        state, seat = self.state, self.seat
        cash = state.cash[seat]
        reserve = len(state.hands[seat]) + 4  # wages are paid in cash only (R-MONEY-4)
        if action.buy_checks:
            # Laundering keeps cash under the 40F cap, but never at the cost of the wages.
            if cash - 10 * action.buy_checks < reserve:
                return -3.0
            return 0.25 * min(10 * action.buy_checks, max(0, cash - 22)) + 0.1
        if action.cash_checks:
            # Worth it only to pay wages that would otherwise send accomplices away.
            short = max(0, len(state.hands[seat]) - cash)
            saved = min(short, 10 * action.cash_checks)
            wasted = max(0, cash + 10 * action.cash_checks - CASH_CAP)
            return 2.0 * saved - 0.5 * wasted - 1.0 - 10.0 * max(0, action.cash_checks - 1)
        return 0.0

    def _bury(self, action: Bury) -> float:
        state, seat = self.state, self.seat
        value = 0.0
        for occ, ref in action.corpses:
            rank = _OCC_RANK[occ]
            pocket = CARD_POCKET_BY_OCC[occ]
            if annex_owner(state, ref) == seat:
                value += self.gain(pocket)
                # Filling a slot of a high-rank annex with a cheap corpse wastes room for better ones.
                slot_rank = 1 if ref.startswith("barn.") else _OCC_RANK[ref.split(".")[0]]
                value -= 0.8 * max(0, slot_rank - rank)
            else:
                value += self.gain(pocket / 2) - self.weight * pocket / 2
            value += 1.5 * rank  # a buried corpse no longer risks anything
        if action.drop:
            cost = sum(OCC_VALUE[o] for o in action.drop)
            spent = len(action.drop)
        elif self.chapel:
            cost, spent = 0.0, 0
        else:
            cost = paid_cost(action.pay, "bury")
            spent = sum(1 for o in action.pay if _OCC_TYPE[o] is not GuestType.RELIGIOUS)
        remaining = list(self.corpses)
        for occ, _ in action.corpses:
            remaining.remove(next(c for c in remaining if OCCUPATIONS[CARD_OCC[c]].id == occ))
        after = self.risk(remaining, self.actions_left - 1, bool(self.police_rooms), self.hand - spent)
        return value + self.risk_now - after - cost + 1.0

    def _kill(self, action: Kill) -> float:
        state = self.state
        if action.peasant:
            new = [state.bistro[-1]]
            rooms: tuple[int, ...] = ()
        else:
            rooms = action.rooms
            new = [state.rooms[r - 1] for r in rooms]
        corpses = self.corpses
        police_after = self.police_after(rooms)
        hand = self.hand - sum(1 for o in action.pay if _OCC_TYPE[o] is not GuestType.POLICE)
        value = self.corpse_value(corpses + new, hand) - self.corpses_now
        value -= self.risk(corpses + new, self.actions_left - 1, police_after, hand)
        value += self.risk_now
        if self.police_rooms and not police_after and state.players > 1:
            # The rivals escape the police too.
            others = sum(len(state.corpses[s]) for s in range(state.players) if s != self.seat)
            value -= self.weight * GRAVEDIGGER_FEE * others
        if not self.any_slot:
            value -= 8.0
        value -= _room_income_loss(state, self.seat, self.weight, rooms)
        return value - paid_cost(action.pay, "kill") - 1.0

    def _bribe(self, action: Bribe) -> float:
        state, seat = self.state, self.seat
        # An accomplice costs wages every round until used; near the end it is worth little.
        left = self.left
        wage = min(2.0, max(1.0, left / 3))
        worth = min(1.0, left / 3)
        if action.peasants:
            hand_after = self.hand + action.peasants
            unlocked = 0.8 * self.unlock if 0 < self.missing <= action.peasants else 0.0
            unpaid = hand_after - state.cash[seat]
            return (unlocked + action.peasants * (worth * CARD_VALUE[state.bistro[-1]] - wage) - self.delay(hand_after)
                    - 2.0 * max(0, min(unpaid, action.peasants))
                    - 1.5 * max(0, min(hand_after - HAND_COMFORT, action.peasants)))
        rooms = action.rooms
        new = [state.rooms[r - 1] for r in rooms]
        value = 0.0
        for card in new:
            potential = self.build_potential(card)
            # A card about to become an annex costs at most this round's wage.
            value += potential - 1.0 if potential > worth * CARD_VALUE[card] else worth * CARD_VALUE[card] - wage
        # Accomplices that cannot be paid leave again at the end of the round (R-EOR-4), and a big hand
        # costs wages every round for cards that wait to be used.
        hand_after = self.hand + len(new) - sum(1 for o in action.pay if _OCC_TYPE[o] is not GuestType.MERCHANT)
        unpaid = hand_after - state.cash[seat]
        value -= 3.0 * max(0, min(unpaid, len(new)))
        if 0 < self.missing <= hand_after - self.hand:
            value += 0.8 * self.unlock
        value -= 1.5 * max(0, min(hand_after - HAND_COMFORT, len(new)))
        if self.corpses:
            police = self.police_after(rooms)
            value += self.risk_now - self.risk(self.corpses, self.actions_left - 1, police, hand_after)
        value -= _room_income_loss(state, seat, self.weight, rooms)
        return value - paid_cost(action.pay, "bribe") - 0.5

    def _build(self, action: Build) -> float:
        state, seat = self.state, self.seat
        value = self.gain(build_income(state, seat, action.card)) + _annex_worth(state, seat, action.card, self.left)
        value -= OCC_VALUE[action.card] + paid_cost(action.pay, "build") - 1.0  # the card leaves: no wage
        spent = 1 + sum(1 for o in action.pay if _OCC_TYPE[o] is not GuestType.ARTISAN)
        return value - 0.1 * len(action.pay) - self.delay(self.hand - spent)


def annex_owner(state: State, ref: str) -> int:
    """The seat owning an annex named by its text id (a card id or `barn.<seat>`), -1 if none."""
    if ref.startswith("barn."):
        return int(ref[5:])
    card = CARD_BY_ID[ref]
    for owner, owned in enumerate(state.annexes):
        if card in owned:
            return owner
    return -1


def _room_income_loss(state: State, seat: int, weight: float, rooms: tuple[int, ...]) -> float:
    """Emptying rooms loses their keys' owners the 1F room income (R-EOR-3)."""
    loss = 0.0
    for room in rooms:
        key = state.keys[room - 1]
        if key == seat:
            loss += 1.0
        elif key >= 0:
            loss -= weight
    return loss


def _score_place(state: State, seat: int, weight: float, action: Place) -> float:
    """Welcome: the first player puts travelers where room income and Room Service favour them."""
    room = action.room
    card = state.arrival
    value = 0.0
    key = state.keys[room - 1]
    if key == seat:
        value += 1.0
    elif key >= 0:
        value -= weight
    service = state.room_service[room - 1]
    if service >= 0 and card != NO_CARD:
        value += CARD_RANK[card] if service == seat else -weight * CARD_RANK[card]
    return value


def position_value(state: State, config: GameConfig, seat: int, engine_weight: float = 0.5) -> float:
    """How rich `seat` is, in francs, counting what its hand, corpses and annexes should still bring."""
    booty = state.cash[seat] + 10 * state.checks[seat]
    if state.stage == Stage.OVER:
        return float(booty)
    left = rounds_left(state, config)
    future = min(1.0, left / 6)
    hand = state.hands[seat]
    value = float(booty)
    value += future * sum(CARD_VALUE[c] for c in hand) * 0.3
    value -= min(len(hand), 1 + left) * 0.5
    if state.corpses[seat]:
        scorer = Scorer(state, config, seat)
        value += scorer.corpses_now * future - scorer.risk_now
    value += engine_weight * murder_engine(state, seat, left)
    if not config.unlimited_wealth and state.cash[seat] > 30 and left > 0.5:
        value -= 0.3 * (state.cash[seat] - 30)  # gains will soon spill over the cap
    value += 0.4 * sum(1 for k in state.keys if k == seat) * min(left, 8)  # room income to come
    return value


def murder_engine(state: State, seat: int, left: float) -> float:
    """The income a seat can still expect from killing and burying: police in hand kill for free (they come
    back), religious cards (and Cellars) bury for free, and every free slot under an own annex takes one
    corpse at full pocket money. About one kill-and-bury every other round fits between the other actions."""
    police = religious = 0
    for card in state.hands[seat]:
        kind = CARD_TYPE[card]
        police += kind is GuestType.POLICE
        religious += kind is GuestType.RELIGIOUS
    cellars = sum(1 for a in state.annexes[seat] if OCCUPATIONS[CARD_OCC[a]].annex_id == "cellar")
    # Other cards can pay too, but are lost; count them at half.
    others = len(state.hands[seat]) - police - religious
    power = min(3, police + others // 2, religious + cellars + others // 2)
    slots = len(own_free_slots(state, seat))
    cycles = min(slots, 0.5 * left)
    return cycles * TRAVELER_POCKET[power]
