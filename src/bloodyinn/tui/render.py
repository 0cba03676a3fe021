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

from ..cards import APTITUDE, CARD_BY_ID, OCCUPATION_BY_ANNEX, OCCUPATION_BY_ID, GuestType, Occupation, occupation
from ..config import CASH_CAP

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
LEGEND = ("[M2] = a merchant of rank 2.  Keys and Room Service (Serv.): P1-P4, or white.\n"
          "M merchant/blue/bribes  A artisan/red/builds  P police/grey/kills\n"
          "R religious/purple/buries  N noble/green  Y peasant/yellow")


def occ_of(card_or_occupation: str) -> Occupation:
    """The occupation of a card id ('mechanic.2') or an occupation id ('mechanic')."""
    if card_or_occupation in CARD_BY_ID:
        return occupation(CARD_BY_ID[card_or_occupation])
    return OCCUPATION_BY_ID[card_or_occupation]


def count(number: int, word: str) -> str:
    """'1 card', '2 cards'."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def does(occ: Occupation) -> str:
    """What the guest does as an accomplice, as a verb: 'bribes', 'buries' ('' for nobles and peasants)."""
    aptitude = APTITUDE[occ.type]
    if aptitude is None:
        return ""
    return "buries" if aptitude.value == "bury" else f"{aptitude.value}s"


def tag(occ: Occupation) -> str:
    """'M2': type letter and rank, the colourless key to a card."""
    return f"{occ.type.letter}{occ.rank}"


def card(card_or_occupation: str) -> Text:
    occ = occ_of(card_or_occupation)
    return Text.assemble(occ.name, " ", (f"[{tag(occ)}]", TYPE_STYLE[occ.type]))


def card_plain(card_or_occupation: str) -> str:
    occ = occ_of(card_or_occupation)
    return f"{occ.name} [{tag(occ)}]"


def cards(ids: list[str], empty: str = "none") -> Text:
    """Cards grouped by occupation: 'Peasant [Y0] x2, Newsboy [M0]'."""
    if not ids:
        return Text(empty, style="dim")
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
    return Text(f"P{seat_number + 1}", style=SEAT_STYLE[seat_number])


def annex_title(ref: str) -> str:
    if ref.startswith("barn."):
        return f"Barn of P{int(ref[5:]) + 1}"
    occ = occ_of(ref)
    return f"{occ.annex_name} [{tag(occ)}]"


def bonus_title(annex_id: str) -> str:
    """The name of an annex by its annex id ('bishopric'), as end-game bonuses are listed."""
    return OCCUPATION_BY_ANNEX[annex_id].annex_name or annex_id


def annex_text(occ: Occupation) -> str:
    """'Distillery: At the end of each round, ...' or an empty string for police and peasants."""
    return f"{occ.annex_name}: {occ.annex_text}" if occ.annex_name else ""


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
    fixed = [NARROW_WIDTHS.get(narrow, kwargs.get("width", 0)) for _, narrow, kwargs, _ in ROOM_COLUMNS]
    guest_width = width - sum(w + 1 for w, show in zip(fixed, shown, strict=True) if show) + 1
    for (heading, narrow, kwargs, _), show in zip(ROOM_COLUMNS, shown, strict=True):
        if show and wide:
            table.add_column(heading, no_wrap=True, overflow="ellipsis", **kwargs)
        elif show:
            settings = {**kwargs, "width": NARROW_WIDTHS[narrow]} if narrow in NARROW_WIDTHS else kwargs
            if tiny and narrow == "Guest":
                settings = {"width": max(guest_width, 8)}
            table.add_column(narrow, no_wrap=True, overflow="ellipsis", **settings)
    for room in view["rooms"]:
        key = room["key"]
        key_text = Text("closed", style="dim") if key is None else (
            Text("white") if key == "white" else seat(key))
        service = seat(room["room_service"]) if room["room_service"] is not None else Text("")
        guest = room["guest"]
        if guest is None:
            table.add_row(str(room["room"]), key_text, service, Text("-" if key is not None else "", style="dim"))
            continue
        occ = occ_of(guest)
        aptitude = APTITUDE[occ.type]
        shown_guest = card(guest)
        if tiny and len(shown_guest) > guest_width:
            shown_guest = Text.assemble((f"[{tag(occ)}]", TYPE_STYLE[occ.type]), " ", occ.name)
        cells: list[str | Text] = [str(room["room"]), key_text, service, shown_guest,
                                   Text(occ.type.value, style=TYPE_STYLE[occ.type]), f"{occ.pocket}F",
                                   aptitude.value if aptitude else "-", occ.annex_name or "-"]
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
    top = card(entrance["top"]) if entrance["top"] else Text("empty", style="dim")
    table.add_row("Entrance", Text.assemble(f"{count(entrance['size'], 'card')}, top: ", top))
    if view["arrival"]:
        table.add_row("At the door", card(view["arrival"]))
    table.add_row("Bistro", cards(view["bistro"], "empty"))
    table.add_row("Exit stack", exit_tally(view["exit"]))
    table.add_row("Box", Text(f"{count(len(view['gravedigger']), 'corpse')} from the gravedigger,"
                              f" {count(view['culled'], 'traveler')} out of the game", style="dim"))
    return table


def inn(view: dict[str, Any], width: int) -> RenderableType:
    """The rooms and the stacks; a narrow board leaves the legend to the help and card screens."""
    legend = [Text(LEGEND, style="dim")] if width == 0 or width >= 84 else []
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
            part.append("buried: ")
            part.append_text(cards(buried))
            part.append("; ")
        part.append(f"{annex['free']} free)")
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
        head.append(f"  checks: {player['checks']}  booty: {booty}F")
        if view["first_player"] == number:
            head.append("  * first player", style="bold")
        if view["current_player"] == number:
            head.append("  > to decide", style="reverse")
        table.add_row(seat(number), head)
        amount = Text(f" {player['cash']}F", style="bold") if track else Text(f"{player['cash']}F of 40F",
                                                                                  style="bold")
        table.add_row("Cash", Text.assemble(cash_track(player["cash"]), amount) if track else amount)
        table.add_row("Hand", Text.assemble(f"({len(player['hand'])}) ", cards(player["hand"], "empty")))
        table.add_row("Annexes", annexes(player))
        corpses = cards(player["corpses"], "none")
        if player["corpses"]:
            corpses.stylize("underline")
        table.add_row("Corpses", corpses)
    return table


# ------------------------------------------------------------------------------------------------ status


def phase(view: dict[str, Any], labels: list[str]) -> str:
    """What the table is waiting for, in words."""
    current = view["current_player"]
    who = labels[current] if current is not None else ""
    decision = view["decision"]
    if decision is None:
        return "The game is over."
    if decision == "place":
        arriving = card_plain(view["arrival"]) if view["arrival"] else "the traveler"
        return f"Welcome: {who} puts {arriving} in a room"
    if decision == "night":
        n = len(view["players"])
        return f"Night: {who} takes action {view['turn'] // n + 1} of 2"
    if decision == "gravedigger":
        if view["stage"] == "final_gravedigger":
            return f"End of the game: {who} pays the gravedigger for unburied corpses"
        return f"Police investigation: {who} pays the gravedigger"
    return f"Wages: {who} chooses the accomplices who leave unpaid"


def status(view: dict[str, Any], labels: list[str], width: int = 0) -> Text:
    """Two lines: the game and the round, then what the table waits for. A terminal narrower than 110 columns
    gets the short wording, so that the first line never wraps."""
    settings = view["settings"]
    variants = ", ".join(v.replace("_", " ") for v in settings["variants"])
    solo = "solitaire" if settings["players"] == 1 else f"{settings['players']} players"
    if width == 0 or width >= 110:
        text = Text.assemble(("The Bloody Inn", "bold"),
                             f"  |  {settings['length']} game, {solo}, {variants or 'no variant'}",
                             f"  |  Round {view['round']}, season {view['season']} of 2")
        if view["final_round"]:
            text.append("  |  FINAL ROUND", style="bold red")
        text.append("  |  First player: ")
    else:
        text = Text.assemble((f"Round {view['round']}", "bold"), f" (season {view['season']}/2)")
        if view["final_round"]:
            text.append(" FINAL", style="bold red")
        text.append(f" | {settings['length']}, {solo}{', ' + variants if variants else ''} | First: ")
    text.append_text(seat(view["first_player"]))
    text.append("\n")
    text.append(phase(view, labels), style="bold")
    return text
