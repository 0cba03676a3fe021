"""Seats and their tokens: joining, replacing a leaked token, resigning, handing an absent player's seat to the
stand-in bot and taking it back, and the rematch that seats everyone again.

A seat's token is the only key to act for it; the server keeps only its hash.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from .errors import ServiceError, bad_request, forbidden, illegal
from .hub import Hub
from .live import LiveTable
from .localize import seat_name
from .options import AWAY, RESIGNED, RETURNABLE
from .play import Play, seat_bot
from .registry import SeatSpec, TableRegistry
from .repository import Repository, SeatRecord, now
from .settings import ServerSettings
from .writer import Writer


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of(table: LiveTable, seat: int) -> SeatRecord:
    if not 0 <= seat < len(table.seats):
        raise bad_request("there is no seat {seat} at a {players}-player table (seats are 0-{last})", seat=seat,
                          players=len(table.seats), last=len(table.seats) - 1)
    return table.seats[seat]


def authenticate(table: LiveTable, seat: int, token: str) -> None:
    record = seat_of(table, seat)
    if record.token_hash is None or not hmac.compare_digest(hash_token(token), record.token_hash):
        raise forbidden("this token does not hold seat {seat} of table {table} (it is wrong, or it was revoked: use"
                        " the seat's new link)", seat=seat, table=table.id)


class Seats:
    def __init__(self, tables: TableRegistry, play: Play, writer: Writer, hub: Hub, settings: ServerSettings) -> None:
        self._tables = tables
        self._play = play
        self._writer = writer
        self._hub = hub
        self._away_after = settings.away_after

    async def join(self, table_id: str, seat: int, name: str | None, invite: str | None = None) -> str:
        """Claim an open human seat; the returned token is the only key to act for it. A private table's
        seats are taken only with its invite code."""
        table = await self._tables.get(table_id)
        invited = table.options.invite
        if invited is not None and (invite is None or not hmac.compare_digest(invite, invited)):
            raise forbidden("this table is private: join it with the invite link its players share")
        async with table.lock:
            table.raise_if_expired()
            record = seat_of(table, seat)
            if record.kind != "human":
                raise ServiceError("seat_taken", "seat {seat} is played by a bot", 409, seat=seat)
            if not record.open:
                raise ServiceError("seat_taken", "seat {seat} already has a player", 409, seat=seat)
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            claimed = await self._writer.write(
                partial(Repository.claim_seat, table_id=table.id, seat=seat, token_hash=digest, name=name))
            if not claimed:
                raise ServiceError("seat_taken", "seat {seat} already has a player", 409, seat=seat)
            table.seats[seat] = replace(record, token_hash=digest, name=name)
            table.last_active = now()
            await self._begin_if_seated(table)
        self._play.wake_bots(table)
        return token

    async def _begin_if_seated(self, table: LiveTable) -> None:
        """After a seat was taken: once none is open the game begins (its decisions, clock, cards shown to
        everyone with the whole log); until then the others learn who sat down. Lock held."""
        begins = not table.waiting
        if begins:
            table.seated()
        await self._play.clocks.arm(table)  # the last seat taken starts the clock
        self._hub.publish(table, [], full_log=begins)

    async def revoke(self, table_id: str, seat: int, token: str) -> str:
        """Replace a seat's token (say its link leaked): the old token stops working at once, everywhere."""
        table = await self._tables.get(table_id)
        async with table.lock:
            table.raise_if_expired()
            authenticate(table, seat, token)
            record = table.seats[seat]
            new_token = secrets.token_urlsafe(24)
            digest = hash_token(new_token)
            replaced = await self._writer.write(partial(
                Repository.replace_token, table_id=table.id, seat=seat, old_hash=hash_token(token), new_hash=digest))
            if not replaced:
                raise forbidden("this token does not hold seat {seat} of table {table}", seat=seat, table=table.id)
            table.seats[seat] = replace(record, token_hash=digest)
        self._hub.evict(table, 4403, forbidden("the token of seat {seat} was revoked; this connection used the old"
                                               " one", seat=seat), seat=seat)
        return new_token

    # ------------------------------------------------------------------------------------ seats changing hands

    async def resign(self, table_id: str, seat: int, token: str) -> None:
        """Leave the game for good: the stand-in bot plays the seat to the end, which is marked resigned.
        Its score is the engine's like any other's; the result lists it as resigned (messages.result)."""
        table = await self._tables.get(table_id)
        authenticate(table, seat, token)
        async with table.lock:
            if table.game.is_over:
                raise illegal("the game is over: there is nothing to resign from")
            if table.seats[seat].status == RESIGNED:
                raise illegal("seat {seat} has already resigned", seat=seat)
            await self._play.hand_to_bot(table, seat, RESIGNED)
            await self._play.changed_hands(table)
        self._play.wake_bots(table)

    async def stand_in_for_absent(self, table_id: str, seat: int, by: int, token: str) -> None:
        """Another player (`by`) hands the seat of a person who keeps the table waiting to the stand-in bot:
        only while that person must decide, is not connected, and the decision has waited `away_after`
        seconds. They can take their seat back. A seat nobody came to take is given to the bot for good."""
        table = await self._tables.get(table_id)
        authenticate(table, by, token)
        async with table.lock:
            target = seat_of(table, seat)
            name = partial(seat_name, target)
            if table.is_over or seat == by or table.seats[by].kind != "human":
                raise illegal("only another player still in the game can call in a bot for an absent player")
            if target.kind != "human":
                raise illegal("{name}'s seat is already played by a bot", name=name)
            if target.open:
                await self._bot_for_open_seat(table, seat)
            else:
                await self._bot_for_absent(table, seat, name)
        self._play.wake_bots(table)

    async def _bot_for_absent(self, table: LiveTable, seat: int, name: Callable[[str], str]) -> None:
        """The stand-in bot plays `seat` until its person comes back, if they keep the table waiting. Lock held."""
        if seat not in table.pending:
            raise illegal("{name} is not keeping the table waiting: it is not their decision", name=name)
        if seat in self._hub.online(table.id):
            raise illegal("{name} is here (connected): give them time", name=name)
        waited = time.monotonic() - table.since_time[seat]
        if waited < self._away_after:
            raise illegal("{name}'s decision has waited {waited} s; a bot can take over after {after} s", name=name,
                          waited=f"{waited:.0f}", after=f"{self._away_after:.0f}")
        await self._play.hand_to_bot(table, seat, AWAY)
        await self._play.changed_hands(table)

    async def _bot_for_open_seat(self, table: LiveTable, seat: int) -> None:
        """Nobody came to take `seat`: once the table has waited `away_after` seconds since it was made or a seat
        was last taken, the stand-in bot takes it for good (a bot seat like any other). Lock held."""
        waited = (now() - table.last_active).total_seconds()
        if waited < self._away_after:
            raise illegal("the table has waited {waited} s for a player at seat {seat}; a bot can take the seat after"
                          " {after} s", waited=f"{waited:.0f}", seat=seat, after=f"{self._away_after:.0f}")
        level = table.options.stand_in
        same = sum(1 for s in table.seats if s.kind == "bot" and s.bot == level and s.status is None)
        name = f"{level} bot" + (f" {same + 1}" if same else "")
        record = replace(table.seats[seat], kind="bot", bot=level, name=name)
        await self._writer.write(partial(Repository.set_seat, table_id=table.id, seat=record))
        table.seats[seat] = record
        table.bots[seat] = seat_bot(table, seat, level)
        await self._begin_if_seated(table)

    async def take_seat_back(self, table_id: str, seat: int, token: str) -> None:
        """A person whose clock ran out, or whose seat the others gave to a bot while they were away, plays it
        again (a resigned seat stays with its bot)."""
        table = await self._tables.get(table_id)
        authenticate(table, seat, token)
        async with table.lock:
            record = table.seats[seat]
            if record.status not in RETURNABLE:
                if record.status == RESIGNED:
                    raise illegal("seat {seat} is not played by a bot for lack of time or absence (it resigned)",
                                  seat=seat)
                raise illegal("seat {seat} is not played by a bot for lack of time or absence", seat=seat)
            record = replace(record, kind="human", bot=None, status=None)
            await self._writer.write(partial(Repository.set_seat, table_id=table.id, seat=record))
            table.seats[seat] = record
            table.bots.pop(seat, None)
            await self._play.changed_hands(table)

    async def rematch(self, table_id: str, seat: int, token: str) -> tuple[LiveTable, str]:
        """After the end: a new table with the same settings, options and seats (bots the same, people's seats
        open), created by the first player who asks; each asking player sits at their own seat there. Returns
        the new table and this player's token for it."""
        table = await self._tables.get(table_id)
        authenticate(table, seat, token)
        if not table.is_over:
            raise illegal("a rematch can be asked for once the game is over")
        async with table.lock:
            rematch_id = table.options.rematch
            if rematch_id is None:
                rematch_id = (await self._new_rematch(table)).id
            rematch = await self._tables.get(rematch_id)
        return rematch, await self.join(rematch.id, seat, table.seats[seat].name, rematch.options.invite)

    async def _new_rematch(self, table: LiveTable) -> LiveTable:
        """The rematch table of `table`, noted on it and announced to its players. Lock held."""
        settings = table.game.config.to_dict()
        seats = [SeatSpec("bot", s.bot) if s.kind == "bot" and s.status is None else SeatSpec("human")
                 for s in table.seats]
        options = replace(table.options, invite=None, rematch=None)
        new = await self._tables.create(table.rules, settings["players"], table.rules.choices(settings), seats,
                                        options=options)
        table.options = table.options.with_rematch(new.id)
        await self._writer.write(partial(Repository.set_options, table_id=table.id, options=table.options.to_dict()))
        self._hub.publish(table, [])
        return new
