"""Drawings of the public board as Rich renderables: rooms, stacks, players, the status line.

Every colour comes with a letter or symbol (type letters M/A/P/R/N/Y, P1-P4 for keys and tokens), so the board
reads the same without colour. Only the view (`game.view(...)`) and the card table are read here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.i18n import format_money

from ..cards import APTITUDE, CARD_BY_ID, OCCUPATION_BY_ANNEX, OCCUPATION_BY_ID, GuestType, Occupation, occupation
from ..config import CASH_CAP
from ..texts import annex_name_of, guest_type_name, occupation_name, player_name
from ..texts import annex_text as annex_text_of
from ..texts import annex_title as annex_name
from ..texts.catalog import N_, _, ngettext, pgettext

TYPE_STYLE = {
    GuestType.MERCHANT: "bold dodger_blue1",
    GuestType.ARTISAN: "bold red1",
    GuestType.POLICE: "bold grey70",
    GuestType.RELIGIOUS: "bold medium_purple1",
    GuestType.NOBLE: "bold green3",
    GuestType.PEASANT: "bold yellow3",
}
TYPE_ORDER = (GuestType.MERCHANT, GuestType.ARTISAN, GuestType.POLICE, GuestType.RELIGIOUS, GuestType.NOBLE,
              GuestType.PEASANT)
# The players' colours in the box (R-COMP-4); the seat number is always printed next to them.
SEAT_STYLE = ("bold red", "bold green", "bold blue", "bold yellow")
LEGEND = N_("[M2] = a merchant of rank 2.  Keys and Room Service (Serv.): P1-P4, or white.\n"
            "M merchant/blue/bribes  A artisan/red/builds  P police/grey/kills\n"
            "R religious/purple/buries  N noble/green  Y peasant/yellow")
# What an accomplice of each aptitude does, as a verb.
_DOES = {"bribe": N_("bribes"), "build": N_("builds"), "kill": N_("kills"), "bury": N_("buries")}


# The variants by their settings id, as the status line names them.
VARIANTS = {"unlimited_wealth": N_("unlimited wealth"), "first_come_first_served": N_("first come first served")}


def column(heading: str) -> str:
    """A column heading of the rooms in the language in use (a context tells it from the 'Type' key)."""
    return heading if heading in ("#", "$") else pgettext("column", heading)


def occ_of(card_or_occupation: str) -> Occupation:
    """The occupation of a card id ('mechanic.2') or an occupation id ('mechanic')."""
    if card_or_occupation in CARD_BY_ID:
        return occupation(CARD_BY_ID[card_or_occupation])
    return OCCUPATION_BY_ID[card_or_occupation]


def count(number: int, word: str) -> str:
    """'1 card', '2 cards' in the language in use, for the words the board counts."""
    return _COUNTS[word](number).format(n=number)


_COUNTS = {
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "corpse": lambda n: ngettext("{n} corpse", "{n} corpses", n),
    "traveler": lambda n: ngettext("{n} traveler", "{n} travelers", n),
    "peasant": lambda n: ngettext("{n} peasant", "{n} peasants", n),
}


def player(seat_number: int) -> str:
    """'P2' in the language in use."""
    return player_name(seat_number)


def does(occ: Occupation) -> str:
    """What the guest does as an accomplice, as a verb: 'bribes', 'buries' ('' for nobles and peasants)."""
    aptitude = APTITUDE[occ.type]
    if aptitude is None:
        return ""
    return _(_DOES[aptitude.value])


def tag(occ: Occupation) -> str:
    """'M2': type letter and rank, the colourless key to a card."""
    return f"{occ.type.letter}{occ.rank}"


def card(card_or_occupation: str) -> Text:
    occ = occ_of(card_or_occupation)
    return Text.assemble(occupation_name(occ.id), " ", (f"[{tag(occ)}]", TYPE_STYLE[occ.type]))


def card_plain(card_or_occupation: str) -> str:
    occ = occ_of(card_or_occupation)
    return f"{occupation_name(occ.id)} [{tag(occ)}]"


def cards(ids: list[str], empty: str | None = None) -> Text:
    """Cards grouped by occupation: 'Peasant [Y0] x2, Newsboy [M0]'."""
    if not ids:
        return Text(_("none") if empty is None else empty, style="dim")
    counts = Counter(occ_of(i).id for i in ids)
    parts = []
    for occ_id, n in counts.items():
        part = card(occ_id)
        if n > 1:
            part.append(f" x{n}")
        parts.append(part)
    return Text(", ").join(parts)


def seat(seat_number: int | None) -> Text:
    if seat_number is None:
        return Text("-", style="dim")
    return Text(player(seat_number), style=SEAT_STYLE[seat_number])


def annex_title(ref: str) -> str:
    if ref.startswith("barn."):
        return annex_name_of(ref)
    occ = occ_of(ref)
    return f"{annex_name(occ.id)} [{tag(occ)}]"


def bonus_title(annex_id: str) -> str:
    """The name of an annex by its annex id ('bishopric'), as end-game bonuses are listed."""
    return annex_name(OCCUPATION_BY_ANNEX[annex_id].id) or annex_id


def annex_text(occ: Occupation) -> str:
    """'Distillery: At the end of each round, ...' or an empty string for police and peasants."""
    return _("{annex}: {effect}").format(annex=annex_name(occ.id), effect=annex_text_of(occ.id)) \
        if occ.annex_name else ""


# ------------------------------------------------------------------------------------------------ inn


# (heading, narrow heading, settings, the board width from which the column shows): a narrow board keeps every
# room's key, token, guest, money and aptitude in full and leaves the annex to the card screen and the type's
# name to the card's letter and colour.
ROOM_COLUMNS: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("#", "#", {"width": 1}, 0), ("Key", "Key", {"width": 6}, 0), ("Serv.", "Srv", {"width": 5}, 0),
    ("Guest", "Guest", {"min_width": 20}, 0), ("Type", "Type", {"width": 9}, 78),
    ("Money", "$", {"width": 5}, 0), ("Aptitude", "Does", {"width": 8}, 0), ("Annex", "Annex", {"ratio": 1}, 67))
FULL_HEADINGS = 67  # below this width the headings and their columns shrink
NARROW_WIDTHS = {"Srv": 3, "$": 3, "Does": 5}
# Below this width even the narrow columns do not fit: the aptitude goes (the type letter says it) and the guest
# gets what is left, its tag first when its name must be cut, so that the room numbers always show.
TINY = 43


def rooms(view: dict[str, Any], width: int = 0) -> Table:
    """The eight rooms, with as many columns as `width` holds in full (0: all of them)."""
    wide = width == 0 or width >= FULL_HEADINGS
    tiny = 0 < width < TINY
    shown = [(width == 0 or width >= least) and not (tiny and narrow == "Does") for _, narrow, _, least in ROOM_COLUMNS]
    table = Table(expand=wide, box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold")
    fixed = [NARROW_WIDTHS.get(narrow, kwargs.get("width", 0)) for _h, narrow, kwargs, _w in ROOM_COLUMNS]
    guest_width = width - sum(w + 1 for w, show in zip(fixed, shown, strict=True) if show) + 1
    for (heading, narrow, kwargs, _least), show in zip(ROOM_COLUMNS, shown, strict=True):
        if show and wide:
            table.add_column(column(heading), no_wrap=True, overflow="ellipsis", **kwargs)
        elif show:
            settings = {**kwargs, "width": NARROW_WIDTHS[narrow]} if narrow in NARROW_WIDTHS else kwargs
            if tiny and narrow == "Guest":
                settings = {"width": max(guest_width, 8)}
            table.add_column(column(narrow), no_wrap=True, overflow="ellipsis", **settings)
    for room in view["rooms"]:
        key = room["key"]
        key_text = Text(_("closed"), style="dim") if key is None else (
            Text(_("white")) if key == "white" else seat(key))
        service = seat(room["room_service"]) if room["room_service"] is not None else Text("")
        guest = room["guest"]
        if guest is None:
            table.add_row(str(room["room"]), key_text, service, Text("-" if key is not None else "", style="dim"))
            continue
        occ = occ_of(guest)
        aptitude = APTITUDE[occ.type]
        shown_guest = card(guest)
        if tiny and len(shown_guest) > guest_width:
            shown_guest = Text.assemble((f"[{tag(occ)}]", TYPE_STYLE[occ.type]), " ", occupation_name(occ.id))
        cells: list[str | Text] = [str(room["room"]), key_text, service, shown_guest,
                                   Text(guest_type_name(occ.type.value), style=TYPE_STYLE[occ.type]),
                                   format_money(occ.pocket), _(aptitude.value) if aptitude else "-",
                                   annex_name(occ.id) or "-"]
        table.add_row(*(cell for cell, show in zip(cells, shown, strict=True) if show))
    return table


def exit_tally(ids: list[str]) -> Text:
    counts = Counter(occ_of(i).type for i in ids)
    text = Text(count(len(ids), "card"))
    for guest_type in TYPE_ORDER:
        if counts[guest_type]:
            text.append("  ")
            text.append(f"{guest_type.letter}:{counts[guest_type]}", style=TYPE_STYLE[guest_type])
    return text


def stacks(view: dict[str, Any]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    entrance = view["entrance"]
    top = card(entrance["top"]) if entrance["top"] else Text(_("empty"), style="dim")
    table.add_row(_("Entrance"), Text.assemble(_("{cards}, top: ").format(cards=count(entrance["size"], "card")),
                                               top))
    if view["arrival"]:
        table.add_row(_("At the door"), card(view["arrival"]))
    table.add_row(_("Bistro"), cards(view["bistro"], _("empty")))
    table.add_row(_("Exit stack"), exit_tally(view["exit"]))
    table.add_row(_("Box"), Text(_("{corpses} from the gravedigger, {travelers} out of the game").format(
        corpses=count(len(view["gravedigger"]), "corpse"), travelers=count(view["culled"], "traveler")), style="dim"))
    return table


def inn(view: dict[str, Any], width: int) -> RenderableType:
    """The rooms and the stacks; a narrow board leaves the legend to the help and card screens."""
    legend = [Text(_(LEGEND), style="dim")] if width == 0 or width >= 84 else []
    return Group(rooms(view, width), Text(""), stacks(view), *legend)


# ------------------------------------------------------------------------------------------------ players


def cash_track(cash: int, width: int = CASH_CAP) -> Text:
    """A 0-40F track, one cell per franc, with a tick every 10F; cash beyond 40 (Unlimited Wealth) shows as +N."""
    filled = min(cash, width)
    text = Text()
    for franc in range(1, width + 1):
        if franc <= filled:
            text.append("#" if franc % 10 == 0 else "=", style="bold gold1")
        else:
            text.append("|" if franc % 10 == 0 else ".", style="dim")
    if cash > width:
        text.append(f" +{cash - width}")
    return text


def annexes(player: dict[str, Any]) -> Text:
    parts = []
    for annex in [player["barn"], *player["annexes"]]:
        part = Text(annex_title(annex["annex"]), style="bold")
        buried = annex["buried"]
        part.append(" (")
        if buried:
            part.append(_("buried: "))
            part.append_text(cards(buried))
            part.append("; ")
        part.append(_("{n} free)").format(n=annex["free"]))
        parts.append(part)
    return Text(" | ").join(parts)


def players(view: dict[str, Any], labels: list[str], width: int = 0) -> Table:
    """Each innkeeper's money, hand, annexes and corpses; the cash track needs 53 columns, a narrower panel
    shows the amount alone."""
    track = width == 0 or width >= 53
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True, width=8)
    table.add_column(ratio=1)
    if track:
        ruler = Text("0" + " " * 9 + "10" + " " * 8 + "20" + " " * 8 + "30" + " " * 8 + "40", style="dim")
        table.add_row("", ruler)
    for player in view["players"]:
        number = player["seat"]
        booty = player["cash"] + 10 * player["checks"]
        head = Text(labels[number].partition(" ")[2], style="bold")
        head.append("  " + _("checks: {checks}  booty: {booty}").format(checks=player["checks"],
                                                                         booty=format_money(booty)))
        if view["first_player"] == number:
            head.append("  " + _("* first player"), style="bold")
        if view["current_player"] == number:
            head.append("  " + _("> to decide"), style="reverse")
        table.add_row(seat(number), head)
        amount = Text(" " + format_money(player["cash"]), style="bold") if track else Text(
            _("{cash} of {cap}").format(cash=format_money(player["cash"]), cap=format_money(CASH_CAP)), style="bold")
        table.add_row(_("Cash"), Text.assemble(cash_track(player["cash"]), amount) if track else amount)
        table.add_row(_("Hand"), Text.assemble(f"({len(player['hand'])}) ", cards(player["hand"], _("empty"))))
        table.add_row(_("Annexes"), annexes(player))
        corpses = cards(player["corpses"])
        if player["corpses"]:
            corpses.stylize("underline")
        table.add_row(_("Corpses"), corpses)
    return table


# ------------------------------------------------------------------------------------------------ status


def phase(view: dict[str, Any], labels: list[str]) -> str:
    """What the table is waiting for, in words."""
    current = view["current_player"]
    who = labels[current] if current is not None else ""
    decision = view["decision"]
    if decision is None:
        return _("The game is over.")
    if decision == "place":
        arriving = card_plain(view["arrival"]) if view["arrival"] else _("the traveler")
        return _("Welcome: {player} puts {card} in a room").format(player=who, card=arriving)
    if decision == "night":
        n = len(view["players"])
        return _("Night: {player} takes action {n} of 2").format(player=who, n=view["turn"] // n + 1)
    if decision == "gravedigger":
        if view["stage"] == "final_gravedigger":
            return _("End of the game: {player} pays the gravedigger for unburied corpses").format(player=who)
        return _("Police investigation: {player} pays the gravedigger").format(player=who)
    return _("Wages: {player} chooses the accomplices who leave unpaid").format(player=who)


def status(view: dict[str, Any], labels: list[str], width: int = 0) -> Text:
    """Two lines: the game and the round, then what the table waits for. A terminal narrower than 110 columns
    gets the short wording, so that the first line never wraps."""
    settings = view["settings"]
    variants = ", ".join(_(VARIANTS.get(v, v)) for v in settings["variants"])
    solo = _("solitaire") if settings["players"] == 1 else _("{n} players").format(n=settings["players"])
    length = _("short") if settings["length"] == "short" else _("long")
    if width == 0 or width >= 110:
        game = _("short game") if settings["length"] == "short" else _("long game")
        no_variant = _("no variant")
        text = Text.assemble((_("The Bloody Inn"), "bold"),
                             f"  |  {game}, {solo}, {variants or no_variant}",
                             "  |  " + _("Round {round}, season {season} of 2").format(round=view["round"],
                                                                                      season=view["season"]))
        if view["final_round"]:
            text.append("  |  " + _("FINAL ROUND"), style="bold red")
        text.append("  |  " + _("First player: "))
    else:
        text = Text.assemble((_("Round {round}").format(round=view["round"]), "bold"),
                             " " + _("(season {season}/2)").format(season=view["season"]))
        if view["final_round"]:
            text.append(" " + _("FINAL"), style="bold red")
        text.append(f" | {length}, {solo}{', ' + variants if variants else ''} | " + _("First: "))
    text.append_text(seat(view["first_player"]))
    text.append("\n")
    text.append(phase(view, labels), style="bold")
    return text
