"""A table's own options, beside the game's settings: turn clock, privacy, stand-in bot, rematch.

The turn clock gives each person `seconds` per decision once every human seat is taken ("realtime" for
seconds or minutes, "async" for hours or days: the same mechanism, told apart for the page). When it runs
out, the seat is handed to the stand-in bot (marked "timed_out"); its player may take it back. Without a
clock, the other players may hand the seat of someone who is not connected and keeps the table waiting to the
same bot (marked "away"), and they too may take it back. Resigning hands the seat to the bot for good
(marked "resigned").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

# Seat statuses: why a seat that was a person's is now played by the stand-in bot.
RESIGNED = "resigned"
TIMED_OUT = "timed_out"
AWAY = "away"  # the others handed the seat of a player who left mid-decision to the bot
# Statuses whose player may take the seat back.
RETURNABLE = (TIMED_OUT, AWAY)


@dataclass(frozen=True)
class TableOptions:
    clock: str = "none"
    seconds: float = 0.0  # per decision, when there is a clock
    private: bool = False
    invite: str | None = None  # private tables: the code a join link must carry
    stand_in: str = "medium"  # the bot level that plays for a resigned or timed-out person
    rematch: str | None = None  # the rematch table, once someone asked for it

    @property
    def clocked(self) -> bool:
        return self.clock != "none"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableOptions:
        """Options as stored; tables from before options existed get the defaults."""
        return cls(**data) if data else cls()

    def with_rematch(self, table_id: str) -> TableOptions:
        return replace(self, rematch=table_id)
