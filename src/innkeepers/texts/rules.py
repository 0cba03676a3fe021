"""The rules in plain words, in a language: `innkeepers.summary.rules_summary`'s paragraphs written from the
catalog, worded for one game's settings as the engine plays them. In English they are the engine's own text."""

from __future__ import annotations

from ..cards import BONUS_POINTS, NUM_CUSTOMERS, ROOMS, SUIT_SYMBOLS
from ..config import CHOOSE_DRAW, HAND_SIZE, TRICKS_PER_HAND, GameConfig
from .catalog import _


def _trick(config: GameConfig, lang: str | None) -> str:
    follow = (_("If you hold a card of the customer's suit, you must play one of them", lang) if config.must_follow
              else _("You need not follow suit", lang))
    second = (_("the loser", lang) if config.players == 2
              else _("the runner-up: the player whose card would win without the winning one", lang))
    return _("Each trick is played for the face-up customer. Everyone chooses a card from their hand in secret; the "
             "cards are revealed together. {follow}; cards of the customer's suit beat all others. Among them (among "
             "all cards if nobody played the suit) a Luxury customer goes to the highest number, a Budget customer to "
             "the lowest; equal numbers are ranked {order}. Second place is {second}.", lang).format(
        follow=follow, order=" > ".join(SUIT_SYMBOLS[suit] for suit in config.suit_order), second=second)


def _placement(config: GameConfig, lang: str | None) -> str:
    where = (_("in the room of the card's number (a 9 only in room 9) if it is empty", lang) if config.fixed_rooms
             else _("in an empty room of their hotel where the numbers keep rising from room 1 to room {rooms} (gaps "
                    "allowed, equal numbers not)", lang).format(rooms=ROOMS))
    return _("The winner checks the customer in with the winning card, {where}. In a room with the amenity the "
             "customer wants it scores +3 (a meeple); in any other room +2 (a cube).", lang).format(where=where)


def _referral(config: GameConfig, lang: str | None) -> str:
    if config.voluntary_referral:
        who = _("The winner may refer the customer, with the winning card, to another player who has a possible "
                "room instead of placing it; a winner with no possible room must.", lang)
    else:
        who = _("A winner with no possible room must refer the customer, with the winning card, to another player "
                "who has one; a winner with a possible room must place it.", lang)
    refuse = (" " + _("A winner who must refer may refuse and keep the customer for −1 instead.", lang)
              if config.allow_refuse_referral else "")
    return _("{who} The host chooses the room: +1 for the host and +1 for the referrer, whatever the amenity."
             "{refuse} If nobody can take the customer, the winner keeps it for −1.", lang).format(who=who,
                                                                                                  refuse=refuse)


def _second_place(config: GameConfig, lang: str | None) -> str:
    relocate = (_("swap the customers of two of their rooms, the cards staying put", lang) if config.fixed_rooms
                else _("move one of their customers, with its card, to another empty room where the numbers still "
                       "rise", lang))
    return _("Second place may then take one action or pass: choose the next customer (draw {draw}, put one face "
             "up, the others go face down under the deck), upgrade a referral on their hotel (+2 to them instead of "
             "+1; the referrer keeps +1), or {relocate}.", lang).format(draw=CHOOSE_DRAW, relocate=relocate)


def _hands_and_end(lang: str | None) -> str:
    return _("Each hand lasts {tricks} tricks; then everyone chooses in secret: keep their {kept} cards and draw "
             "{tricks}, or discard them and draw {hand}. The game ends right after the trick that fills a hotel's "
             "{rooms}th room, or after the trick for the last of the {customers} customers.", lang).format(
        tricks=TRICKS_PER_HAND, kept=HAND_SIZE - TRICKS_PER_HAND, hand=HAND_SIZE, rooms=ROOMS, customers=NUM_CUSTOMERS)


def _scoring(config: GameConfig, lang: str | None) -> str:
    card = (_("playing card's", lang) if config.bonus_suit == "playing_card" else _("customer card's", lang))
    return _("Scores: +3 per meeple, +2 per cube, +1 per referral hosted (+2 once upgraded), +1 per referral made, "
             "−1 per customer kept, and the secret bonus card: +{points} per customer of its suit (the {card} suit) "
             "on its floor. Most points wins; on a tie the most matched amenities, then a shared win.", lang).format(
        points=BONUS_POINTS, card=card)


def rules_summary(config: GameConfig, lang: str | None = None) -> tuple[str, ...]:
    """Short paragraphs of the rules as `config` plays them, in `lang` (the language in use if None)."""
    return (_trick(config, lang), _placement(config, lang), _referral(config, lang), _second_place(config, lang),
            _hands_and_end(lang), _scoring(config, lang))
