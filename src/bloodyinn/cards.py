"""The card table: the 78 guest cards, their 29 occupations and their annexes (spec §2-§3).

This module is the single place where card data lives. Its public face is `CARDS`, the table itself (one
frozen `Occupation` per row: type, rank, copies, pocket money, aptitude, annex and its effect), and
`card(key)`, which finds a row by occupation id or display name (``"brigadier_chief"``, ``"Brigadier Chief"``),
by physical card id (``"mechanic.2"``) or by card number (0-77):

    >>> from bloodyinn.cards import card
    >>> mechanic = card("Mechanic")
    >>> mechanic.type, mechanic.rank, mechanic.copies, mechanic.pocket, mechanic.aptitude, mechanic.annex_name
    (<GuestType.ARTISAN: 'artisan'>, 1, 4, 12, <PaidAction.BUILD: 'build'>, 'Workshop')

Physical cards are small integers (0-77) so that the engine can keep zones as plain lists; `CARD_IDS` gives
each one a readable canonical id such as ``"mechanic.2"`` (occupation id, then copy number from 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .errors import UnknownCardError


class GuestType(StrEnum):
    """The six guest types (R-CARD-1), with their colour and a letter for colourless displays."""

    MERCHANT = "merchant"
    ARTISAN = "artisan"
    POLICE = "police"
    RELIGIOUS = "religious"
    NOBLE = "noble"
    PEASANT = "peasant"

    @property
    def colour(self) -> str:
        return _COLOURS[self]

    @property
    def letter(self) -> str:
        return _LETTERS[self]


_COLOURS = {
    GuestType.MERCHANT: "blue",
    GuestType.ARTISAN: "red",
    GuestType.POLICE: "grey",
    GuestType.RELIGIOUS: "purple",
    GuestType.NOBLE: "green",
    GuestType.PEASANT: "yellow",
}
_LETTERS = {
    GuestType.MERCHANT: "M",
    GuestType.ARTISAN: "A",
    GuestType.POLICE: "P",
    GuestType.RELIGIOUS: "R",
    GuestType.NOBLE: "N",
    GuestType.PEASANT: "Y",
}


class PaidAction(StrEnum):
    """The four paid night actions; a guest type's aptitude names one of them (R-ACT-7)."""

    BRIBE = "bribe"
    BUILD = "build"
    KILL = "kill"
    BURY = "bury"


APTITUDE: dict[GuestType, PaidAction | None] = {
    GuestType.MERCHANT: PaidAction.BRIBE,
    GuestType.ARTISAN: PaidAction.BUILD,
    GuestType.POLICE: PaidAction.KILL,
    GuestType.RELIGIOUS: PaidAction.BURY,
    GuestType.NOBLE: None,
    GuestType.PEASANT: None,
}

# R-CARD-2: pocket money depends only on rank and on being a peasant.
TRAVELER_POCKET = {0: 8, 1: 12, 2: 18, 3: 26}
PEASANT_POCKET: Final = 4


@dataclass(frozen=True)
class Occupation:
    """One row of the card table (spec §3.3): an occupation and everything printed on its cards.

    `id` is the canonical name used in the notation and in saves; `annex_id`, `annex_name` and `annex_text`
    (the annex's effect, as printed) are None for police and peasants, which cannot be built (R-BUILD-1)."""

    index: int
    id: str
    name: str
    type: GuestType
    rank: int
    copies: int
    annex_id: str | None
    annex_name: str | None
    annex_text: str | None

    @property
    def pocket(self) -> int:
        """Pocket money in F, paid out when the guest is buried (R-CARD-2)."""
        return PEASANT_POCKET if self.type is GuestType.PEASANT else TRAVELER_POCKET[self.rank]

    @property
    def aptitude(self) -> PaidAction | None:
        """The paid action whose payment this card comes back from (R-CARD-1), if any."""
        return APTITUDE[self.type]

    @property
    def capacity(self) -> int:
        """Corpses its annex can hold (= rank, R-INV-5); 0 for police and peasants, which have no annex."""
        return self.rank if self.buildable else 0

    @property
    def card_ids(self) -> tuple[str, ...]:
        """The ids of this occupation's physical cards, e.g. ``("major.1", "major.2", "major.3")``."""
        return tuple(f"{self.id}.{copy}" for copy in range(1, self.copies + 1))

    @property
    def buildable(self) -> bool:
        """Police and peasants have no annex (R-BUILD-1)."""
        return self.annex_id is not None


_A, _M, _R, _N, _P, _Y = (
    GuestType.ARTISAN,
    GuestType.MERCHANT,
    GuestType.RELIGIOUS,
    GuestType.NOBLE,
    GuestType.POLICE,
    GuestType.PEASANT,
)

