"""Game settings: the player count, the seed and one flag per [ASSUMPTION] of the spec that has a variant.

Defaults are the proposals of docs/rules/innkeepers.md §3; every flag is named as the spec names it (§5).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .cards import SUITS
from .errors import ConfigError

HAND_SIZE = 7  # I-R-11
TRICKS_PER_HAND = 4  # I-R-32
CHOOSE_DRAW = 3  # I-R-21
BONUS_SUIT_CHOICES = ("customer", "playing_card")


def checked_seed(seed: object) -> int:
    """`seed` if it is a whole number (True and 2.0 are not), else ConfigError."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError("seed must be an integer, got {seed!r}", seed=seed)
    return seed


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game before the first decision."""

    players: int = 2
    seed: int = 0
    # I-G-15 / I-G-24: card n only in room n (and Relocate swaps two customers) instead of rising with gaps.
    fixed_rooms: bool = False
    # I-G-9: a player holding the customer's suit must play it.
    must_follow: bool = False
    # I-G-10: the suit order that breaks equal numbers, highest first.
    suit_order: str = "shdc"
    # I-G-20: a winner who must refer (no legal room) may refuse and take -1 instead.
    allow_refuse_referral: bool = False
    # I-G-17 / I-G-22: a winner with a legal room may refer the customer instead of placing it.
    voluntary_referral: bool = False
    # I-G-6: which card's suit counts for the bonus cards: the customer's or the playing card's.
    bonus_suit: str = "customer"

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ConfigError("players must be 2 to 4, got {players!r} (I-G-1)", players=self.players)
        checked_seed(self.seed)
        for name in ("fixed_rooms", "must_follow", "allow_refuse_referral", "voluntary_referral"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError("{name} must be true or false, got {value!r}", name=name, value=getattr(self, name))
        if not isinstance(self.suit_order, str) or sorted(self.suit_order) != sorted(SUITS):
            raise ConfigError("suit_order must list the suits s, h, d, c once each, highest first, got {order!r}"
                              " (I-G-10)", order=self.suit_order)
        if self.bonus_suit not in BONUS_SUIT_CHOICES:
            raise ConfigError("bonus_suit must be 'customer' or 'playing_card', got {value!r} (I-G-6)",
                              value=self.bonus_suit)

    def flags(self) -> dict[str, Any]:
        """The assumption flags alone (every setting except players and seed)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("players", "seed")}

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("settings must be a JSON object")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ConfigError("unknown settings: {names}", names=", ".join(sorted(unknown)))
        return cls(**data)


FLAG_NAMES: tuple[str, ...] = tuple(GameConfig().flags())
