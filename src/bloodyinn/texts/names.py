"""The names a face shows for the engine's ids: players, occupations (card names), annexes, guest types, zones,
the solitaire titles, in the language in use or the one given."""

from __future__ import annotations

from ..cards import BARN_BASE, CARD_BY_ID, CARD_OCC, OCCUPATIONS, GuestType, annex_name, is_barn, resolve_occupation
from ..rules.endgame import SOLO_TITLES
from .catalog import _, pgettext


def player_name(seat: int | None, lang: str | None = None) -> str:
    if seat is None:
        return _("Nobody", lang)
    return _("P{n}", lang).format(n=seat + 1)


def occupation_name(occupation: str, lang: str | None = None) -> str:
    """A card's name from its occupation id, display name or alias ('brigadier_chief', 'Brigadier Chief')."""
    return pgettext("card", resolve_occupation(occupation).name, lang)


def card_name(card: str | int, lang: str | None = None) -> str:
    """A card's name from its card id ('mechanic.2') or number."""
    number = CARD_BY_ID[card] if isinstance(card, str) else card
    return pgettext("card", OCCUPATIONS[CARD_OCC[number]].name, lang)


def annex_text(occupation: str, lang: str | None = None) -> str:
    """What an occupation's annex does, as printed on the card."""
    effect = resolve_occupation(occupation).annex_text
    return pgettext("annex effect", effect, lang) if effect else ""


def annex_title(occupation: str, lang: str | None = None) -> str:
    """An annex's name from its occupation ('mechanic' -> 'Workshop')."""
    name = resolve_occupation(occupation).annex_name
    return pgettext("annex", name, lang) if name else ""


def annex_name_of(ref: str, lang: str | None = None) -> str:
    """An annex's name from its reference: a card id ('distiller.2') or a barn ('barn.0')."""
    if ref.startswith("barn."):
        return _("Barn of {player}", lang).format(player=player_name(int(ref[5:]), lang))
    return annex_title(OCCUPATIONS[CARD_OCC[CARD_BY_ID[ref]]].id, lang)


def annex_slot_name(annex: int, lang: str | None = None) -> str:
    """An annex's name from the engine's annex number (a card number, or a barn's)."""
    if is_barn(annex):
        return annex_name_of(f"barn.{annex - BARN_BASE}", lang)
    return pgettext("annex", annex_name(annex), lang)


def guest_type_name(guest_type: str, lang: str | None = None) -> str:
    """A guest type's name ('merchant')."""
    return pgettext("guest type", guest_type, lang)


def solo_title_name(title: str, lang: str | None = None) -> str:
    """A solitaire title ('evil innkeeper') as the Italian rulebook's scale names it."""
    return pgettext("solitaire title", title, lang)


def data_messages() -> list[tuple[str | None, str]]:
    """The (context, English) strings this game's data tables hold, which the catalog needs besides the strings
    written in the code: card and annex names, annex effects, guest types, solitaire titles, and the command
    line's help (written where typer reads it)."""
    import typer.main

    from tabletop.cli import help_texts

    from ..cli import app
    from ..tui.render import ROOM_COLUMNS

    messages: list[tuple[str | None, str]] = [("card", o.name) for o in OCCUPATIONS]
    messages += [("annex", o.annex_name) for o in OCCUPATIONS if o.annex_name]
    messages += [("annex effect", o.annex_text) for o in OCCUPATIONS if o.annex_text]
    messages += [("guest type", t.value) for t in GuestType]
    messages += [("solitaire title", title) for _, title in SOLO_TITLES]
    messages += [(None, text) for text in help_texts(typer.main.get_command(app), "bloodyinn")]
    messages += [("column", name) for wide, narrow, _kwargs, _least in ROOM_COLUMNS for name in {wide, narrow}
                 if name not in ("#", "$")]
    return messages
