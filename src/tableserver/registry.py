"""The live tables: loaded from the database on demand, created, listed for the lobby, replayed once over, and
dropped from memory when nobody needs them."""

from __future__ import annotations

import asyncio
import re
import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from .counts import insert_bot_table
from .errors import ServiceError, bad_request, expired, forbidden, not_found
from .fairness import commitment, fairness, new_secret, seed_from_secret
from .games import GameRules, rules_for
from .hub import Hub
from .live import LiveTable
from .messages import clock_summary, seat_summary
from .options import TableOptions
from .replays import ReplayCache, in_words
from .repository import EXPIRED, OVER, PLAYING, Repository, SeatRecord, TableRecord, now
from .settings import ServerSettings
from .writer import Writer

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "human" or "bot"
    bot: str | None = None
    name: str | None = None


class TableRegistry:
    def __init__(self, repository: Repository, writer: Writer, hub: Hub, settings: ServerSettings,
                 install: Callable[[LiveTable], None]) -> None:
        """`install` readies a table just loaded or created (its bots and clock: play.Play.install)."""
        self._repository = repository
        self._writer = writer
        self._hub = hub
        self._settings = settings
        self._install = install
        self._tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._replays = ReplayCache(settings.replay_cache_size)

    def live(self) -> list[LiveTable]:
        """The tables in memory."""
        return list(self._tables.values())

    def loaded(self, table_id: str) -> LiveTable | None:
        """The table if it is in memory (without loading it)."""
        return self._tables.get(table_id)

    def drop(self, table_id: str) -> None:
        self._tables.pop(table_id, None)

    def forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished game nobody is watching from memory; it is reloaded from the database on demand."""
        if table.is_over and not self._hub.clients(table.id) and not table.lock.locked():
            self._tables.pop(table.id, None)

    async def load_unfinished(self) -> None:
        """Load every unfinished game, so its bots and clock carry on where they stopped."""
        for table_id in await asyncio.to_thread(self._repository.table_ids, PLAYING):
            await self.get(table_id)

    async def get(self, table_id: str) -> LiveTable:
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if not _TABLE_ID.fullmatch(table_id):
            raise not_found(table_id)
        async with self._loading:
            table = self._tables.get(table_id)
            if table is None:
                record = await asyncio.to_thread(self._repository.load_table, table_id)
                if record is None:
                    raise not_found(table_id)
                if record.status == EXPIRED:
                    raise expired(table_id)
                table = LiveTable.rebuild(record)
                self._register(table)
        return table

    def _register(self, table: LiveTable) -> None:
        self._tables[table.id] = table
        self._install(table)

    # ------------------------------------------------------------------------------------ new tables

    async def create(self, rules: GameRules, players: int, choices: dict[str, Any], seats: list[SeatSpec],
                     seed: int | None = None, options: TableOptions | None = None,
                     practice: bool = False) -> LiveTable:
        """A new table of `rules`' game with its own `choices` (length, variants, assumption flags…). Its deck
        is fixed by a secret the server commits to (fairness.py), unless the creator brings a seed: allowed for
        bot-only tables and for tables marked as practice, never silently."""
        if len(seats) != players:
            raise bad_request("a {players}-player table needs {players} seats, got {seats}", players=players,
                              seats=len(seats))
        if seed is not None and not practice and any(s.kind == "human" for s in seats):
            raise bad_request("seed: a table with people gets a deck nobody can choose or know; to choose the seed,"
                              " mark the table as practice (\"practice\": true)")
        secret: str | None = None
        if seed is None:
            secret = new_secret()
            seed = seed_from_secret(secret)
        settings = rules.settings(players, choices, seed)
        records = _seat_records(rules, seats)
        options = _checked_options(rules, options)
        table_id = secrets.token_urlsafe(6)
        record = TableRecord(id=table_id, game=rules.id, settings=settings, seats=records, created_at=now(),
                             options=options.to_dict(), secret=secret, practice=secret is None,
                             commitment=None if secret is None else commitment(table_id, secret))
        if any(s.kind == "human" for s in records):
            await self._writer.write(partial(Repository.insert_table, record=record))
        else:
            await self._insert_bot_table(record)
        table = LiveTable.rebuild(record)
        self._register(table)
        return table

    async def _insert_bot_table(self, record: TableRecord) -> None:
        """Counting the running bot-only games (in the database, over every replica) and storing the new one
        are one step: else requests that arrive together would all pass the count before any of them is
        stored."""
        cap = self._settings.max_bot_tables
        if not await asyncio.to_thread(insert_bot_table, self._repository.engine, record, cap):
            raise ServiceError("rate_limited", "{cap} bot-only games are already running, the most this server"
                                               " allows; try again when one has ended", 429, retry_after=60, cap=cap)

    # ------------------------------------------------------------------------------------ reading

    async def lobby(self, limit: int, offset: int = 0, game: str | None = None) -> tuple[list[dict[str, Any]], bool]:
        """A page of the tables (of one game, if given), most recently active first (open seats, players
        online, progress), and whether there are more."""
        rows, more = await asyncio.to_thread(self._repository.list_tables, limit, offset, game)
        listing = []
        for row in rows:
            live = self._tables.get(row.id)
            listing.append(self._hub.summary(live) if live is not None else _stored_summary(row))
        return listing, more

    async def replay(self, table_id: str, lang: str = "en") -> dict[str, Any]:
        """Every position of a finished game, as spectators saw it, with the events between them (in words in
        `lang`), and the table's chat."""
        table = await self.get(table_id)
        if not table.is_over:
            raise forbidden("a replay is available once the game is over (before that it would show the seed)")
        # The chat, both sides, as it is now (it may go on after the end; the cached replay would not know).
        replay = {"table": self._hub.summary(table), **in_words(table, await self._replays.replay(table), lang),
                  "chat": list(table.chat)}
        self.forget_if_idle(table)
        return replay


