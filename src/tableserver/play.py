"""Moves, bots and turn clocks at a live table, whichever game it plays.

An action is matched against the engine's legal actions, committed to the database, and only then applied to
the live game and published; the table's lock makes that sequence atomic in this process, and the database
orders the moves of every replica (a table found ahead there is read again and the moves checked again). Bots
play the same way, their thinking done in worker processes (scheduler.py) so the event loop keeps serving
everyone else. A bot's turn and a running turn clock are jobs in the database that one replica at a time takes
(jobs.py). When a turn clock runs out, the table's stand-in bot plays the seats whose people still owe the
decision. What a game is (who
decides, what is legal, what a seat sees) is asked of the table's `GameRules` (games/).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from sqlalchemy.engine import Connection

from .clocks import TurnClocks, clock_runs
from .errors import ServiceError, forbidden, illegal, stale
from .hub import Hub
from .jobs import BOT, JobRunner, post
from .live import LiveTable
from .localize import localized_preview
from .options import TIMED_OUT
from .repository import ActionRecord, Repository, TableBehind, now
from .scheduler import BotScheduler, think
from .settings import ServerSettings
from .writer import Writer

log = logging.getLogger(__name__)

CATCH_UPS = 5  # times a table found ahead in the database is read again before a move gives up (503)


@dataclass(frozen=True)
class Accepted:
    seq: int  # the table's move count after the action
    action: str
    duplicate: bool = False


@dataclass(frozen=True)
class _Move:
    """A move on its way to a table, and what became of it (an Accepted, or the ServiceError refusing it)."""

    seat: int
    seq: int
    action: str
    bot: bool
    outcome: asyncio.Future[Accepted]


class Play:
    def __init__(self, writer: Writer, hub: Hub, settings: ServerSettings,
                 catch_up: Callable[[LiveTable], Awaitable[None]], jobs: JobRunner) -> None:
        """`catch_up` reads a table again from the database, lock held (sync.TableSync.catch_up); `jobs` takes
        the bots' turns and the clocks' runs this replica gets (the service's)."""
        self._writer = writer
        self._catch_up = catch_up
        self._hub = hub
        self._bot_delay = settings.bot_delay
        self._bots = BotScheduler(settings.bot_workers)
        self._jobs = jobs
        self._posting: set[asyncio.Task[None]] = set()  # bots' turns being posted
        self.clocks = TurnClocks(writer, jobs.wake)
        self._arriving: dict[str, list[_Move]] = {}  # per table: the moves waiting for its lock

    def install(self, table: LiveTable) -> None:
        """A table just loaded or created: its bots take their seats, and play if the decision is theirs (its
        clock's job is in the database already)."""
        for seat in table.seats:
            if seat.kind == "bot":
                table.bots[seat.seat] = seat_bot(table, seat.seat, seat.bot)
        self.wake_bots(table)

    def reseat(self, table: LiveTable) -> None:
        """A table changed on another replica: bots where its seats are played by bots now (that replica posted
        the table's bot turn and clock, jobs.py)."""
        for seat in table.seats:
            if seat.kind != "bot":
                table.bots.pop(seat.seat, None)
            elif seat.seat not in table.bots:
                table.bots[seat.seat] = seat_bot(table, seat.seat, seat.bot)

    async def stop(self) -> None:
        await asyncio.gather(*self._posting, return_exceptions=True)
        self._bots.shutdown()

    # ------------------------------------------------------------------------------------ moves

    async def act(self, table: LiveTable, seat: int, seq: int, action: str, bot: bool = False) -> Accepted:
        """Apply `action` for `seat` (already authenticated; `bot`: by its bot) if it was chosen in the position
        where `seat`'s decision stands: the table is still at move `seq`, or only other seats have committed
        to a simultaneous choice since (LiveTable.since).

        Moves that reach one table together (people choosing their cards at once) are stored in one transaction
        and published once: whoever gets the table's lock first commits every move waiting for it then, instead
        of each waiting in turn for the others' commits. The lock serves its waiters in turn, so the movers of
        a batch hear back before any later batch is committed. A move of a choice others make at the same time
        first lets the event loop run once, so the moves read from the network with it join its batch: else the
        first would be committed and published alone, and the others would wait for it (the Innkeepers latency
        tail in benchmarks/server_load.py)."""
        move = _Move(seat, seq, action, bot, asyncio.get_running_loop().create_future())
        self._arriving.setdefault(table.id, []).append(move)
        try:
            if len(table.pending) > 1:
                await asyncio.sleep(0)
            async with table.lock:
                if not move.outcome.done():
                    await self._commit(table, self._arriving.pop(table.id))
        except asyncio.CancelledError:  # the mover left (the server is stopping): its move is not made
            waiting = self._arriving.get(table.id, [])
            if move in waiting:
                waiting.remove(move)
            raise
        return move.outcome.result()

    async def _commit(self, table: LiveTable, moves: list[_Move]) -> None:
        """Store and publish `moves` (_store); when the database turns out to hold moves of the table this
        replica has not seen (another replica stored them), or the moves may be ahead of what is known here
        (_may_be_behind), read the table again and check the moves still waiting again. Lock held; every move's
        outcome is settled, whatever happens."""
        try:
            for attempt in range(CATCH_UPS + 1):
                waiting = [move for move in moves if not move.outcome.done()]
                if attempt == 0 and _may_be_behind(table, waiting):
                    await self._catch_up(table)
                try:
                    await self._store(table, waiting)
                    return
                except TableBehind:
                    await self._catch_up(table)
            raise ServiceError("unavailable", "the table kept changing while the move was being stored; please try"
                               " again", 503)
        except BaseException as failed:  # unavailable, or cancelled at shutdown: nobody is left waiting
            error = failed if isinstance(failed, ServiceError) else ServiceError(
                "unavailable", "the server is stopping; the move was not applied", 503)
            for move in moves:
                if not move.outcome.done():
                    move.outcome.set_exception(error)
            if not isinstance(failed, ServiceError):
                raise

    async def _store(self, table: LiveTable, moves: list[_Move]) -> None:
        """Check `moves` in turn, store the legal ones together, and only then apply them to the live game and
        publish them: what everyone is shown changes only once the moves are durable. A legal action always
        applies, so the stored log and the live game cannot diverge. After the first, a move is checked on a fork
        of the table with the moves before it applied (only then: copying every move's game would keep the
        garbage collector busy). The bots' turn the moves call for is posted in their transaction: a replica
        dying just after the moves' commit cannot leave a bot owing a move nobody will take. Raises
        TableBehind, with nothing applied, if the database is ahead."""
        checking = table
        legal: list[tuple[_Move, Any]] = []
        records = []
        for number, move in enumerate(moves):
            try:
                chosen = _admitted(checking, move)
            except ServiceError as refused:
                move.outcome.set_exception(refused)
                continue
            if isinstance(chosen, Accepted):  # a repeat of a move already made
                move.outcome.set_result(chosen)
                continue
            records.append(ActionRecord(table.id, table.seq + len(legal), move.seat, str(chosen)))
            legal.append((move, chosen))
            if number < len(moves) - 1:  # a move after this one is checked where this one leaves the game
                checking = table.fork() if checking is table else checking
                checking.apply(move.seat, chosen)
        if not records:
            return
        bot_turn = None
        if _bot_owes_after(table, checking, legal):
            bot_turn = partial(post, table_id=table.id, kind=BOT, seq=table.seq + len(legal), due=time.time(),
                               people=table.has_people)
        try:
            await self._writer.append(*records, work=bot_turn)
        except TableBehind:
            raise
        except Exception as exc:
            log.error("table %s: moves %d-%d could not be stored: %s", table.id, records[0].seq, records[-1].seq,
                      exc)
            raise ServiceError("unavailable", "the move could not be saved, so it was not applied; please try"
                               " again", 503) from None
        events, accepted = [], []
        for move, chosen in legal:
            events += table.apply(move.seat, chosen)
            accepted.append((move, Accepted(table.seq, str(chosen))))
        table.last_active = now()
        if table.is_over:  # for the lobby and start-up; a replay would tell the same
            await self._writer.write(partial(Repository.mark_over, table_id=table.id))
        if bot_turn is not None:
            self._jobs.wake()
        await self.clocks.arm(table)
        self._hub.publish(table, events)
        for move, result in accepted:
            move.outcome.set_result(result)

    @staticmethod
    def preview(table: LiveTable, seat: int, action: str, lang: str = "en") -> dict[str, Any]:
        """What `action` would do now for `seat` (already authenticated), in words (in `lang`) and events,
        without doing it."""
        _raise_if_waiting(table)
        return localized_preview(table, table.rules.preview(table.game, seat, action, lang), lang)

    async def undo(self, table: LiveTable, seat: int) -> int:
        """Take back moves to `seat`'s last decision (`seat` already authenticated), with the engine's
        `Game.undo`; allowed only when every other seat is a bot (LiveTable.undo_point). Returns the move number
        the table is back at."""
        async with table.lock:
            for _ in range(CATCH_UPS):
                point = table.undo_point(seat)
                if point is None:
                    raise forbidden("undo is only for a game against bots (every other seat a bot), after one of"
                                    " your own decisions, before the end, and never back past cards shown since"
                                    " (the bots' cards, a customer turned up)")
                try:
                    await self._writer.write(partial(Repository.take_back, table_id=table.id, seq=point,
                                                     moves=table.seq))
                    break
                except TableBehind:  # a bot's move stored by another replica: undo from where the table is
                    await self._catch_up(table)
            else:
                raise ServiceError("unavailable", "the table kept changing; please try the undo again", 503)
            table.take_back(point)
            await self.changed_hands(table)
        self.wake_bots(table)  # bots who chose at once with this seat choose again
        return point

    # ------------------------------------------------------------------------------------ seats played by bots

    async def hand_to_bot(self, table: LiveTable, seat: int, status: str) -> None:
        """The table's stand-in bot plays `seat` from now on (its person resigned, ran out of time or is away).
        If the seat owes a decision, the bot's turn is posted in the seat's transaction: a replica dying just
        after it leaves no bot owing a move nobody will take. Called with the table's lock held."""
        record = replace(table.seats[seat], kind="bot", bot=table.options.stand_in, status=status)
        seats = [record if other.seat == seat else other for other in table.seats]
        bot_turn = seat in table.pending and not table.expired

        def hand_over(connection: Connection) -> None:
            Repository.set_seat(connection, table_id=table.id, seat=record)
            if bot_turn:
                post(connection, table.id, BOT, table.seq, time.time(), people=any(s.kind == "human" for s in seats))

        await self._writer.write(hand_over)
        table.seats[seat] = record
        table.bots[seat] = seat_bot(table, seat, record.bot)
        if bot_turn:
            self._jobs.wake()

    async def changed_hands(self, table: LiveTable) -> None:
        """After a seat changed hands or moves were taken back: clock, everyone's state. Lock held; wake the
        bots once it is released."""
        await self.clocks.arm(table)
        self._hub.publish(table, [], full_log=True)

    async def expire(self, table: LiveTable, seq: int) -> None:
        """The turn clock of the decision begun at move `seq` ran out (its job taken: jobs.py): the stand-in bot
        plays every seat whose person still owes it, until that person takes it back (docs/server.md). Nothing
        happens if that decision was made meanwhile, here or on another replica."""
        async with table.lock:
            if table.clock_seq != seq or table.deadline_seq != seq or not clock_runs(table):
                return  # the move was made (or taken back) just in time
            for seat in table.people_pending:  # each with its bot's turn (before the clock's job is finished)
                log.info("table %s: seat %d ran out of time at move %d; the %s bot plays it", table.id, seat, seq,
                         table.options.stand_in)
                await self.hand_to_bot(table, seat, TIMED_OUT)
            await self.changed_hands(table)

    # ------------------------------------------------------------------------------------ bots

    def wake_bots(self, table: LiveTable) -> None:
        """Post the table's bot turn if a bot owes a move (after anything that may change who must decide)."""
        self._spawn(self._post_bot_turn(table))

    def _spawn(self, posting: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(posting)
        self._posting.add(task)
        task.add_done_callback(self._posting.discard)

    async def _post_bot_turn(self, table: LiveTable, after: float = 0.0) -> None:
        if not _bot_seats(table) or table.expired:
            return
        try:
            await self._writer.write(partial(post, table_id=table.id, kind=BOT, seq=table.seq,
                                             due=time.time() + after, people=table.has_people))
        except Exception as exc:  # the table's next load posts it again
            log.error("table %s: the bots' turn could not be posted: %s", table.id, exc)
            return
        self._jobs.wake()

    async def bot_turn(self, table: LiveTable) -> None:
        """A bot's turn at this table, its job taken (jobs.py): wait `bot_delay` (so people can follow), think in
        a worker process and move, then post the table's next bot turn. Nothing happens if no bot owes a move
        (it was made on another replica, or a person took the seat back)."""
        if self._bot_delay and _bot_seats(table):
            await asyncio.sleep(self._bot_delay)
        seats = _bot_seats(table)
        if not seats or table.expired:
            return
        seat = seats[0]
        rules, game, seq = table.rules, table.game, table.seq
        view, legal = rules.view(game, seat), rules.legal(game, seat)
        try:
            choice = await self._bots.run(table.has_people, think, table.bots[seat], view, legal)
        except Exception:
            log.exception("bot at table %s seat %d failed; it plays its first legal action", table.id, seat)
            choice = legal[0]
        pause = 0.0
        try:
            await self.act(table, seat, seq, str(choice), bot=True)
            return  # the next bots' turn, if one is owed, was posted with the move
        except ServiceError as exc:
            if exc.code == "illegal":
                # A bot bug must not freeze the table: say so loudly, and play a legal action instead.
                log.error("bot at table %s seat %d chose a refused move (%s); it plays %s", table.id, seat,
                          exc.message, legal[0])
                with contextlib.suppress(ServiceError):  # if even that fails, the next turn looks again
                    await self.act(table, seat, seq, str(legal[0]), bot=True)
                    return
            elif exc.code == "unavailable":  # the database is away: try again in a moment
                pause = 0.5
        # No move was stored: posted again before this turn's job is finished, so a replica dying in between loses
        # no turn.
        await self._post_bot_turn(table, after=pause)


def _admitted(table: LiveTable, move: _Move) -> Any:
    """The engine's legal action for `move` at `table` now, or the Accepted of the same move made before; raises
    ServiceError naming why it is refused (stale, not this seat's to play, illegal naming the rule)."""
    table.raise_if_expired()
    _raise_if_waiting(table)
    if move.bot != (move.seat in table.bots):  # a seat handed to a bot, or taken back from it, meanwhile
        if move.bot:
            raise forbidden("seat {seat} is played by a person now", seat=move.seat)
        raise forbidden("seat {seat} is played by a bot now", seat=move.seat)
    if move.seq != table.seq:
        made = table.answered(move.seat, move.seq, move.action)
        if made is not None:
            return Accepted(table.seq, made, duplicate=True)
        if not table.since.get(move.seat, table.seq) <= move.seq < table.seq:
            raise stale(move.seq, table.seq)
    return table.rules.action(table.game, move.seat, move.action)


def _may_be_behind(table: LiveTable, moves: list[_Move]) -> bool:
    """Whether `moves` name, or would be refused for, what this replica may not have heard of yet: the table's
    last seat taken, a seat handed to a bot or back to its person, a later position (another replica's doing, a
    moment ago, whose word has not arrived). The table is read again first: a refusal is never the replica's
    stale view."""
    return table.waiting or any(move.seq > table.seq or move.bot != (move.seat in table.bots) for move in moves)


def _bot_owes_after(table: LiveTable, checking: LiveTable, legal: list[tuple[_Move, Any]]) -> bool:
    """Whether a bot owes a decision once the `legal` moves are made at `table` (`checking`: the table or a fork
    of it with the first of them applied already)."""
    if not table.bots or table.expired:
        return False
    after = table.fork() if checking is table else checking
    for move, chosen in legal[after.seq - table.seq:]:
        after.apply(move.seat, chosen)
    return bool(_bot_seats(after))


def _raise_if_waiting(table: LiveTable) -> None:
    if table.waiting:
        open_seats = ", ".join(str(s.seat) for s in table.seats if s.open)
        raise illegal("the game begins once every seat is taken (open: {seats}); until then nobody moves",
                      seats=open_seats)


def _bot_seats(table: LiveTable) -> list[int]:
    """The seats that owe a decision and are played by a bot."""
    return [seat for seat in table.pending if seat in table.bots]


def seat_bot(table: LiveTable, seat: int, name: str | None) -> Any:
    """A bot of the table's game for `seat`."""
    return table.rules.make_bot(name or "random", _bot_seed(table.rules.seed(table.game), seat))


def _bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, fixed by the game's, so a restarted server seats the same bots."""
    return (game_seed * 31 + seat + 1) % (1 << 63)
