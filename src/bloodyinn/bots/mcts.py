"""The search bot: information-set Monte Carlo tree search over determinizations.

The bot cannot see the order of the entrance stack nor the culled cards, so every iteration imagines them
afresh (a deal consistent with everything the seat sees: `Game.from_view` once per decision, then `redeal`
with a new seed) and walks one shared tree of decisions with it (single-observer ISMCTS, Cowling, Powley &
Whitehouse 2012). A node's statistics thus average over the hidden cards instead of trusting one guess.
Each player picks their own moves in the tree by UCB on their own reward; the playout below the tree follows
the greedy scores with some randomness and stops a few rounds ahead, where `heuristics.position_value`
judges the position.

Moves are widened progressively in the order of their greedy score, and that score also biases UCB while a
move has few visits, so that the many ways to pay for one action do not drown the search. The budget is a
number of iterations (deterministic for a seed) with an optional time limit.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..game import Game
from ..state import Stage
from .base import Hint
from .determinize import redeal
from .heuristics import Scorer, position_value
from .reasons import reason


@dataclass(frozen=True)
class SearchConfig:
    iterations: int = 400
    seconds: float | None = None  # a wall-clock cap on top of the iterations (None: iterations only)
    exploration: float = 0.7
    # Playouts stop this many round starts ahead (or at the game's end); solitaire playouts are cheaper
    # (one player, four rooms) and its plans longer, so they look further.
    horizon_rounds: int = 2
    solo_horizon_rounds: int = 3
    playout_noise: float = 0.15  # chance of a random move in playouts
    widen_base: int = 3  # moves considered at a node: base + sqrt(visits)
    # Progressive bias: the greedy score's prior adds bias * prior / (visits + 1) to a move's UCB value, so
    # that few iterations still favour sensible moves; priors fall by e every `prior_scale` francs.
    progressive_bias: float = 0.5
    prior_scale: float = 4.0
    # Placing a traveler rarely matters (every open room fills each round, so it moves only Room Service
    # money and the last rounds' income): such decisions get this share of the iterations.
    place_share: float = 0.125
    # Rewards are sigmoid(margin / scale): in company the margin is the lead over the best rival; in
    # solitaire it is the gain over the position searched from, and a lost game scores 0.
    margin_scale: float = 8.0
    solo_scale: float = 12.0


class _Node:
    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed reward of the player who chose the move leading here


class MctsBot:
    name = "mcts"

    def __init__(self, seed: int | None = None, config: SearchConfig | None = None) -> None:
        self._rng = random.Random(seed)
        self.config = config or SearchConfig()
        self._base = 0.0  # solitaire: the worth of the position searched from, the zero of the rewards

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal, top=1)[0].action

    def analyse(self, view: dict[str, Any], legal: list[Action], top: int) -> list[Hint]:
        """Search, then the `top` most visited moves with their estimated value: the chance of winning in
        company; in solitaire, what the positions the search reaches are worth in francs (the final score
        when it reaches the end)."""
        seat = view["seat"]
        root, sample = self._search(view, legal)
        solo = view["settings"]["players"] == 1
        ranked = sorted(((child.visits, child.reward / max(1, child.visits), i, a)
                         for i, (a, child) in enumerate(root.children.items())),
                        key=lambda t: (-t[0], -t[1], t[2]))
        state, config = sample.state, sample.config
        yours = {a: a for a in legal}  # hand back the caller's own action objects
        hints = []
        for _, mean, _, found in ranked[:top]:
            action = yours.get(found, found)
            value = self._base + self.config.solo_scale * _logit(mean) if solo else mean
            hints.append(Hint(action, round(value, 3), reason(state, config, seat, action)))
        return hints

    # ------------------------------------------------------------------------------------------- search

    def _search(self, view: dict[str, Any], legal: list[Action]) -> tuple[_Node, Game]:
        cfg = self.config
        root = _Node()
        deadline = time.perf_counter() + cfg.seconds if cfg.seconds else None
        iterations = cfg.iterations
        if view.get("decision") == "place":
            iterations = max(1, int(iterations * cfg.place_share))
        seeds = [self._rng.getrandbits(32) for _ in range(iterations)]
        sample = Game.from_view(view, seeds[0])
        sample.legal_actions()  # copies share this list: applying its own actions takes the engine's fast path
        allowed = set(legal)
        self._base = position_value(sample.state, sample.config, 0) if sample.config.solo else 0.0
        # Playout randomness comes from its own generator so that the iteration count alone fixes the result.
        rng = random.Random(seeds[0])
        for number, seed in enumerate(seeds):
            if deadline is not None and number and time.perf_counter() > deadline:
                break
            if number % 16 == 0 and number and _decided(root, iterations - number):
                break
            self._iterate(root, redeal(sample, seed), allowed, rng)
        return root, sample

    def _iterate(self, root: _Node, game: Game, allowed: set[Action], rng: random.Random) -> None:
        cfg = self.config
        start_round = game.state.round
        node = root
        path: list[tuple[_Node, int]] = []
        legal = [a for a in game.legal_actions() if a in allowed]  # the caller's choices, as the copy's objects
        while True:
            seat = game.current_player
            assert seat is not None
            candidates = self._candidates(game, seat, legal, node.visits)
            for action, _ in candidates:
                child = node.children.get(action)
                if child is not None:
                    child.avail += 1
            fresh = next((a for a, _ in candidates if a not in node.children), None)
            if fresh is not None:
                child = node.children[fresh] = _Node()
                child.avail = 1
                game.apply(fresh, events=False)
                path.append((child, seat))
                break
            best, best_ucb = candidates[0][0], -math.inf
            for action, prior in candidates:
                child = node.children[action]
                ucb = (child.reward / child.visits
                       + cfg.exploration * math.sqrt(math.log(child.avail) / child.visits)
                       + cfg.progressive_bias * prior / (child.visits + 1))
                if ucb > best_ucb:
                    best, best_ucb = action, ucb
            node = node.children[best]
            game.apply(best, events=False)
            path.append((node, seat))
            legal = self._next_decision(game)
            if not legal:
                break
        rewards = self._playout(game, start_round, rng)
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]

    def _candidates(self, game: Game, seat: int, legal: list[Action], visits: int) -> list[tuple[Action, float]]:
        """The moves open at a node, best greedy score first, each with a prior in (0, 1] from its score: the
        best few, more as the node is visited more (progressive widening)."""
        cfg = self.config
        width = cfg.widen_base + int(math.sqrt(visits))
        scorer = Scorer(game.state, game.config, seat)
        scores = [scorer.score(a) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])[:width]
        best = scores[order[0]]
        return [(legal[i], math.exp((scores[i] - best) / cfg.prior_scale)) for i in order]

    @staticmethod
    def _next_decision(game: Game) -> list[Action]:
        """Play forced moves (a single legal action) and return the next real choice; [] at the end."""
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) > 1:
                return legal
            game.apply(legal[0], events=False)
        return []

    def _playout(self, game: Game, start_round: int, rng: random.Random) -> list[float]:
        cfg = self.config
        stop_round = start_round + (cfg.solo_horizon_rounds if game.config.solo else cfg.horizon_rounds)
        state, config = game.state, game.config
        while not game.is_over:
            if state.round >= stop_round and state.stage == Stage.WELCOME:
                break
            legal = game.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif rng.random() < cfg.playout_noise:
                action = rng.choice(legal)
            else:
                seat = game.current_player
                assert seat is not None
                action = max(legal, key=Scorer(state, config, seat).score)
            game.apply(action, events=False)
            state = game.state
        return self._rewards(game)

    def _rewards(self, game: Game) -> list[float]:
        """Every seat's reward in [0, 1] for the position a playout reached."""
        cfg, state, config = self.config, game.state, game.config
        n = state.players
        if config.solo:
            if game.lost:
                return [0.0]
            value = float(game.scores()[0]) if game.is_over else position_value(state, config, 0)
            return [_sigmoid((value - self._base) / cfg.solo_scale)]
        if game.is_over:
            winners = game.winners()
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        values = [position_value(state, config, s) for s in range(n)]
        rewards = []
        for s in range(n):
            lead = values[s] - max(values[o] for o in range(n) if o != s)
            rewards.append(_sigmoid(lead / cfg.margin_scale))
        return rewards


def _decided(root: _Node, remaining: int) -> bool:
    """The most visited move can no longer be overtaken in the iterations left: stop early (the choice is
    the same, so a seed still fixes it)."""
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    return len(visits) == 1 or (len(visits) > 1 and visits[0] - visits[1] > remaining)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _logit(p: float) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))