# (id, name, type, rank, copies, annex id, annex name, annex effect)
_TABLE: tuple[tuple[str, str, GuestType, int, int, str | None, str | None, str | None], ...] = (
    ("cultivator", "Cultivator", _A, 0, 4, "vegetable_garden", "Vegetable Garden",
     "Immediately earn 1F per red annex you have built, including this one."),
    ("mechanic", "Mechanic", _A, 1, 4, "workshop", "Workshop",
     "From now on, play 1 accomplice fewer to build an annex (optional)."),
    ("distiller", "Distiller", _A, 2, 3, "distillery", "Distillery",
     "At the end of each round, do not pay the wages of one accomplice in your hand."),
    ("gardener", "Gardener", _A, 3, 1, "gardens", "Gardens",
     "At the end of each round, earn 2F when the travelers leave."),
    ("landscaper", "Landscaper", _A, 3, 1, "park", "Park",
     "Immediately earn 4F. At the end of the game, earn 4F per red card in the exit stack."),
    ("butcher", "Butcher", _A, 3, 1, "butchers_shop", "Butcher's Shop",
     "From now on, kill as many travelers in rooms as you want in one Kill action."),
    ("newsboy", "Newsboy", _M, 0, 4, "kiosk", "Kiosk",
     "Immediately earn 1F per blue annex you have built, including this one."),
    ("representative", "Representative", _M, 1, 4, "parlor", "Parlor",
     "From now on, play 1 accomplice fewer to bribe a guest (optional)."),
    ("concierge", "Concierge", _M, 2, 3, "room_service", "Room Service",
     "Place a Room Service token on a room with a key: each traveler who rents it pays you his rank."),
    ("grocer", "Grocer", _M, 3, 1, "grocery", "Grocery",
     "Immediately earn 4F. At the end of the game, earn 4F per blue card in the exit stack."),
    ("shopkeeper", "Shopkeeper", _M, 3, 1, "store", "Store",
     "From now on, bribe as many travelers in rooms as you want in one Bribe action."),
    ("brewer", "Brewer", _M, 3, 1, "brewery", "Brewery",
     "From now on, bribe up to four peasants at once."),
    ("novice", "Novice", _R, 0, 4, "altar", "Altar",
     "Immediately earn 1F per purple annex you have built, including this one."),
    ("monk", "Monk", _R, 1, 4, "room", "Room",
     "Immediately replace one white key with one of your keys."),
    ("abbot", "Abbot", _R, 2, 3, "cellar", "Cellar",
     "From now on, play 1 accomplice fewer to bury a corpse (optional)."),
    ("priest", "Priest", _R, 3, 1, "chapel", "Chapel",
     "From now on, cards of any type you play to bury a corpse may return to your hand."),
    ("archbishop", "Archbishop", _R, 3, 1, "crypt", "Crypt",
     "From now on, bury as many of your corpses as you want in one Bury action."),
    ("bishop", "Bishop", _R, 3, 1, "bishopric", "Bishopric",
     "Immediately earn 4F. At the end of the game, earn 4F per purple card in the exit stack."),
    ("baron", "Baron", _N, 0, 4, "large_chandelier", "Large Chandelier", "Immediately earn 4F."),
    ("viscount", "Viscount", _N, 1, 4, "king_size_bed", "King Size Bed", "Immediately earn 6F."),
    ("count", "Count", _N, 2, 3, "dining_room", "Dining Room", "Immediately earn 9F."),
    ("duke", "Duke", _N, 3, 1, "stables", "Stables",
     "Immediately earn 4F. At the end of the game, earn 4F per green card in the exit stack."),
    ("prince", "Prince", _N, 3, 1, "greenhouse", "Greenhouse",
     "At the end of the game, earn 3F per check you have."),
    ("marquis", "Marquis", _N, 3, 1, "pavilion", "Pavilion", "Immediately earn 18F."),
    ("peacekeeper", "Peacekeeper", _P, 0, 4, None, None, None),
    ("brigadier", "Brigadier", _P, 1, 4, None, None, None),
    ("brigadier_chief", "Brigadier Chief", _P, 2, 3, None, None, None),
    ("major", "Major", _P, 3, 3, None, None, None),
    ("peasant", "Peasant", _Y, 0, 8, None, None, None),
)

OCCUPATIONS: Final[tuple[Occupation, ...]] = tuple(
    Occupation(i, *row) for i, row in enumerate(_TABLE)
)
OCCUPATION_BY_ID: Final[dict[str, Occupation]] = {o.id: o for o in OCCUPATIONS}
OCCUPATION_BY_ANNEX: Final[dict[str, Occupation]] = {o.annex_id: o for o in OCCUPATIONS if o.annex_id}

