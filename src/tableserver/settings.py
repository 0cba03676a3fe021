"""Server settings with working defaults: `bloodyinn serve` needs no configuration."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created on first start)."""
    folder = Path(platformdirs.user_data_dir("bloodyinn"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'bloodyinn.sqlite3'}"


@dataclass(frozen=True)
class ServerSettings:
    database_url: str = ""
    # SQLite only: "normal" (survives kill -9, not a machine crash) or "full" (flush every commit to disk).
    sqlite_sync: str = "normal"
    # Seconds a bot waits before moving, so people can follow its moves; 0 in tests and benchmarks.
    bot_delay: float = 0.5
    # Worker processes in which this replica's bots think (scheduler.py).
    bot_workers: int = 2
    # Seconds a replica holds a bot's turn or a clock it took (renewed while it works on it): one that dies
    # mid-turn lets another take the turn this long after. Jobs posted elsewhere are looked for every `job_poll` s.
    job_lease: float = 10.0
    job_poll: float = 0.5
    # Largest accepted WebSocket message / HTTP body, in bytes: an action is a short line of text.
    max_message_bytes: int = 8192
    max_body_bytes: int = 65536
    # Abuse limits, per client address (0: no limit). Bursts may reach the per-minute / per-second figure.
    tables_per_minute: float = 10
    moves_per_second: float = 20
    # Table chat messages one client address may send per minute (chat.py), in bursts of up to as many.
    chat_per_minute: float = 12
    # WebSocket connections open at once, per client address (a player's tabs and devices) and in all (0: no limit).
    max_connections_per_address: int = 32
    max_connections: int = 2000
    # Unfinished bot-only tables at once: more are refused until one ends, so they cannot starve people's games.
    max_bot_tables: int = 20
    # Seconds without a move (or a player joining) after which an unfinished table expires (0: never).
    idle_expiry: float = 14 * 86400
    # Finished games whose replay is kept in memory (least recently viewed dropped first).
    replay_cache_size: int = 64
    # The shortest turn clock a table may have, in seconds per decision (shorter ones are refused).
    min_clock_seconds: float = 10.0
    # Seconds a decision must have waited before the other players may hand an absent player's seat to a bot.
    away_after: float = 60.0
    # PostgreSQL: seconds between a replica's checks of its tables' move counts against the database, which
    # recover a change whose notification it missed (fanout.py, sync.py).
    catch_up_every: float = 2.0

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()