def _seat_records(rules: GameRules, seats: list[SeatSpec]) -> list[SeatRecord]:
    """The seats of a new table. A bot is named after its level, numbered when the table has several of it
    ("easy bot 1", "easy bot 2"); a name chosen for a bot seat is refused, so no bot passes for a person."""
    known = ", ".join(rules.bot_names())
    levels = Counter(spec.bot for spec in seats if spec.kind == "bot")
    numbered: Counter[str | None] = Counter()
    records = []
    for number, spec in enumerate(seats):
        if spec.kind == "bot":
            if not rules.is_bot(spec.bot):
                raise bad_request("unknown bot {bot}; known: {known}", bot=repr(spec.bot), known=known)
            if spec.name is not None:
                raise bad_request("seats.{number}.name: a bot seat is named after its bot ({name}); names are for"
                                  " people", number=number, name=f'"{spec.bot} bot"')
            numbered[spec.bot] += 1
            name = f"{spec.bot} bot" + (f" {numbered[spec.bot]}" if levels[spec.bot] > 1 else "")
            records.append(SeatRecord(number, "bot", spec.bot, name))
        elif spec.kind == "human":
            records.append(SeatRecord(number, "human", None, spec.name))
        else:
            raise bad_request("a seat is 'human' or 'bot', got {kind}", kind=repr(spec.kind))
    return records


def _checked_options(rules: GameRules, options: TableOptions | None) -> TableOptions:
    """The table's options (the game's default stand-in if none), with an invite code if it is private."""
    options = options or TableOptions(stand_in=rules.default_stand_in())
    if not rules.is_bot(options.stand_in):
        raise bad_request("unknown stand-in bot {bot}; known: {known}", bot=repr(options.stand_in),
                          known=", ".join(rules.bot_names()))
    if options.private and options.invite is None:
        options = replace(options, invite=secrets.token_urlsafe(9))
    return options


def _stored_summary(row: TableRecord) -> dict[str, Any]:
    """A lobby entry of a table not in memory, from its stored record (nobody is connected to it)."""
    return {"id": row.id, "game": row.game, "created_at": row.created_at.isoformat(),
            "settings": rules_for(row.game).public_settings(row.settings),
            "seats": [seat_summary(s, set()) for s in row.seats], "moves": row.moves,
            "over": row.status != PLAYING, "current_player": None, "pending": [], "spectators": 0,
            "clock": clock_summary(TableOptions.from_dict(row.options)),
            "fairness": fairness(row.commitment, row.secret, row.practice, row.settings["seed"],
                                 row.status == OVER)}