# Display-name aliases accepted when parsing text.
ALIASES: Final[dict[str, str]] = {
    "sheriff": "peacekeeper",
    "chief_brigadier": "brigadier_chief",
}

# Physical cards: every copy of every occupation, in table order.
CARD_OCC: Final[tuple[int, ...]] = tuple(o.index for o in OCCUPATIONS for _ in range(o.copies))
CARD_IDS: Final[tuple[str, ...]] = tuple(
    f"{o.id}.{copy}" for o in OCCUPATIONS for copy in range(1, o.copies + 1)
)
CARD_BY_ID: Final[dict[str, int]] = {cid: i for i, cid in enumerate(CARD_IDS)}
NUM_CARDS: Final = len(CARD_IDS)

# Flat per-card lookups: the engine's hot paths read these instead of attribute chains (Final, like the constants
# here, so that the compiled rules read them without looking their names up).
CARD_RANK: Final[tuple[int, ...]] = tuple(OCCUPATIONS[o].rank for o in CARD_OCC)
CARD_TYPE: Final[tuple[GuestType, ...]] = tuple(OCCUPATIONS[o].type for o in CARD_OCC)
CARD_POCKET: Final[tuple[int, ...]] = tuple(OCCUPATIONS[o].pocket for o in CARD_OCC)
CARD_ANNEX: Final[tuple[str, ...]] = tuple(OCCUPATIONS[o].annex_id or "" for o in CARD_OCC)

PEASANT_OCC: Final = OCCUPATION_BY_ID["peasant"].index
PEASANTS: Final[tuple[int, ...]] = tuple(c for c in range(NUM_CARDS) if CARD_OCC[c] == PEASANT_OCC)
TRAVELERS: Final[tuple[int, ...]] = tuple(c for c in range(NUM_CARDS) if CARD_OCC[c] != PEASANT_OCC)

# The barn (R-CARD-4): each player's aid card is a rank-1 annex. Barns are addressed as annex "barn.<seat>"
# and numbered after the guest cards so that annex slots can share one integer space.
BARN_RANK: Final = 1
BARN_BASE: Final = 100


def barn_of(seat: int) -> int:
    return BARN_BASE + seat


def is_barn(annex: int) -> bool:
    return annex >= BARN_BASE


def annex_rank(annex: int) -> int:
    return BARN_RANK if is_barn(annex) else CARD_RANK[annex]


def annex_ref(annex: int) -> str:
    """Canonical text id of an annex slot: the card id, or ``barn.<seat>``."""
    return f"barn.{annex - BARN_BASE}" if is_barn(annex) else CARD_IDS[annex]


def occupation(card: int) -> Occupation:
    return OCCUPATIONS[CARD_OCC[card]]


def card_name(card: int) -> str:
    return OCCUPATIONS[CARD_OCC[card]].name


def annex_name(annex: int) -> str:
    if is_barn(annex):
        return f"Barn of P{annex - BARN_BASE + 1}"
    name = OCCUPATIONS[CARD_OCC[annex]].annex_name
    assert name is not None
    return name


def resolve_occupation(text: str) -> Occupation:
    """Look up an occupation by id, display name or alias (case-insensitive); raises KeyError."""
    key = text.strip().lower().replace(" ", "_").replace("-", "_").replace("'", "")
    key = ALIASES.get(key, key)
    return OCCUPATION_BY_ID[key]


# The public name of the card table: one row per occupation, in the spec's order.
CARDS: tuple[Occupation, ...] = OCCUPATIONS


def card(key: object) -> Occupation:
    """The card-table row of an occupation id, display name or alias (``"Brigadier Chief"``), a physical card
    id (``"mechanic.2"``) or a physical card number (0-77). Raises UnknownCardError naming the key, whatever its
    type (taken as `object`: compiled, a parameter typed `str | int` would refuse None before this check)."""
    if isinstance(key, int) and not isinstance(key, bool):
        if 0 <= key < NUM_CARDS:
            return occupation(key)
        raise UnknownCardError("there is no card number {number}: cards are numbered 0-{last}", number=key,
                               last=NUM_CARDS - 1)
    if isinstance(key, str):
        if key in CARD_BY_ID:
            return occupation(CARD_BY_ID[key])
        try:
            return resolve_occupation(key)
        except KeyError:
            pass
    raise UnknownCardError("unknown card {name!r}; occupations: {known}", name=key,
                           known=", ".join(o.id for o in OCCUPATIONS))
