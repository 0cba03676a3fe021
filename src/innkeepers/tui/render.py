"""Drawings of what one seat may see, as Rich text: cards, customers, the boards, the table, the status line.

Only a view (`game.view(seat)`) and the content tables are read here. Every colour comes with a symbol or a
letter (suits ♠♥♦♣, seats P1-P4, M for a meeple and c for a cube), so the screen reads the same without colour.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..cards import (
    BONUS_BY_ID,
    BONUS_POINTS,
    CARD_BY_ID,
    CARD_NUMBER,
    CARD_SUIT,
    CUSTOMER_AMENITY,
    CUSTOMER_BY_ID,
    CUSTOMER_LUXURY,
    CUSTOMER_SUIT,
    SUIT_SYMBOLS,
    SUITS,
    bonus_floor,
)
from ..texts import amenity_name, floor_name, player_name, render_note
from ..texts.catalog import N_, _

SUIT_STYLE = {"s": "bold", "h": "bold red1", "d": "bold dark_orange", "c": "bold green3"}
SEAT_STYLE = ("bold cyan", "bold magenta", "bold yellow", "bold bright_blue")
# Three letters per amenity on the boards, in the language in use.
AMENITY_SHORT = {"pool": N_("Pol"), "spa": N_("Spa"), "restaurant": N_("Res"), "gym": N_("Gym"), "standard": N_("Std")}
LEGEND = N_("Rooms: number, amenity (Pol Spa Res Gym, Std = none), marker (M meeple +3, c cube +2, in the colour "
            "of its owner); then the card and the customer (L Luxury, B Budget, suit); <2: referred by P2, whose "
            "marker it carries: the cube +1 to the host, the meeple of an upgraded referral +2.")


def seat(number: int | None) -> Text:
    if number is None:
        return Text("-", style="dim")
    return Text(player_name(number), style=SEAT_STYLE[number])


def card(card_id: str) -> Text:
    """'12♦', in its suit's colour."""
    index = CARD_BY_ID[card_id]
    suit = SUITS[CARD_SUIT[index]]
    return Text(f"{CARD_NUMBER[index]}{SUIT_SYMBOLS[suit]}", style=SUIT_STYLE[suit])


def cards(card_ids: list[str]) -> Text:
    return Text(" ").join(card(c) for c in card_ids) if card_ids else Text(_("none"), style="dim")


def _customer_suit(customer_id: str) -> str:
    return SUITS[CUSTOMER_SUIT[CUSTOMER_BY_ID[customer_id]]]


def customer_tag(customer_id: str) -> Text:
    """'L♠': the customer's type letter and suit."""
    index = CUSTOMER_BY_ID[customer_id]
    suit = _customer_suit(customer_id)
    return Text(f"{'L' if CUSTOMER_LUXURY[index] else 'B'}{SUIT_SYMBOLS[suit]}", style=SUIT_STYLE[suit])


def customer(customer_id: str) -> Text:
    """'Luxury ♠ (Pool)': type, suit and the amenity wanted."""
    index = CUSTOMER_BY_ID[customer_id]
    suit = _customer_suit(customer_id)
    kind = _("Luxury") if CUSTOMER_LUXURY[index] else _("Budget")
    return Text.assemble((f"{kind} {SUIT_SYMBOLS[suit]}", SUIT_STYLE[suit]),
                         " " + _("(wants the {amenity})").format(amenity=amenity_name(CUSTOMER_AMENITY[index])))


def who_wins(customer_id: str) -> str:
    """The trick's aim for this customer, as printed on the boards' reminder (I-R-19)."""
    index = CUSTOMER_BY_ID[customer_id]
    symbol = SUIT_SYMBOLS[_customer_suit(customer_id)]
    return (_("highest {suit} wins") if CUSTOMER_LUXURY[index] else _("lowest {suit} wins")).format(suit=symbol)


def bonus(bonus_id: str | None) -> str:
    """'Lobby ♠: +2 per ♠ on the ground floor' (per customer of that suit)."""
    if bonus_id is None:
        return _("hidden")
    index = BONUS_BY_ID[bonus_id]
    kind, _sep, suit = bonus_id.partition("-")
    symbol = SUIT_SYMBOLS[suit]
    text = _("Penthouse {suit}: +{points} per {suit} on the {floor} floor") if kind == "penthouse" else \
        _("Lobby {suit}: +{points} per {suit} on the {floor} floor")
    return text.format(suit=symbol, points=BONUS_POINTS, floor=floor_name(bonus_floor(index)))


# ------------------------------------------------------------------------------------------------ boards


def _room_cells(room: dict[str, Any], lines: int) -> Text:
    """Nine columns: '  8 Pol M', then on a second line (a floor with customers) ' 12♦ L♠<2'."""
    head = Text(f"{room['room']:>3} {_(AMENITY_SHORT[room['amenity']])[:3]:<3} ",
                style="" if room["customer"] else "dim")
    if room["customer"] is None:
        return head.append(" " + "\n" * (lines - 1) + " " * 9 * (lines - 1))
    marker = room["marker"]
    head.append("M" if marker["kind"] == "meeple" else "c", style=SEAT_STYLE[marker["seat"]])
    shown = card(room["card"])
    lower = Text(" " * (4 - len(shown.plain)))
    lower.append_text(shown)
    lower.append(" ")
    lower.append_text(customer_tag(room["customer"]))
    if room["referrer"] is not None:
        lower.append(f"<{room['referrer'] + 1}", style=SEAT_STYLE[room["referrer"]])
    else:
        lower.append("  ")
    return head.append("\n").append_text(lower)


