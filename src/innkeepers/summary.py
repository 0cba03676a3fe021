"""The rules in plain words, worded for one game's settings: the one text the terminal help and the web Rules
panel show (docs/innkeepers.md explains the defaults at length). Where a flag switches a rule, the paragraph
says what this game plays, as the engine plays it."""

from __future__ import annotations

from .cards import BONUS_POINTS, NUM_CUSTOMERS, ROOMS, SUIT_SYMBOLS
from .config import CHOOSE_DRAW, HAND_SIZE, TRICKS_PER_HAND, GameConfig


def _trick(config: GameConfig) -> str:
    follow = ("If you hold a card of the customer's suit, you must play one of them" if config.must_follow
              else "You need not follow suit")
    order = " > ".join(SUIT_SYMBOLS[suit] for suit in config.suit_order)
    second = ("the loser" if config.players == 2
              else "the runner-up: the player whose card would win without the winning one")
    return (f"Each trick is played for the face-up customer. Everyone chooses a card from their hand in secret; "
            f"the cards are revealed together. {follow}; cards of the customer's suit beat all others. Among them "
            f"(among all cards if nobody played the suit) a Luxury customer goes to the highest number, a Budget "
            f"customer to the lowest; equal numbers are ranked {order}. Second place is {second}.")


def _placement(config: GameConfig) -> str:
    where = ("in the room of the card's number (a 9 only in room 9) if it is empty" if config.fixed_rooms
             else f"in an empty room of their hotel where the numbers keep rising from room 1 to room {ROOMS} (gaps "
                  f"allowed, equal numbers not)")
    return (f"The winner checks the customer in with the winning card, {where}. In a room with the amenity the "
            f"customer wants it scores +3 (a meeple); in any other room +2 (a cube).")


def _referral(config: GameConfig) -> str:
    if config.voluntary_referral:
        who = ("The winner may refer the customer, with the winning card, to another player who has a possible "
               "room instead of placing it; a winner with no possible room must.")
    else:
        who = ("A winner with no possible room must refer the customer, with the winning card, to another player "
               "who has one; a winner with a possible room must place it.")
    refuse = (" A winner who must refer may refuse and keep the customer for −1 instead."
              if config.allow_refuse_referral else "")
    return (f"{who} The host chooses the room: +1 for the host and +1 for the referrer, whatever the amenity."
            f"{refuse} If nobody can take the customer, the winner keeps it for −1.")


def _second_place(config: GameConfig) -> str:
    relocate = ("swap the customers of two of their rooms, the cards staying put" if config.fixed_rooms
                else "move one of their customers, with its card, to another empty room where the numbers still "
                     "rise")
    return (f"Second place may then take one action or pass: choose the next customer (draw {CHOOSE_DRAW}, put "
            f"one face up, the others go face down under the deck), upgrade a referral on their hotel (+2 to them "
            f"instead of +1; the referrer keeps +1), or {relocate}.")


def _hands_and_end() -> str:
    kept = HAND_SIZE - TRICKS_PER_HAND
    return (f"Each hand lasts {TRICKS_PER_HAND} tricks; then everyone chooses in secret: keep their {kept} cards "
            f"and draw {TRICKS_PER_HAND}, or discard them and draw {HAND_SIZE}. The game ends right after the trick "
            f"that fills a hotel's {ROOMS}th room, or after the trick for the last of the {NUM_CUSTOMERS} customers.")


def _scoring(config: GameConfig) -> str:
    card = "playing card's" if config.bonus_suit == "playing_card" else "customer card's"
    return (f"Scores: +3 per meeple, +2 per cube, +1 per referral hosted (+2 once upgraded), +1 per referral made, "
            f"−1 per customer kept, and the secret bonus card: +{BONUS_POINTS} per customer of its suit (the "
            f"{card} suit) on its floor. Most points wins; on a tie the most matched amenities, then a shared win.")


def rules_summary(config: GameConfig) -> tuple[str, ...]:
    """Short paragraphs of the rules as `config` plays them (I-R-15..39 with this game's I-G flags)."""
    return (_trick(config), _placement(config), _referral(config), _second_place(config), _hands_and_end(),
            _scoring(config))
