"""What the server needs to know about a game, whichever game it is.

The service, the hub, the clocks and the replays deal with tables, seats, tokens and moves; everything they
ask of a game goes through one `GameRules` object per game (`games.GAMES`), which speaks to that game's own
engine. A game decides who owes a decision (`pending`: one seat, or several at once for a simultaneous
choice), what is legal, and what each seat may see; the server decides nothing about any rule.

What every game's engine offers (`tabletop.protocol.GameProtocol`) is asked here once; each game's rules add
what the server says about that game alone: its options, bots, notation, forms and results. `GameRules[G, A]`
speaks to games of class `G`, whose actions are `A`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import partial
from typing import Any, Generic, TypeVar

from tabletop.bots import Bot
from tabletop.protocol import GameEvent, GameProtocol

from ..errors import ServiceError, illegal

# The engine's game; its action type is the rules' `A` (a bound cannot say so: the adapters do, e.g.
# GameRules[bloodyinn.Game, bloodyinn.Action]).
G = TypeVar("G", bound=GameProtocol[Any])
A = TypeVar("A")


class GameRules(ABC, Generic[G, A]):
    id: str  # stored with each table ("bloodyinn", "innkeepers")
    title: str  # for people ("The Bloody Inn")
    game_class: type[G]  # the engine's game (a tabletop.protocol.GameProtocol)
    # Event kinds that bring hidden cards to light; a decision followed by one stands (no undo goes back past it).
    revealing: frozenset[str] = frozenset()
    # Event kinds that begin a forced follow-up of a move, which the engine plays by itself (a forced action, a
    # traveler arriving, night falling, a trick's cards turned over): a replay shows each as a step of its own.
    follow_up_kinds: frozenset[str] = frozenset({"action"})

    # ------------------------------------------------------------------------------------ a new table

    @abstractmethod
    def options(self, lang: str) -> dict[str, Any]:
        """What a new table of this game may choose (GET /api/options): player counts, bots, game options; its
        words in `lang`."""

    @abstractmethod
    def bot_names(self) -> tuple[str, ...]:
        """The bots a table can seat, weakest first."""

    @abstractmethod
    def is_bot(self, name: str | None) -> bool:
        """Whether `name` is a bot of this game (levels and bots by their own name both count)."""

    @abstractmethod
    def make_bot(self, name: str, seed: int) -> Bot[A]:
        """A bot: its `choose(view, legal)` returns one of `legal`."""

    def default_stand_in(self) -> str:
        """The bot that plays for a person who resigned or ran out of time, unless the table says otherwise:
        a middle level when there is one."""
        names = self.bot_names()
        return "medium" if "medium" in names else names[len(names) // 2]

    @abstractmethod
    def settings(self, players: int, choices: dict[str, Any], seed: int) -> dict[str, Any]:
        """The stored settings of a new game (seed included); `choices` are the game's own options. Raises
        ServiceError (bad_request) naming what is wrong."""

    def start(self, settings: dict[str, Any]) -> G:
        """A new engine game from stored settings (settings + seed + moves fix a game exactly)."""
        return self.game_class.from_settings(settings)

    @abstractmethod
    def public_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """The settings without the seed (it would tell hidden cards): `players` plus the game's choices."""

    def choices(self, settings: dict[str, Any]) -> dict[str, Any]:
        """The game's own options of stored settings, to create the same game again (a rematch)."""
        public = self.public_settings(settings)
        public.pop("players")
        return public

    # ------------------------------------------------------------------------------------ playing

    def pending(self, game: G) -> list[int]:
        """The seats that owe a decision now, lowest first; several when they choose at once."""
        return game.pending_seats()

    def legal(self, game: G, seat: int) -> list[A]:
        """`seat`'s legal actions now (empty when it owes none)."""
        legal: list[A] = game.legal_actions(seat)
        return legal

    def action(self, game: G, seat: int, text: str) -> A:
        """The engine's own legal action object for `seat` matching `text` (so applying it needs no second
        check), or ServiceError (illegal) with the engine's explanation, naming the rule."""
        try:
            chosen: A = game.validate(text, seat)
        except ValueError as exc:  # every engine refuses bad input with a ValueError of its own (tabletop.protocol)
            raise self.refusal(exc) from None
        return next((legal for legal in game.legal_actions(seat) if legal == chosen), chosen)

    def apply(self, game: G, seat: int, action: A | str) -> Sequence[GameEvent]:
        """Apply an action (object or notation) for `seat`; the engine's events."""
        return game.apply(action, seat=seat)

    @abstractmethod
    def history(self, game: G) -> list[str]:
        """Every applied action so far, in canonical notation (hidden choices included: not for players)."""

    @abstractmethod
    def canonical(self, text: str) -> str | None:
        """The canonical notation of `text`, whatever the position; None if it is not notation at all."""

    @abstractmethod
    def form(self, game: G, action: A, lang: str) -> dict[str, Any]:
        """A legal action as clients get it: its notation (`text`), `kind` and fields (words in `lang`). It depends
        on the action and the game's settings alone, not on the position (messages.choices sends it again)."""

    @abstractmethod
    def preview(self, game: G, seat: int, text: str, lang: str) -> dict[str, Any]:
        """What an action would do: `action` (canonical), `description` (in `lang`), `events` (the engine's);
        nothing hidden revealed."""

    @abstractmethod
    def event_text(self, game: G, event: GameEvent, lang: str) -> str:
        """An event of `game` in words, in `lang`; seats as `player_token` calls them."""

    @abstractmethod
    def player_token(self, seat: int, lang: str) -> str:
        """How the game's sentences in `lang` call a seat ("P1"); the server puts the seat's name in its place."""

    @abstractmethod
    def error_text(self, error: ValueError, lang: str) -> str:
        """An engine's refusal in words, in `lang`, naming the rule."""

    @abstractmethod
    def result(self, game: G) -> dict[str, Any]:
        """Once over: `scores`, `winners`, `breakdown` (and the game's own extras)."""

    def follow_ups(self, events: list[dict[str, Any]]) -> list[int]:
        """Where the forced follow-ups of a move begin among its events (their indexes): at each event of
        `follow_up_kinds` but the first, unless the one before is of the same kind (cards turned over together
        are one step)."""
        return [i for i in range(1, len(events))
                if events[i]["kind"] in self.follow_up_kinds and events[i]["kind"] != events[i - 1]["kind"]]

    def result_words(self, result: dict[str, Any], lang: str) -> dict[str, Any]:
        """A result (`result()`, ranked by the table) with its words in `lang`; it has none unless the game says
        so."""
        return result

    def rank_key(self, row: dict[str, Any]) -> tuple[int, ...]:
        """How the game orders seats at its end, from a row of `result()['breakdown']`: the best key wins (the
        engine's winners). The table ranks a seat its person left below every other (messages.result)."""
        return (row["total"],)

    @abstractmethod
    def recorded_actions(self, record: dict[str, Any]) -> list[str]:
        """The actions of `game.record()` as notation (without seat prefixes), for checking a replay."""

    def refusal(self, error: ValueError, bad_settings: bool = False) -> ServiceError:
        """The engine's refusal of a move (`illegal`) or of a new table's settings (`bad_request`) as the server's
        error, said in each reader's language."""
        words = partial(self.error_text, error)
        if bad_settings:
            return ServiceError("bad_request", str(error), 400, render=words)
        return illegal(str(error), render=words)

    def rules_text(self, game: G, lang: str) -> list[str]:
        """The rules in plain words as this game's settings play them, in `lang`, for the table's Rules panel;
        empty when the game's face shows fixed rules of its own."""
        return []

    def view(self, game: G, seat: int | None) -> dict[str, Any]:
        return game.view(seat)

    def seed(self, game: G) -> int:
        return game.config.seed

