"""Running innkeepers bots against each other: one game, duplicate deals, and many games on an executor (this
process, this machine's cores or a Ray cluster: `tabletop.executors`).

Duplicate deals cancel the luck of the cards: every deal (a seed) is replayed once per rotation of the seats,
so each entrant meets the same cards from every seat. The seating, the running and the statistics are the
game-neutral `tabletop` package, shared with the Bloody Inn; this module only says how one game is played:
every seat that owes a decision (several at once when cards are chosen) gets its own view and legal actions.
Bots are built reproducible (`make_bot`), unless a schedule asks for them `timed`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from tabletop import duplicate
from tabletop.executors import Executor

from ..game import new_game
from . import make_bot


@dataclass(frozen=True)
class GameSpec:
    """One game to play: the deal, the assumption flags, and which entrant (by index) and bot sits in each seat."""

    deal: int
    seed: int
    players: int
    flags: tuple[tuple[str, Any], ...]  # new_game's assumption flags, as (name, value) pairs
    entrants: tuple[int, ...]  # entrant index per seat
    bots: tuple[str, ...]  # bot name per seat
    timed: bool = False  # the bots as faces seat them, stopped by a clock: results then depend on the machine


@dataclass
class GameResult:
    spec: GameSpec
    scores: list[int]
    winners: list[int]
    decisions: list[int] = field(default_factory=list)  # per seat, decisions with more than one legal action
    seconds: list[float] = field(default_factory=list)  # thinking time per seat
    longest: list[float] = field(default_factory=list)  # per seat, the longest single decision

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def play(spec: GameSpec) -> GameResult:
    """Play one game; each bot sees only its seat's view and legal actions, and a seat choosing a card at the
    same time as others learns nothing of theirs (I-G-14)."""
    game = new_game(players=spec.players, seed=spec.seed, **dict(spec.flags))
    bots = [make_bot(name, spec.seed * 31 + seat, spec.timed) for seat, name in enumerate(spec.bots)]
    decisions = [0] * spec.players
    seconds = [0.0] * spec.players
    longest = [0.0] * spec.players
    while not game.is_over:
        for seat in game.pending_seats():
            legal = game.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                started = time.perf_counter()
                action = bots[seat].choose(game.view(seat), legal)
                took = time.perf_counter() - started
                seconds[seat] += took
                longest[seat] = max(longest[seat], took)
                decisions[seat] += 1
            game.apply(action, seat=seat, events=False)
    return GameResult(spec, game.scores(), game.winners(), decisions, seconds, longest)


def duplicate_schedule(bots: list[str], players: int, deals: int, seed: int = 0,
                       flags: dict[str, Any] | None = None, timed: bool = False) -> list[GameSpec]:
    """Every deal, for every table of entrants, once per rotation of the seats (`tabletop.duplicate.seatings`:
    with more entrants than seats every combination of entrants gets a table; with fewer, the entrants are
    repeated around the table); `timed` seats the bots with the faces' time caps."""
    pairs = tuple(sorted((flags or {}).items()))
    return [GameSpec(deal, seed + deal, players, pairs, seats, tuple(bots[i] for i in seats), timed)
            for deal in range(deals) for seats in duplicate.seatings(len(bots), players)]


def run(specs: list[GameSpec], executor: Executor | None = None,
        progress: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play every game on `executor` (default: a process per core); results come back in schedule order.

    Every game is rebuilt from its spec's seeds, so the results are the same whatever the backend (unless the
    specs are `timed`)."""
    return duplicate.run(play, specs, executor, progress)
