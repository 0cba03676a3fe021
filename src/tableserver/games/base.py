"""What the server needs to know about a game, whichever game it is.

The service, the hub, the clocks and the replays deal with tables, seats, tokens and moves; everything they
ask of a game goes through one `GameRules` object per game (`games.GAMES`), which speaks to that game's own
engine. A game decides who owes a decision (`pending`: one seat, or several at once for a simultaneous
choice), what is legal, and what each seat may see; the server decides nothing about any rule.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class GameRules(ABC):
    id: str  # stored with each table ("bloodyinn", "innkeepers")
    title: str  # for people ("The Bloody Inn")

    # ------------------------------------------------------------------------------------ a new table

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """What a new table of this game may choose (GET /api/options): player counts, bots, game options."""

    @abstractmethod
    def bot_names(self) -> tuple[str, ...]:
        """The bots a table can seat, weakest first."""

    @abstractmethod
    def is_bot(self, name: str | None) -> bool:
        """Whether `name` is a bot of this game (levels and bots by their own name both count)."""

    @abstractmethod
    def make_bot(self, name: str, seed: int) -> Any:
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

    @abstractmethod
    def start(self, settings: dict[str, Any]) -> Any:
        """A new engine game from stored settings (settings + seed + moves fix a game exactly)."""

    @abstractmethod
    def public_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        """The settings without the seed (it would tell hidden cards): `players` plus the game's choices."""

    def choices(self, settings: dict[str, Any]) -> dict[str, Any]:
        """The game's own options of stored settings, to create the same game again (a rematch)."""
        public = self.public_settings(settings)
        public.pop("players")
        return public

    # ------------------------------------------------------------------------------------ playing

    @abstractmethod
    def pending(self, game: Any) -> list[int]:
        """The seats that owe a decision now, lowest first; several when they choose at once."""

    @abstractmethod
    def legal(self, game: Any, seat: int) -> list[Any]:
        """`seat`'s legal actions now (empty when it owes none)."""

    @abstractmethod
    def action(self, game: Any, seat: int, text: str) -> Any:
        """The engine's own legal action object for `seat` matching `text` (so applying it needs no second
        check), or ServiceError (illegal) with the engine's explanation, naming the rule."""

    @abstractmethod
    def apply(self, game: Any, seat: int, action: Any) -> list[Any]:
        """Apply an action (object or notation) for `seat`; the engine's events."""

    @abstractmethod
    def history(self, game: Any) -> list[str]:
        """Every applied action so far, in canonical notation (hidden choices included: not for players)."""

    @abstractmethod
    def canonical(self, text: str) -> str | None:
        """The canonical notation of `text`, whatever the position; None if it is not notation at all."""

    @abstractmethod
    def form(self, game: Any, action: Any) -> dict[str, Any]:
        """A legal action as clients get it: its notation (`text`), `kind` and fields."""

    @abstractmethod
    def preview(self, game: Any, seat: int, text: str) -> dict[str, Any]:
        """What an action would do: `action` (canonical), `description`, `events`; nothing hidden revealed."""

    @abstractmethod
    def result(self, game: Any) -> dict[str, Any]:
        """Once over: `scores`, `winners`, `breakdown` (and the game's own extras)."""

    @abstractmethod
    def recorded_actions(self, record: dict[str, Any]) -> list[str]:
        """The actions of `game.record()` as notation (without seat prefixes), for checking a replay."""

    def rules_text(self, game: Any) -> list[str]:
        """The rules in plain words as this game's settings play them, for the table's Rules panel; empty when
        the game's face shows fixed rules of its own."""
        return []

    def view(self, game: Any, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = game.view(seat)
        return view

    def seed(self, game: Any) -> int:
        seed: int = game.config.seed
        return seed

