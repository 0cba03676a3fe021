"""The names a face shows for Innkeepers' ids: players, playing cards, customers, bonus cards, suits, amenities
and floors, in the language in use or the one given."""

from __future__ import annotations

from ..assumptions import ASSUMPTIONS
from ..cards import (
    AMENITIES,
    BONUS_BY_ID,
    BONUS_FLOORS,
    BONUS_IDS,
    BONUS_POINTS,
    CARD_BY_ID,
    CUSTOMER_AMENITY,
    CUSTOMER_BY_ID,
    CUSTOMER_LUXURY,
    CUSTOMER_SUIT,
    FLOORS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
)
from .catalog import _, pgettext


def player_name(seat: int | None, lang: str | None = None) -> str:
    if seat is None:
        return _("Nobody", lang)
    return _("P{n}", lang).format(n=seat + 1)


def suit_name(suit: str, lang: str | None = None) -> str:
    """A suit's name from its letter ('s' -> 'Spades')."""
    return pgettext("suit", SUIT_NAMES[suit], lang)


def amenity_name(amenity: str, lang: str | None = None) -> str:
    """An amenity ('pool', or 'standard' for a room without one) as a name: 'Pool'."""
    return pgettext("amenity", amenity.capitalize(), lang)


def floor_name(floor: str, lang: str | None = None) -> str:
    return pgettext("floor", floor, lang)


def customer_name(customer: str | int, lang: str | None = None) -> str:
    """'Luxury ♠ customer wanting the Pool' from a customer id ('lux-s-pool') or number."""
    number = CUSTOMER_BY_ID[customer] if isinstance(customer, str) else customer
    text = (_("Luxury {suit} customer wanting the {amenity}", lang) if CUSTOMER_LUXURY[number]
            else _("Budget {suit} customer wanting the {amenity}", lang))
    return text.format(suit=SUIT_SYMBOLS[SUITS[CUSTOMER_SUIT[number]]],
                       amenity=amenity_name(CUSTOMER_AMENITY[number], lang))


def bonus_name(bonus: str | int, lang: str | None = None) -> str:
    """'Penthouse ♠ (+2 per Spades customer on the top floor)' from a bonus card id or number."""
    ref = BONUS_IDS[bonus] if isinstance(bonus, int) else bonus
    kind, _sep, suit = ref.partition("-")
    text = _("Penthouse {symbol} (+{points} per {suit} customer on the {floor} floor)", lang) if kind == "penthouse" \
        else _("Lobby {symbol} (+{points} per {suit} customer on the {floor} floor)", lang)
    return text.format(symbol=SUIT_SYMBOLS[suit], points=BONUS_POINTS, suit=suit_name(suit, lang),
                       floor=floor_name(BONUS_FLOORS[kind], lang))


def card_words(card: str | None, lang: str | None = None) -> str:
    """A playing card ('7♠') or a customer ('the Luxury ♠ customer wanting the Pool') named by its id."""
    if card is None:
        return ""
    if card in CARD_BY_ID:
        return card_name(CARD_BY_ID[card])
    if card in BONUS_BY_ID:
        return bonus_name(card, lang)
    return _("the {customer}", lang).format(customer=customer_name(card, lang))


def assumption_text(text: str, lang: str | None = None) -> str:
    """A question, default or alternative of `innkeepers.ASSUMPTIONS` in the language."""
    return pgettext("assumption", text, lang)


def data_messages() -> list[tuple[str | None, str]]:
    """The (context, English) strings of the data tables: suits, amenities, floors, the assumptions; and the
    command line's help (written where typer reads it)."""
    import typer.main

    from tabletop.cli import help_texts

    from ..cli import app

    messages: list[tuple[str | None, str]] = [("suit", name) for name in SUIT_NAMES.values()]
    messages += [("amenity", a.capitalize()) for a in (*AMENITIES, "standard")]
    messages += [("floor", floor) for floor in FLOORS]
    messages += [("assumption", text) for a in ASSUMPTIONS for text in (a.question, a.default, a.alternative) if text]
    messages += [(None, text) for text in help_texts(typer.main.get_command(app), "innkeepers")]
    return messages
