"""The 30 gaps of the seed's rules (I-G-1..30) with the default this edition plays, and the flag that switches it
where an alternative makes sense: data for faces to show players, and the source of docs/innkeepers.md's
table (a test keeps the two equal)."""

from __future__ import annotations

from typing import NamedTuple


class Assumption(NamedTuple):
    id: str  # I-G-n
    question: str
    default: str
    flag: str = ""  # the new_game keyword and the value that switches it, e.g. 'must_follow=True'
    alternative: str = ""  # what that flag plays instead

    @property
    def flag_name(self) -> str:
        return self.flag.partition("=")[0]


ASSUMPTIONS: tuple[Assumption, ...] = (
    Assumption("I-G-1", "player count", "2 to 4 players", "players"),
    Assumption("I-G-2", "board shape", "3 floors × 5 rooms, rooms 1-15 from the bottom left"),
    Assumption("I-G-3", "amenities on the board", "each amenity once per floor, one Standard room per floor, "
               "no column repeats"),
    Assumption("I-G-4", "customer cards", "every type × suit × amenity once (32 cards)"),
    Assumption("I-G-5", "bonus cards", "Penthouse and Lobby for each suit, +2 per customer of the suit on that floor"),
    Assumption("I-G-6", "which suit a bonus card counts", "the customer card's suit", 'bonus_suit="playing_card"',
               "the playing card's suit"),
    Assumption("I-G-7", "reference-card actions", "exactly Choose, Upgrade, Relocate"),
    Assumption("I-G-8", "the win-order reminder", "Luxury high · Budget low · customer's suit first · "
               "♠ > ♥ > ♦ > ♣", "suit_order", "the reminder follows the suit order"),
    Assumption("I-G-9", "following suit", "optional", "must_follow=True",
               "a player holding the customer's suit must play it"),
    Assumption("I-G-10", "equal numbers", "♠ > ♥ > ♦ > ♣ (bridge order)", 'suit_order="cdhs"',
               "any order of the four suits, highest first"),
    Assumption("I-G-11", "second place", "the runner-up under the same order; with 2 players the loser"),
    Assumption("I-G-12", "order within a trick", "reveal, rank, the winner places/refers/keeps, second place acts "
               "or passes, discard, next customer; the winner gets no action"),
    Assumption("I-G-13", "lead and turn order", "no lead (simultaneous reveal); refills are carried out from the "
               "left of the last trick's winner"),
    Assumption("I-G-14", "simultaneous reveal", "each seat commits privately; nobody sees another's commitment "
               "before all have committed"),
    Assumption("I-G-15", "the placement rule", "rising with gaps: any empty room keeping the numbers rising "
               "(reading B)", "fixed_rooms=True", "card n only in room n (reading A)"),
    Assumption("I-G-16", "equal numbers on a board", "not allowed: numbers strictly rise"),
    Assumption("I-G-17", "must the winner place?", "yes, if a room is possible; the winner chooses the room",
               "voluntary_referral=True", "a winner with a legal room may refer instead"),
    Assumption("I-G-18", "what a referral carries", "the customer and the winning card; the referrer chooses among "
               "seats with a room; the host chooses the room and cannot refuse"),
    Assumption("I-G-19", "the cards after a −1", "the customer card is kept face up; the winning card is discarded"),
    Assumption("I-G-20", "\"must refer\" vs \"refusing to refer\"", "referral is compulsory",
               "allow_refuse_referral=True", "a winner who must refer may refuse and take −1 instead"),
    Assumption("I-G-21", "Upgrade details", "a not-yet-upgraded referral on your own board; amenity irrelevant; "
               "host +2, referrer +1"),
    Assumption("I-G-22", "refer for a missing amenity?", "no: only when no room is possible",
               "voluntary_referral=True", "a winner with a room may refer anyway"),
    Assumption("I-G-23", "Choose details", "draw 3 (or all left), the others go face down under the deck, known "
               "only to the chooser; unavailable on an empty deck and in the trick that fills a 15th room (I-G-26: "
               "no customer comes up after it)"),
    Assumption("I-G-24", "Relocate details", "any empty room keeping the order; own markers follow the room, "
               "referrals keep theirs", "fixed_rooms=True", "Relocate swaps the customers of two rooms, the cards "
               "stay"),
    Assumption("I-G-25", "refills", "secretly: keep 3 and draw 4, or discard 3 and draw 7; reshuffle the discards "
               "when needed; draw what there is if even that runs out; hands are dropped at the end"),
    Assumption("I-G-26", "the end", "right after the trick filling anyone's 15th room, or the trick for the last "
               "customer"),
    Assumption("I-G-27", "ties", "most own meeples (upgraded referrals do not count), then a shared win"),
    Assumption("I-G-28", "running out of markers", "no limit"),
    Assumption("I-G-29", "hidden information", "public: boards, markers, kept cards, the face-up customer, every "
               "trick's cards, the discard pile; hidden: hands, bonus cards, the deck's order, the cards put back "
               "by Choose, the draw pile"),
    Assumption("I-G-30", "live scores", "computed from the boards at any time; others see your score without your "
               "bonus until the end"),
)