def board(player: dict[str, Any]) -> Table:
    """A 15-room board as printed: the top floor (rooms 11-15) first, the ground floor (1-5) last."""
    table = Table(box=None, padding=0, show_header=False, pad_edge=False)
    for _column in range(5):
        table.add_column(width=9, no_wrap=True)
    rooms = player["board"]
    for floor in (2, 1, 0):
        cells = rooms[floor * 5:floor * 5 + 5]
        lines = 2 if any(room["customer"] for room in cells) else 1  # an empty floor takes one line
        table.add_row(*(_room_cells(room, lines) for room in cells))
    return table


def player_heading(player: dict[str, Any], label: str) -> Text:
    """'P1 (you) 12 pts, kept 1 (-1), hand 7'; the score without the bonus card when it is hidden."""
    text = Text.assemble((label, SEAT_STYLE[player["seat"]]), " " + _("{n} pts").format(n=player["score"]))
    if player["bonus"] is None:
        text.append(" " + _("+ bonus?"))
    if player["kept"]:
        text.append(", " + _("kept {n} (-{n})").format(n=len(player["kept"])))
    text.append(", " + _("hand {n}").format(n=player["hand_size"]))
    return text


# ------------------------------------------------------------------------------------------------ the table


def trick_card(view: dict[str, Any], player: dict[str, Any]) -> Text:
    """A seat's card on the table: the card once it may be seen (the winner's stays in view once it has gone to
    a board with the customer), else whether the seat has chosen."""
    if player["card"] is not None:
        return card(player["card"])
    if view["decision"] == "play":
        return Text(_("has chosen") if player["committed"] else _("choosing..."), style="dim")
    last = view["log"][-1] if view["log"] else None
    if last is not None and last["trick"] == view["trick"]:
        return card(last["cards"][player["seat"]])
    return Text("")


def table(view: dict[str, Any], labels: list[str]) -> Group:
    """The customer and the trick, the viewer's hand and bonus card, the last trick, the piles."""
    lines: list[Text] = []
    head = Text.assemble((_("Trick {n}").format(n=view["trick"]), "bold"))
    if view["is_over"]:
        head.append(_(", the last: {reason}.").format(reason=render_note(view["end_reason"])))
    elif view["customer"] is not None:
        head.append(" " + _("for") + " ")
        head.append_text(customer(view["customer"]))
        head.append(f": {who_wins(view['customer'])}")
    else:
        head.append(_(": the customer is placed"))
    lines.append(head)
    for player in view["players"]:
        row = Text("  ")
        row.append(f"{labels[player['seat']]:<18}", style=SEAT_STYLE[player["seat"]])
        row.append_text(trick_card(view, player))
        if view["winner"] == player["seat"]:
            row.append("  " + _("wins"), style="bold")
        elif view["second"] == player["seat"]:
            row.append("  " + _("second"))
        lines.append(row)
    me = view["seat"]
    if me is not None:
        mine = view["players"][me]
        lines.append(Text.assemble((_("Your hand: "), "bold"), cards(mine["hand"])))
        lines.append(Text(_("Bonus: {bonus}").format(bonus=bonus(mine["bonus"]))))
    else:
        lines.append(Text(_("Hands are hidden until a player is at the keyboard."), style="dim"))
    if view["log"]:
        last = view["log"][-1]
        text = Text(_("Trick {n}:").format(n=last["trick"]))
        for number, played in enumerate(last["cards"]):
            text.append(f" {player_name(number)} ")
            text.append_text(card(played))
        text.append("; " + _("{player} won").format(player=player_name(last["winner"])))
        if last["second"] is not None:
            text.append(", " + _("{player} second").format(player=player_name(last["second"])))
        lines.append(text)
    lines.append(Text(_("Customers left {customers}, draw pile {draw}, discards {discards}").format(
        customers=view["deck"]["size"], draw=view["draw_pile"], discards=len(view["discard"])), style="dim"))
    return Group(*lines)


# ------------------------------------------------------------------------------------------------ status


DECISIONS = {"play": N_("choose a card"), "place": N_("place the customer"),
             "host": N_("place the referred customer"), "second": N_("take a second-place action"),
             "pick": N_("pick the next customer"), "refill": N_("keep or change their hand")}


def waiting(view: dict[str, Any], labels: list[str]) -> str:
    """What the table waits for, in words."""
    if view["is_over"]:
        return _("The game is over: {reason}.").format(reason=render_note(view["end_reason"]))
    names = ", ".join(labels[s] for s in view["pending"])
    decision = DECISIONS[view["decision"]]
    return _("Waiting for {players} to {decision}.").format(players=names, decision=_(decision))


def status(view: dict[str, Any], labels: list[str]) -> Text:
    """Two lines: where the game is and the scores, then what it waits for."""
    in_hand = (view["trick"] - 1) % view["tricks_per_hand"] + 1
    where = _("trick {trick}/32, hand {hand} (trick {n} of {of})").format(
        trick=view["trick"], hand=view["hand"], n=in_hand, of=view["tricks_per_hand"])
    text = Text.assemble((_("Innkeepers"), "bold"), f"  {where}  |  ")
    for player in view["players"]:
        text.append_text(seat(player["seat"]))
        text.append(f" {player['score']}  ")
    text.append("\n")
    text.append(waiting(view, labels), style="bold")
    return text
