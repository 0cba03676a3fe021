"""The content tables: playing cards, customers, the hotel board and the bonus cards.

The seed gives only the playing cards and the customer types and suits (I-R-6..8); the board, the amenities
and the bonus cards are the spec's invented defaults (I-G-2..5), kept here as data so a real rulebook's
tables could replace them. Cards are small integers inside the engine and readable ids outside:

- playing card ``7s`` = the 7 of Spades (suits ``s`` ``h`` ``d`` ``c``), numbers 1-15 (I-R-6);
- customer ``lux-s-pool`` = a Luxury Spades customer who wants the Pool; ``bud-h-gym`` a Budget Hearts one
  (I-R-7, I-R-8, I-G-4: every type × suit × amenity once);
- bonus card ``penthouse-s`` (+2 per Spades customer on the top floor) or ``lobby-s`` (ground floor) (I-G-5).
"""

from __future__ import annotations

from typing import Final

# Final, every table here: the compiled rules read them without looking their names up.
SUITS: Final = ("s", "h", "d", "c")  # bridge order, highest first (I-G-10)
SUIT_NAMES: Final = {"s": "Spades", "h": "Hearts", "d": "Diamonds", "c": "Clubs"}
SUIT_SYMBOLS: Final = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
NUMBERS: Final = 15
NUM_CARDS: Final = len(SUITS) * NUMBERS  # 60 playing cards

LUXURY: Final = "lux"
BUDGET: Final = "bud"
TYPES: Final = (LUXURY, BUDGET)
TYPE_NAMES: Final = {LUXURY: "Luxury", BUDGET: "Budget"}
AMENITIES: Final = ("pool", "spa", "restaurant", "gym")
NUM_CUSTOMERS: Final = len(TYPES) * len(SUITS) * len(AMENITIES)  # 32

# I-G-2, I-G-3: three floors of five rooms, numbered 1-15 along the rising path; each floor has each amenity once.
ROOMS: Final = 15
ROOM_AMENITY: Final = (
    "pool", "spa", "standard", "restaurant", "gym",  # ground floor, rooms 1-5
    "restaurant", "gym", "pool", "standard", "spa",  # middle floor, rooms 6-10
    "standard", "restaurant", "gym", "spa", "pool",  # top floor, rooms 11-15
)
FLOORS: Final = ("ground", "middle", "top")


def floor_of(room: int) -> str:
    """The floor of a room numbered 1-15."""
    return FLOORS[(room - 1) // 5]


# ---------------------------------------------------------------------------------------------- playing cards

CARD_IDS: Final[tuple[str, ...]] = tuple(f"{n}{s}" for s in SUITS for n in range(1, NUMBERS + 1))
CARD_BY_ID: Final[dict[str, int]] = {cid: i for i, cid in enumerate(CARD_IDS)}
CARD_SUIT: Final[tuple[int, ...]] = tuple(i // NUMBERS for i in range(NUM_CARDS))  # index into SUITS
CARD_NUMBER: Final[tuple[int, ...]] = tuple(i % NUMBERS + 1 for i in range(NUM_CARDS))


def card_name(card: int) -> str:
    return f"{CARD_NUMBER[card]}{SUIT_SYMBOLS[SUITS[CARD_SUIT[card]]]}"


# ---------------------------------------------------------------------------------------------- customers

CUSTOMER_IDS: Final[tuple[str, ...]] = tuple(f"{t}-{s}-{a}" for t in TYPES for s in SUITS for a in AMENITIES)
CUSTOMER_BY_ID: Final[dict[str, int]] = {cid: i for i, cid in enumerate(CUSTOMER_IDS)}
CUSTOMER_LUXURY: Final[tuple[bool, ...]] = tuple(i < NUM_CUSTOMERS // 2 for i in range(NUM_CUSTOMERS))
CUSTOMER_SUIT: Final[tuple[int, ...]] = tuple(i // len(AMENITIES) % len(SUITS) for i in range(NUM_CUSTOMERS))
CUSTOMER_AMENITY: Final[tuple[str, ...]] = tuple(AMENITIES[i % len(AMENITIES)] for i in range(NUM_CUSTOMERS))


def customer_name(customer: int) -> str:
    kind = TYPE_NAMES[LUXURY if CUSTOMER_LUXURY[customer] else BUDGET]
    suit = SUIT_SYMBOLS[SUITS[CUSTOMER_SUIT[customer]]]
    return f"{kind} {suit} customer wanting the {CUSTOMER_AMENITY[customer].capitalize()}"


# ---------------------------------------------------------------------------------------------- bonus cards

BONUS_FLOORS: Final = {"penthouse": "top", "lobby": "ground"}
BONUS_IDS: Final[tuple[str, ...]] = tuple(f"{kind}-{s}" for kind in BONUS_FLOORS for s in SUITS)
BONUS_BY_ID: Final[dict[str, int]] = {bid: i for i, bid in enumerate(BONUS_IDS)}
BONUS_POINTS: Final = 2  # per customer of the card's suit on the card's floor (I-G-5)


def bonus_floor(bonus: int) -> str:
    return BONUS_FLOORS[BONUS_IDS[bonus].partition("-")[0]]


def bonus_suit(bonus: int) -> int:
    return SUITS.index(BONUS_IDS[bonus].rpartition("-")[2])


def bonus_name(bonus: int) -> str:
    kind, _, suit = BONUS_IDS[bonus].partition("-")
    floor = BONUS_FLOORS[kind]
    return (f"{kind.capitalize()} {SUIT_SYMBOLS[suit]} (+{BONUS_POINTS} per {SUIT_NAMES[suit]} customer on the "
            f"{floor} floor)")
