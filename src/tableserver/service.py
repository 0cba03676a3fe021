"""The authoritative game service: every table's decisions go through here, whichever game it plays.

An action is matched against the engine's legal actions, committed to the database, and only then applied to
the live game and published; a per-table lock makes that sequence atomic. Bots play the same way, their
thinking done in a thread pool so the event loop keeps serving everyone else. What a game is (who decides,
what is legal, what a seat sees) is asked of the table's `GameRules` (games/).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from .clocks import TurnClocks, clock_runs
from .errors import ServiceError, bad_request, expired, forbidden, illegal, not_found, stale
from .fairness import commitment, fairness, new_secret, seed_from_secret
from .games import GameRules, rules_for
from .hub import Hub
from .live import LiveTable
from .messages import clock_summary, seat_summary
from .options import AWAY, RESIGNED, RETURNABLE, TIMED_OUT, TableOptions
from .replays import ReplayCache
from .repository import EXPIRED, OVER, PLAYING, ActionRecord, Repository, SeatRecord, TableRecord, now
from .scheduler import BotScheduler
from .settings import ServerSettings
from .writer import Writer

log = logging.getLogger(__name__)

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "human" or "bot"
    bot: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class Accepted:
    seq: int  # the table's move count after the action
    action: str
    duplicate: bool = False


class GameService:
    def __init__(self, repository: Repository, writer: Writer, hub: Hub, settings: ServerSettings) -> None:
        self._repository = repository
        self._writer = writer
        self.hub = hub
        self._settings = settings
        self._tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self._bots = BotScheduler(settings.bot_threads)
        self._sweeper: asyncio.Task[None] | None = None
        self._replays = ReplayCache(settings.replay_cache_size)
        self._clocks = TurnClocks(writer, self._expire)

    # ------------------------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Load every unfinished game and let its bots carry on where they stopped."""
        for table_id in await asyncio.to_thread(self._repository.table_ids, PLAYING):
            await self.table(table_id)
        if self._settings.idle_expiry:
            self._sweeper = asyncio.create_task(self._expire_idle_tables())

    async def stop(self) -> None:
        await self._clocks.stop(list(self._tables.values()))
        tasks = [t.bot_task for t in self._tables.values() if t.bot_task is not None and not t.bot_task.done()]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bots.shutdown()

    # ------------------------------------------------------------------------------------ tables

    async def table(self, table_id: str) -> LiveTable:
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
                self._install(table)
        return table

    def _install(self, table: LiveTable) -> None:
        for seat in table.seats:
            if seat.kind == "bot":
                table.bots[seat.seat] = _bot(table, seat.seat, seat.bot)
        self._tables[table.id] = table
        self._clocks.resume(table)
        self._wake_bots(table)

    async def create_table(self, rules: GameRules, players: int, choices: dict[str, Any], seats: list[SeatSpec],
                           seed: int | None = None, options: TableOptions | None = None,
                           practice: bool = False) -> LiveTable:
        """A new table of `rules`' game with its own `choices` (length, variants, assumption flags…). Its deck
        is fixed by a secret the server commits to (fairness.py), unless the creator brings a seed: allowed for
        bot-only tables and for tables marked as practice, never silently."""
        if len(seats) != players:
            raise bad_request(f"a {players}-player table needs {players} seats, got {len(seats)}")
        cap = self._settings.max_bot_tables
        if cap and all(s.kind == "bot" for s in seats) and sum(
                1 for t in self._tables.values() if not t.has_people and not t.is_over) >= cap:
            raise ServiceError("rate_limited", f"{cap} bot-only games are already running, the most this server"
                                               " allows; try again when one has ended", 429)
        if seed is not None and not practice and any(s.kind == "human" for s in seats):
            raise bad_request("seed: a table with people gets a deck nobody can choose or know; to choose the seed,"
                              " mark the table as practice (\"practice\": true)")
        secret: str | None = None
        if seed is None:
            secret = new_secret()
            seed = seed_from_secret(secret)
        settings = rules.settings(players, choices, seed)
        known = ", ".join(rules.bot_names())
        records = []
        for number, spec in enumerate(seats):
            if spec.kind == "bot":
                if not rules.is_bot(spec.bot):
                    raise bad_request(f"unknown bot {spec.bot!r}; known: {known}")
                records.append(SeatRecord(number, "bot", spec.bot, spec.name or f"{spec.bot} bot"))
            elif spec.kind == "human":
                records.append(SeatRecord(number, "human", None, spec.name))
            else:
                raise bad_request(f"a seat is 'human' or 'bot', got {spec.kind!r}")
        options = options or TableOptions(stand_in=rules.default_stand_in())
        if not rules.is_bot(options.stand_in):
            raise bad_request(f"unknown stand-in bot {options.stand_in!r}; known: {known}")
        if options.private and options.invite is None:
            options = replace(options, invite=secrets.token_urlsafe(9))
        record = TableRecord(id=secrets.token_urlsafe(6), game=rules.id, settings=settings, seats=records,
                             created_at=now(), options=options.to_dict(), secret=secret,
                             commitment=None if secret is None else commitment(secret), practice=secret is None)
        await self._writer.write(partial(Repository.insert_table, record=record))
        table = LiveTable.rebuild(record)
        self._install(table)
        return table

    async def join(self, table_id: str, seat: int, name: str | None, invite: str | None = None) -> str:
        """Claim an open human seat; the returned token is the only key to act for it. A private table's
        seats are taken only with its invite code."""
        table = await self.table(table_id)
        invited = table.options.invite
        if invited is not None and (invite is None or not hmac.compare_digest(invite, invited)):
            raise forbidden("this table is private: join it with the invite link its players share")
        async with table.lock:
            _check_live(table)
            record = self._seat(table, seat)
            if record.kind != "human":
                raise ServiceError("seat_taken", f"seat {seat} is played by a bot", 409)
            if not record.open:
                raise ServiceError("seat_taken", f"seat {seat} already has a player", 409)
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            claimed = await self._writer.write(
                partial(Repository.claim_seat, table_id=table.id, seat=seat, token_hash=digest, name=name))
            if not claimed:
                raise ServiceError("seat_taken", f"seat {seat} already has a player", 409)
            table.seats[seat] = replace(record, token_hash=digest, name=name)
            table.last_active = now()
            await self._clocks.arm(table)  # the last seat taken starts the clock
            self.hub.publish(table, [])
        return token

    async def revoke(self, table_id: str, seat: int, token: str) -> str:
        """Replace a seat's token (say its link leaked): the old token stops working at once, everywhere."""
        table = await self.table(table_id)
        async with table.lock:
            _check_live(table)
            self.authenticate(table, seat, token)
            record = table.seats[seat]
            new_token = secrets.token_urlsafe(24)
            digest = hash_token(new_token)
            replaced = await self._writer.write(partial(
                Repository.replace_token, table_id=table.id, seat=seat, old_hash=hash_token(token), new_hash=digest))
            if not replaced:
                raise forbidden(f"this token does not hold seat {seat} of table {table.id}")
            table.seats[seat] = replace(record, token_hash=digest)
        self.hub.evict(table, 4403, forbidden(f"the token of seat {seat} was revoked; this connection used the old"
                                              " one"), seat=seat)
        return new_token

    def forget_if_idle(self, table: LiveTable) -> None:
        """Drop a finished game nobody is watching from memory; it is reloaded from the database on demand."""
        if table.is_over and not self.hub.clients(table.id) and not table.lock.locked():
            self._tables.pop(table.id, None)

    @staticmethod
    def _seat(table: LiveTable, seat: int) -> SeatRecord:
        if not 0 <= seat < len(table.seats):
            raise bad_request(f"there is no seat {seat} at a {len(table.seats)}-player table (seats are 0-"
                              f"{len(table.seats) - 1})")
        return table.seats[seat]

    def authenticate(self, table: LiveTable, seat: int, token: str) -> None:
        record = self._seat(table, seat)
        if record.token_hash is None or not hmac.compare_digest(hash_token(token), record.token_hash):
            raise forbidden(f"this token does not hold seat {seat} of table {table.id} (it is wrong, or it was"
                            " revoked: use the seat's new link)")

    async def lobby(self, limit: int, offset: int = 0, game: str | None = None) -> tuple[list[dict[str, Any]], bool]:
        """A page of the tables (of one game, if given), most recently active first (open seats, players
        online, progress), and whether there are more."""
        rows, more = await asyncio.to_thread(self._repository.list_tables, limit, offset, game)
        listing = []
        for row in rows:
            live = self._tables.get(row.id)
            if live is not None:
                listing.append(self.hub.summary(live))
                continue
            listing.append({"id": row.id, "game": row.game, "created_at": row.created_at.isoformat(),
                            "settings": rules_for(row.game).public_settings(row.settings),
                            "seats": [seat_summary(s, set()) for s in row.seats], "moves": row.moves,
                            "over": row.status != PLAYING, "current_player": None, "pending": [], "spectators": 0,
                            "clock": clock_summary(TableOptions.from_dict(row.options)),
                            "fairness": fairness(row.commitment, row.secret, row.practice, row.settings["seed"],
                                                 row.status == OVER)})
        return listing, more

    # ------------------------------------------------------------------------------------ expiry

    async def _expire_idle_tables(self) -> None:
        """Now and then, expire the unfinished tables nobody has moved at (or joined) for `idle_expiry`."""
        idle = self._settings.idle_expiry
        while True:
            await asyncio.sleep(min(max(idle / 4, 0.05), 600))
            cutoff = now() - timedelta(seconds=idle)
            for table in [t for t in self._tables.values() if not t.is_over and t.last_active < cutoff]:
                try:
                    await self._expire_idle(table, cutoff)
                except Exception:  # the database is down: try again at the next sweep
                    log.exception("table %s could not be expired", table.id)

    async def _expire_idle(self, table: LiveTable, cutoff: datetime) -> None:
        async with table.lock:
            if table.expired or table.last_active >= cutoff:  # someone moved meanwhile
                return
            await self._writer.write(partial(Repository.mark_expired, table_id=table.id))
            table.expired = True
            for task in (table.bot_task, table.clock_task):
                if task is not None:
                    task.cancel()
            self._tables.pop(table.id, None)
        log.info("table %s expired after %s s without a move", table.id, self._settings.idle_expiry)
        self.hub.evict(table, 4410, expired(table.id))

    # ------------------------------------------------------------------------------------ actions

    async def submit(self, table_id: str, seat: int, token: str, seq: int, action: str) -> Accepted:
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        return await self.act(table, seat, seq, action)

    async def act(self, table: LiveTable, seat: int, seq: int, action: str, bot: bool = False) -> Accepted:
        """Apply `action` for `seat` (already authenticated; `bot`: by its bot) if it was chosen in the position
        where `seat`'s decision stands: the table is still at move `seq`, or only other seats have committed
        to a simultaneous choice since (LiveTable.since)."""
        async with table.lock:
            _check_live(table)
            if bot != (seat in table.bots):  # a seat handed to a bot, or taken back from it, meanwhile
                raise forbidden(f"seat {seat} is played by {'a person' if bot else 'a bot'} now")
            if seq != table.seq:
                made = table.answered(seat, seq, action)
                if made is not None:
                    return Accepted(table.seq, made, duplicate=True)
                if not table.since.get(seat, table.seq) <= seq < table.seq:
                    raise stale(seq, table.seq)
            chosen = table.rules.action(table.game, seat, action)  # illegal, naming the rule, if it is not
            canonical = str(chosen)
            # Commit first: the live game (what everyone is shown) changes only once the action is durable.
            # A legal action always applies, so the stored log and the live game cannot diverge.
            try:
                await self._writer.append(ActionRecord(table.id, table.seq, seat, canonical))
            except Exception as exc:
                log.error("table %s: move %d could not be stored: %s", table.id, seq, exc)
                raise ServiceError("unavailable", "the move could not be saved, so it was not applied;"
                                   " please try again", 503) from None
            events = table.apply(seat, chosen)
            table.last_active = now()
            if table.is_over:  # for the lobby and start-up; a replay would tell the same
                await self._writer.write(partial(Repository.mark_over, table_id=table.id))
            await self._clocks.arm(table)
            self.hub.publish(table, events)
        self._wake_bots(table)
        return Accepted(table.seq, canonical)

    def preview(self, table: LiveTable, seat: int, action: str) -> dict[str, Any]:
        """What `action` would do now for `seat` (already authenticated), in words and events, without
        doing it."""
        return table.rules.preview(table.game, seat, action)

    async def replay(self, table_id: str) -> dict[str, Any]:
        """Every position of a finished game, as spectators saw it, with the events between them."""
        table = await self.table(table_id)
        if not table.is_over:
            raise forbidden("a replay is available once the game is over (before that it would show the seed)")
        replay = {"table": self.hub.summary(table), **await self._replays.replay(table)}
        self.forget_if_idle(table)
        return replay

    # ------------------------------------------------------------------------------------ seats changing hands

    async def _hand_to_bot(self, table: LiveTable, seat: int, status: str) -> None:
        """The table's stand-in bot plays `seat` from now on (its person resigned or ran out of time). Called
        with the table's lock held."""
        record = replace(table.seats[seat], kind="bot", bot=table.options.stand_in, status=status)
        await self._writer.write(partial(Repository.set_seat, table_id=table.id, seat=record))
        table.seats[seat] = record
        table.bots[seat] = _bot(table, seat, record.bot)

    async def _changed_hands(self, table: LiveTable) -> None:
        """After a seat changed hands or moves were taken back: clock, everyone's state, bots. Lock held."""
        await self._clocks.arm(table)
        self.hub.publish(table, [], full_log=True)

    async def _expire(self, table: LiveTable, seq: int) -> None:
        """The turn clock of the decision begun at move `seq` ran out: the stand-in bot plays every seat whose
        person still owes it, until that person takes it back (docs/server.md)."""
        async with table.lock:
            if table.clock_seq != seq or table.deadline_seq != seq or not clock_runs(table):
                return  # the move was made (or taken back) just in time
            for seat in table.people_pending:
                log.info("table %s: seat %d ran out of time at move %d; the %s bot plays it", table.id, seat, seq,
                         table.options.stand_in)
                await self._hand_to_bot(table, seat, TIMED_OUT)
            await self._changed_hands(table)
        self._wake_bots(table)

    async def resign(self, table_id: str, seat: int, token: str) -> None:
        """Leave the game for good: the stand-in bot plays the seat to the end, which is marked resigned.
        Its score is the engine's like any other's; the result lists it as resigned (messages.result)."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        async with table.lock:
            if table.game.is_over:
                raise illegal("the game is over: there is nothing to resign from")
            if table.seats[seat].status == RESIGNED:
                raise illegal(f"seat {seat} has already resigned")
            await self._hand_to_bot(table, seat, RESIGNED)
            await self._changed_hands(table)
        self._wake_bots(table)

    async def stand_in_for_absent(self, table_id: str, seat: int, by: int, token: str) -> None:
        """Another player (`by`) hands the seat of a person who keeps the table waiting to the stand-in bot:
        only while that person must decide, is not connected, and the decision has waited `away_after`
        seconds. They can take their seat back."""
        table = await self.table(table_id)
        self.authenticate(table, by, token)
        async with table.lock:
            target = self._seat(table, seat)
            name = target.name or f"Player {seat + 1}"
            if table.is_over or seat == by or table.seats[by].kind != "human":
                raise illegal("only another player still in the game can call in a bot for an absent player")
            if target.kind != "human":
                raise illegal(f"{name}'s seat is already played by a bot")
            if seat not in table.pending:
                raise illegal(f"{name} is not keeping the table waiting: it is not their decision")
            if seat in self.hub.online(table.id):
                raise illegal(f"{name} is here (connected): give them time")
            waited = time.monotonic() - table.since_time[seat]
            if waited < self._settings.away_after:
                raise illegal(f"{name}'s decision has waited {waited:.0f} s; a bot can take over after"
                              f" {self._settings.away_after:.0f} s")
            await self._hand_to_bot(table, seat, AWAY)
            await self._changed_hands(table)
        self._wake_bots(table)

    async def take_seat_back(self, table_id: str, seat: int, token: str) -> None:
        """A person whose clock ran out, or whose seat the others gave to a bot while they were away, plays it
        again (a resigned seat stays with its bot)."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        async with table.lock:
            record = table.seats[seat]
            if record.status not in RETURNABLE:
                raise illegal(f"seat {seat} is not played by a bot for lack of time or absence"
                              + (" (it resigned)" if record.status == RESIGNED else ""))
            record = replace(record, kind="human", bot=None, status=None)
            await self._writer.write(partial(Repository.set_seat, table_id=table.id, seat=record))
            table.seats[seat] = record
            table.bots.pop(seat, None)
            await self._changed_hands(table)

    async def undo(self, table_id: str, seat: int, token: str) -> int:
        """Take back moves to `seat`'s last decision, with the engine's `Game.undo`; allowed only when every
        other seat is a bot (LiveTable.undo_point). Returns the move number the table is back at."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        async with table.lock:
            point = table.undo_point(seat)
            if point is None:
                raise forbidden("undo is only for a game against bots (every other seat a bot), after one of"
                                " your own decisions and before the end")
            await self._writer.write(partial(Repository.take_back, table_id=table.id, seq=point))
            table.take_back(point)
            await self._changed_hands(table)
        self._wake_bots(table)  # bots who chose at once with this seat choose again
        return point

    async def rematch(self, table_id: str, seat: int, token: str) -> tuple[LiveTable, str]:
        """After the end: a new table with the same settings, options and seats (bots the same, people's seats
        open), created by the first player who asks; each asking player sits at their own seat there. Returns
        the new table and this player's token for it."""
        table = await self.table(table_id)
        self.authenticate(table, seat, token)
        if not table.is_over:
            raise illegal("a rematch can be asked for once the game is over")
        async with table.lock:
            rematch_id = table.options.rematch
            if rematch_id is None:
                settings = table.game.config.to_dict()
                seats = [SeatSpec("bot", s.bot) if s.kind == "bot" and s.status is None else SeatSpec("human")
                         for s in table.seats]
                options = replace(table.options, invite=None, rematch=None)
                new = await self.create_table(table.rules, settings["players"], table.rules.choices(settings), seats,
                                              options=options)
                rematch_id = new.id
                table.options = table.options.with_rematch(new.id)
                await self._writer.write(partial(Repository.set_options, table_id=table.id,
                                                 options=table.options.to_dict()))
                self.hub.publish(table, [])
            rematch = await self.table(rematch_id)
        return rematch, await self.join(rematch.id, seat, table.seats[seat].name, rematch.options.invite)

    # ------------------------------------------------------------------------------------ bots

    def _wake_bots(self, table: LiveTable) -> None:
        if not _bot_seats(table) or table.expired:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._play_bots(table))

    async def _play_bots(self, table: LiveTable) -> None:
        """Play the bots' decisions at this table, one at a time, until only people (or nobody) must decide."""
        while True:
            seats = _bot_seats(table)
            if not seats or table.expired:
                return
            if self._settings.bot_delay:
                await asyncio.sleep(self._settings.bot_delay)
            seat = seats[0]
            bot = table.bots.get(seat)
            if bot is None or seat not in table.pending:  # its player took the seat back, or an undo
                continue
            rules, game, seq = table.rules, table.game, table.seq
            view, legal = rules.view(game, seat), rules.legal(game, seat)
            try:
                choice = await self._bots.run(table.has_people, bot.choose, view, legal)
            except Exception:
                log.exception("bot at table %s seat %d failed; it plays its first legal action", table.id, seat)
                choice = legal[0]
            try:
                await self.act(table, seat, seq, str(choice), bot=True)
            except ServiceError as exc:
                if exc.code != "illegal":  # stale or unavailable: look at the table again
                    await asyncio.sleep(0.5 if exc.code == "unavailable" else 0)
                    continue
                # A bot bug must not freeze the table: say so loudly, and play a legal action instead.
                log.error("bot at table %s seat %d chose a refused move (%s); it plays %s", table.id, seat,
                          exc.message, legal[0])
                with contextlib.suppress(ServiceError):  # if even that fails, the loop looks again
                    await self.act(table, seat, seq, str(legal[0]), bot=True)


def _check_live(table: LiveTable) -> None:
    if table.expired:
        raise expired(table.id)


def _bot_seats(table: LiveTable) -> list[int]:
    """The seats that owe a decision and are played by a bot."""
    return [seat for seat in table.pending if seat in table.bots]


def _bot(table: LiveTable, seat: int, name: str | None) -> Any:
    """A bot of the table's game for `seat`."""
    return table.rules.make_bot(name or "random", _bot_seed(table.rules.seed(table.game), seat))


def _bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, fixed by the game's, so a restarted server seats the same bots."""
    return (game_seed * 31 + seat + 1) % (1 << 63)
