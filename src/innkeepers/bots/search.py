"""The search bot: information-set Monte Carlo tree search over determinizations, with greedy playouts, whose
root compares a short list of candidates on shared deals.

The bot cannot see the other hands, the bonus cards, the deck's order nor the cards a rival has committed to
the trick. Every deal imagines them afresh (`determinize` once per decision, from the seat's view only, then
`redeal` with a new seed: a deal consistent with the view, in which rivals have not committed yet), and the
deals share one tree of decisions (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012), so a node's
statistics average over the hidden cards instead of trusting one guess.

- The root: the seat's `candidates` best moves by the full greedy values (`heuristics`) are searched, and every
  one of them is walked on every deal, in turn (common random numbers: the candidates meet the same hidden
  cards, the same rival choices at the root and the same playout luck, so the difference between two of them is
  measured without the deals' noise). The move played is the candidate with the best mean reward; all have
  the same number of walks. The rivals that choose at the root at the same time (the play and refill stages,
  I-G-14) choose once per deal by UCB on their own statistics, without knowing the seat's choice (decoupled UCT,
  Lanctot et al. 2013), and learn the mean of their rewards over the deal's walks.
- Below the root every seat chooses its own moves by UCB on its own reward, at once where the rules say so
  (decoupled); a node's child is the joint move, also told apart by the customer that comes up, which every seat
  sees. A seat's moves at a node are tried in the order of the fast greedy values, the best
  `widen_base + sqrt(visits)` of them (progressive widening), and the greedy value biases UCB while a move has
  few visits (progressive bias). Availability counts weigh a move by the walks whose deal allowed it (a rival's
  cards differ between deals).
- Below the tree every seat plays greedily (the fast values, which read only what that seat may know) until
  the start of the trick `horizon` tricks ahead (one more after a second-place decision, so the customer it
  chooses is played for), or the game's end. A seat's reward is then sigmoid(its value minus the best rival's,
  in points / `margin_scale`) (`heuristics.relative_value`); at the end of the game, its share of the win.
- The budget is a number of walks (deterministic for a seed): iterations / candidates deals, with an optional
  wall-clock cap checked between deals.
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
from .determinize import determinize, redeal
from .greedy import best_action
from .heuristics import SeatScorer, relative_value

Joint = list[tuple[int, Action]]  # the move of every seat that chooses at a node
Key = tuple[tuple[tuple[int, Action], ...], int, str]  # the moves taken, the customer face up, the stage after


@dataclass(frozen=True)
class SearchConfig:
    iterations: int = 300  # walks through the tree per decision: every candidate once on each of the deals
    candidates: int = 5  # the seat's moves searched at the root: the best by the full greedy values
    seconds: float | None = None  # a wall-clock cap on top of the iterations (None: iterations only)
    exploration: float = 0.5
    # Tricks looked ahead: tree and playouts stop at the start of trick (now + horizon), one more after a
    # second-place decision. The game's end stops them too.
    horizon: int = 3
    widen_base: int = 3  # below the root, moves considered per seat at a node: base + sqrt(its visits there)
    progressive_bias: float = 2.0  # the greedy prior adds bias * prior / (visits + 1) to a move's UCB value
    prior_scale: float = 2.0  # points: priors fall by e every 2 points of greedy value below the best move
    margin_scale: float = 5.0  # points: a reward is sigmoid(lead over the best rival / 5)


class _Move:
    """A seat's statistics for one move at one node."""

    __slots__ = ("avail", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class _Node:
    __slots__ = ("children", "moves", "priors")

    def __init__(self) -> None:
        self.children: dict[Key, _Node] = {}
        self.moves: dict[int, dict[Action, _Move]] = {}  # per seat that chooses here
        self.priors: dict[int, dict[Action, float]] = {}  # per seat, the greedy value of each move met


class SearchBot:
    name = "search"

    def __init__(self, seed: int | None = None, config: SearchConfig | None = None) -> None:
        self._rng = random.Random(seed)
        self.config = config or SearchConfig()

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        found = self.analyse(view, legal)[0][0]
        return next(action for action in legal if action == found)  # hand back the caller's own object

    def analyse(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[Action, float]]:
        """The candidates searched, best mean reward first (ties: the better greedy value), each with its
        estimated lead over the best rival in points (from its mean reward)."""
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        moves = self._search(view, legal).moves[view["seat"]]  # in the order of the greedy values
        means = [(action, move.reward / max(1, move.visits)) for action, move in moves.items()]
        ranked = sorted(means, key=lambda item: -item[1])  # stable: ties keep the greedy order
        return [(action, self.config.margin_scale * _logit(mean)) for action, mean in ranked]

    # ------------------------------------------------------------------------------------------- search

    def _search(self, view: dict[str, Any], legal: list[Action]) -> _Node:
        cfg = self.config
        seat = view["seat"]
        sample = determinize(view, self._rng.getrandbits(32))  # never asked for a rival's legal actions: `redeal`
        values = SeatScorer(sample, seat).values(legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])[:cfg.candidates]
        candidates = [legal[i] for i in order]
        seeds = [self._rng.getrandbits(32) for _ in range(max(1, math.ceil(cfg.iterations / len(candidates))))]
        deadline = time.perf_counter() + cfg.seconds if cfg.seconds else None
        stop = view["trick"] + cfg.horizon + (view["stage"] in (Stage.SECOND, Stage.PICK))
        root = _Node()
        mine = root.moves[seat] = {action: _Move() for action in candidates}
        for number, seed in enumerate(seeds):
            if deadline is not None and number and time.perf_counter() > deadline:
                break
            deal = redeal(sample, seat, seed)
            rivals, chosen = self._joint(root, deal, skip=seat)  # once a deal: every candidate meets them
            shared = [0.0] * deal.state.players
            for action, move in mine.items():
                rewards = self._walk(root, deal.copy(), [(seat, action), *rivals], stop)
                move.visits += 1
                move.reward += rewards[seat]
                shared = [total + reward for total, reward in zip(shared, rewards)]
            for player, action in chosen:
                move = root.moves[player][action]
                move.visits += 1
                move.reward += shared[player] / len(mine)
        return root

    def _walk(self, root: _Node, game: Game, joint: Joint, stop: int) -> list[float]:
        """One walk from the root's joint move down the tree, one new node, a playout; every seat's reward."""
        node = root
        path: list[tuple[_Node, Joint]] = []
        while True:
            for player, action in joint:  # seats choosing at once have all chosen before any card is applied
                game.apply(action, seat=player, events=False)
            key: Key = (tuple(joint), game.state.customer, game.state.stage)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
            if _stopped(game, stop):
                break
            joint, chosen = self._joint(node, game)
            path.append((node, chosen))
        rewards = self._playout(game, stop)
        for visited, chosen in path:
            for player, action in chosen:
                move = visited.moves[player][action]
                move.visits += 1
                move.reward += rewards[player]
        return rewards

    def _joint(self, node: _Node, game: Game, skip: int | None = None) -> tuple[Joint, Joint]:
        """The move of every seat to choose at `node` but `skip` (a forced move included), and those chosen."""
        joint: Joint = []
        chosen: Joint = []
        for player in game.pending_seats():
            if player == skip:
                continue
            legal = game.legal_actions(player)
            if len(legal) == 1:
                joint.append((player, legal[0]))
                continue
            action = self._select(node, game, player, legal)
            chosen.append((player, action))
            joint.append((player, action))
        return joint, chosen

    def _select(self, node: _Node, game: Game, player: int, legal: list[Action]) -> Action:
        """The move `player` takes at `node`: an untried one among the best by greedy value, else by UCB."""
        cfg = self.config
        moves = node.moves.setdefault(player, {})
        priors = node.priors.setdefault(player, {})
        missing = [a for a in legal if a not in priors]
        if missing:
            for action, value in zip(missing, SeatScorer(game, player).values(missing, fast=True)):
                priors[action] = value
        visits = sum(move.visits for move in moves.values())
        width = cfg.widen_base + int(math.sqrt(visits))
        candidates = sorted(legal, key=lambda a: -priors[a])[:width]
        best_prior = priors[candidates[0]]
        for action in candidates:
            move = moves.get(action)
            if move is None:
                move = moves[action] = _Move()
            move.avail += 1
        fresh = [a for a in candidates if moves[a].visits == 0]
        if fresh:
            return fresh[0]
        best, best_value = candidates[0], -math.inf
        for action in candidates:
            move = moves[action]
            value = (move.reward / move.visits + cfg.exploration * math.sqrt(math.log(move.avail) / move.visits)
                     + cfg.progressive_bias * math.exp((priors[action] - best_prior) / cfg.prior_scale)
                     / (move.visits + 1))
            if value > best_value:
                best, best_value = action, value
        return best

    def _playout(self, game: Game, stop: int) -> list[float]:
        """Every seat plays greedily to the horizon; each seat's reward in [0, 1]."""
        while not _stopped(game, stop):
            for player in game.pending_seats():  # in a simultaneous stage each decides from its own cards
                game.apply(best_action(game, player, game.legal_actions(player), fast=True), seat=player,
                           events=False)
        state, config = game.state, game.config
        if game.is_over:
            winners = game.winners()
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
        return [_sigmoid(relative_value(state, config, s) / self.config.margin_scale) for s in range(state.players)]


def _stopped(game: Game, stop: int) -> bool:
    state = game.state
    return game.is_over or (state.trick >= stop and state.stage in (Stage.PLAY, Stage.REFILL))


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _logit(p: float) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))
