"""End of the game (spec §14): scores, the tie-break and the solitaire titles."""

from __future__ import annotations

from ..cards import barn_of
from ..state import State

# R-SOLO-5: long solitaire only; bands are contiguous, 170F and above is demonic.
SOLO_TITLES = ((170, "demonic innkeeper"), (150, "evil innkeeper"), (130, "hazardous innkeeper"),
               (110, "worrying innkeeper"))


# R-MONEY-1: a check is worth 10F.
CHECK_VALUE = 10


def checks_value(state: State, seat: int) -> int:
    return CHECK_VALUE * state.checks[seat]


def booty(state: State, seat: int) -> int:
    """Cash + 10F per check (R-MONEY-5, R-END-5)."""
    return state.cash[seat] + checks_value(state, seat)


def corpses_under_own_annexes(state: State, seat: int) -> int:
    """The tie-break count: corpses under the annexes a player owns, barn included, whoever buried them
    (R-END-7, A-20)."""
    owned = [barn_of(seat), *state.annexes[seat]]
    return sum(len(state.buried.get(annex, ())) for annex in owned)


def winners(state: State) -> list[int]:
    """Highest booty; ties broken by corpses under own annexes; still tied players share the win (R-END-6/7).
    A lost solitaire game has no winner (R-SOLO-4)."""
    if state.lost:
        return []
    scores = [booty(state, s) for s in range(state.players)]
    best = max(scores)
    tied = [s for s in range(state.players) if scores[s] == best]
    most = max(corpses_under_own_annexes(state, s) for s in tied)
    return [s for s in tied if corpses_under_own_annexes(state, s) == most]


def solo_title(score: int) -> str | None:
    for threshold, title in SOLO_TITLES:
        if score >= threshold:
            return title
    return None
