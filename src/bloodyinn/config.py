"""Game settings: player count, length, variants, first player and room layout (spec §5, §15)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError

UNLIMITED_WEALTH = "unlimited_wealth"
FIRST_COME_FIRST_SERVED = "first_come_first_served"
VARIANTS = (UNLIMITED_WEALTH, FIRST_COME_FIRST_SERVED)
VARIANT_ALIASES = {
    "uw": UNLIMITED_WEALTH,
    "unlimited-wealth": UNLIMITED_WEALTH,
    "unlimited": UNLIMITED_WEALTH,
    "fcfs": FIRST_COME_FIRST_SERVED,
    "first-come-first-served": FIRST_COME_FIRST_SERVED,
}
LENGTHS = ("short", "long")

# R-SETUP-3: travelers removed unseen, by player count and length.
CULL = {1: {"short": 34, "long": 26}, 2: {"short": 35, "long": 25}, 3: {"short": 28, "long": 16},
        4: {"short": 22, "long": 6}}
WHITE_KEYS = {1: 3, 2: 3, 3: 3, 4: 4}
NUM_ROOMS = 8
START_CASH = 5
START_CHECKS = 1
CASH_CAP = 40
# No game comes near this many checks (all the pocket money in the game is about 1,000F); it bounds the checks a
# position or a save may hold and the numbers the notation reads.
MAX_CHECKS = 999


def normalize_variant(name: str) -> str:
    if not isinstance(name, str):
        raise ConfigError("a variant is named by text, got {name!r}; known: {known}", name=name,
                          known=", ".join(VARIANTS))
    key = name.strip().lower()
    key = VARIANT_ALIASES.get(key, key.replace("-", "_"))
    if key not in VARIANTS:
        raise ConfigError("unknown variant {name!r}; known: {known} (or uw, fcfs)", name=name,
                          known=", ".join(VARIANTS))
    return key


def _is_int(value: object) -> bool:
    """A whole number: True and False are not counts, seats or seeds, and 1.0 is not one either."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game before the first decision (spec §16, "Setup")."""

    players: int = 2
    length: str = "short"
    variants: frozenset[str] = field(default_factory=frozenset)
    seed: int = 0
    first_player: int | None = None
    # Room number (1-8) holding each seat's starting key; None = seat i keys room i+1 (R-SETUP-5).
    player_rooms: tuple[int, ...] | None = None
    # Rooms holding white keys; None = the next free rooms in number order.
    white_rooms: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not _is_int(self.players) or not 1 <= self.players <= 4:
            raise ConfigError("players must be 1 to 4, got {players!r} (R-SETUP-1)", players=self.players)
        if not isinstance(self.length, str) or self.length not in LENGTHS:
            raise ConfigError("length must be 'short' or 'long', got {length!r} (R-SETUP-3)", length=self.length)
        if isinstance(self.variants, (str, bytes)) or not isinstance(self.variants, Iterable):
            raise ConfigError("variants must be a list of variant names, got {variants!r}", variants=self.variants)
        object.__setattr__(self, "variants", frozenset(normalize_variant(v) for v in self.variants))
        if not _is_int(self.seed):
            raise ConfigError("seed must be an integer, got {seed!r} (R-SETUP-7)", seed=self.seed)
        seat = self.first_player
        if seat is not None and not (_is_int(seat) and 0 <= seat < self.players):
            raise ConfigError("first_player must be a seat 0-{last}, got {seat!r} (R-SETUP-6)", last=self.players - 1,
                              seat=seat)
        if self.players == 1 and self.first_player not in (None, 0):
            raise ConfigError("in solitaire the single player is always first (R-SOLO-1)")
        self._check_layout()

    def _check_layout(self) -> None:
        for name in ("player_rooms", "white_rooms"):
            rooms = getattr(self, name)
            if rooms is not None:
                listed = tuple(rooms) if isinstance(rooms, Iterable) and not isinstance(rooms, (str, bytes)) else None
                if listed is None or not all(_is_int(r) for r in listed):
                    raise ConfigError("{name} must list room numbers 1-8, got {rooms!r} (R-SETUP-5)", name=name,
                                      rooms=rooms)
                object.__setattr__(self, name, listed)
        player_rooms = self.key_rooms()
        white_rooms = self.white_key_rooms()
        rooms = list(player_rooms) + list(white_rooms)
        if len(player_rooms) != self.players or len(white_rooms) != WHITE_KEYS[self.players]:
            raise ConfigError("room layout needs {players} player rooms and {white} white rooms (R-SETUP-5)",
                              players=self.players, white=WHITE_KEYS[self.players])
        if len(set(rooms)) != len(rooms) or not all(1 <= r <= NUM_ROOMS for r in rooms):
            raise ConfigError("room layout must use distinct rooms numbered 1-8 (R-SETUP-5)")

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def unlimited_wealth(self) -> bool:
        return UNLIMITED_WEALTH in self.variants

    @property
    def first_come_first_served(self) -> bool:
        return FIRST_COME_FIRST_SERVED in self.variants

    @property
    def cull(self) -> int:
        return CULL[self.players][self.length]

    @property
    def open_rooms(self) -> int:
        return self.players + WHITE_KEYS[self.players]

    def key_rooms(self) -> tuple[int, ...]:
        if self.player_rooms is not None:
            return tuple(self.player_rooms)
        return tuple(range(1, self.players + 1))

    def white_key_rooms(self) -> tuple[int, ...]:
        if self.white_rooms is not None:
            return tuple(self.white_rooms)
        taken = set(self.key_rooms())
        free = [r for r in range(1, NUM_ROOMS + 1) if r not in taken]
        return tuple(free[: WHITE_KEYS[self.players]])

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "length": self.length,
            "variants": sorted(self.variants),
            "seed": self.seed,
            "first_player": self.first_player,
            "player_rooms": list(self.player_rooms) if self.player_rooms is not None else None,
            "white_rooms": list(self.white_rooms) if self.white_rooms is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("settings must be a JSON object")
        unknown = set(data) - {"players", "length", "variants", "seed", "first_player", "player_rooms",
                               "white_rooms"}
        if unknown:
            raise ConfigError("unknown settings: {names}", names=", ".join(sorted(map(str, unknown))))
        return cls(
            players=data.get("players", 2),
            length=data.get("length", "short"),
            variants=data.get("variants", ()),
            seed=data.get("seed", 0),
            first_player=data.get("first_player"),
            player_rooms=data.get("player_rooms"),
            white_rooms=data.get("white_rooms"),
        )
