"""A game played one token at a time: the engine's legal actions as a prefix tree (grown one level at a time along
the tokens typed), the tokens typed so far, and the action applied when its last token is typed. The environments
and the self-play generator share it.

Tokens that are the only possible next token are typed for the player, so every step an agent sees offers at
least two tokens; a decision whose only legal action is then complete is applied as the engine would apply a
forced decision. Rewards come at the end of the game only (`final_rewards`, by a scheme of `tabletop.rewards`).
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

import numpy as np

from tabletop.rewards import DEFAULT_REWARD, check_scheme
from tabletop.rewards import final_rewards as scheme_rewards

from ..actions import Action
from ..errors import IllegalActionError
from ..game import Game
from .encoding import VERB_OF, VOCABULARY_SIZE, encode, token_text

SOLITAIRE_SCALE = 100.0  # a won solitaire game's reward is its booty / 100F (a good long game scores 150F+)
SOLITAIRE_LOSS = -1.0  # the police closed the inn (R-SOLO-4)


INT8 = np.dtype(np.int8)  # passed by position: numpy reads it at half the cost of `dtype=np.int8` (see `observation`)
Spelled = tuple[tuple[int, ...], Action]  # an action's tokens, and the action


def _branches(spelled: list[Spelled], depth: int) -> dict[int, list[Spelled]]:
    """The actions grouped by their token at `depth`: the prefix tree of the legal actions, one level at a time,
    only along the path typed (most branches are never typed). Legal actions never spell a prefix of each other
    (`ActionTree` checks it in the encoding tests)."""
    branches: dict[int, list[Spelled]] = {}
    for pair in spelled:
        token = pair[0][depth]
        branch = branches.get(token)
        if branch is None:
            branches[token] = [pair]
        else:
            branch.append(pair)
    return branches


def _verbs(actions: list[Action]) -> dict[int, list[Action]]:
    """The first level of the tree: the actions grouped by verb (their class), spelled only once their verb is
    typed (`_spelled`). The engine lists each class's actions together, which `groupby` walks in C."""
    verbs: dict[int, list[Action]] = {}
    for cls, group in groupby(actions, type):
        verbs.setdefault(VERB_OF[cls], []).extend(group)
    return verbs


def _spelled(actions: list[Action]) -> list[Spelled]:
    return list(zip(map(encode, actions), actions))


def final_rewards(game: Game, scheme: str = DEFAULT_REWARD) -> list[float]:
    """Per seat, once the game is over: with others, by the reward `scheme` of `tabletop.rewards` on the scores
    and the winners after the tie-break (R-END-6/7; `margin` counts in hundreds of francs); in solitaire, whatever
    the scheme, the booty / 100F, or -1 if the game was lost to the police."""
    if game.config.solo:
        check_scheme(scheme)
        return [SOLITAIRE_LOSS if game.lost else game.scores()[0] / SOLITAIRE_SCALE]
    return scheme_rewards(scheme, game.scores(), game.winners(), SOLITAIRE_SCALE)


class TokenGame:
    """`game` advanced by tokens: `legal_tokens()` is the mask, `step(token)` types one token."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.prefix: list[int] = []  # tokens typed in the current decision, the forced ones included
        self.actions = 0  # actions applied through this object (a view changes only when this does)
        self.seat: int | None = None  # the seat typing now, or None once the game is over
        # next token -> the legal actions it leads to: spelled, except at the root (the verbs, see `_verbs`)
        self._node: dict[int, list[Any]] = {}
        self._next_decision()

    def legal_tokens(self) -> list[int]:
        """The token ids that may be typed now (sorted); empty once the game is over."""
        return sorted(self._node)

    def mask(self) -> np.ndarray:
        """1 for each token that may be typed now, int8 (all 0 once the game is over)."""
        mask = bytearray(VOCABULARY_SIZE)  # a handful of tokens: set byte by byte, then wrapped without a copy
        for token in self._node:
            mask[token] = 1
        return np.ndarray(VOCABULARY_SIZE, INT8, mask)

    def is_legal(self, token: int) -> bool:
        return token in self._node

    def step(self, token: int) -> Action | None:
        """Type `token` for the current seat; returns the action it completed and applied, else None. A token
        that starts no legal action raises `IllegalActionError` and changes nothing."""
        if token not in self._node:
            if self.game.is_over:
                raise IllegalActionError("the game is over", "R-END-1")
            typed = token_text(self.prefix) or "(nothing yet)"
            raise IllegalActionError(f"token {token!r} cannot follow {typed!r}; legal next tokens: "
                                     f"{token_text(self.legal_tokens())}")
        return self._type(token)

    def _type(self, token: int) -> Action | None:
        spelled = self._node[token]
        self.prefix.append(token)
        depth = len(self.prefix)
        if depth == 1:  # a verb: its actions are spelled now (`_verbs`)
            spelled = _spelled(spelled)
        if len(spelled) > 1 or len(spelled[0][0]) > depth:
            self._node = _branches(spelled, depth)
            self._type_forced()
            return None
        action = spelled[0][1]
        self.game.apply(action, events=False)
        self.actions += 1
        self._next_decision()
        return action

    def _next_decision(self) -> None:
        self.prefix = []
        self.seat = self.game.current_player
        if self.seat is None:
            self._node = {}
        else:
            self._node = _verbs(self.game.legal_actions())
        self._type_forced()

    def _type_forced(self) -> None:
        if len(self._node) == 1:
            self._type(next(iter(self._node)))
