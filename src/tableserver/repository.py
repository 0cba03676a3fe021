"""Reading and writing tables, seats and actions. Plain synchronous SQLAlchemy Core: the service calls it
from worker threads (writes go through `writer.Writer`), never from the event loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.engine import Connection, Engine

from .db import actions, chat, seats, tables
from .fanout import TAKEN_BACK, announce

PLAYING = "playing"
OVER = "over"
EXPIRED = "expired"  # unfinished, and idle for too long: no longer served


def now() -> datetime:
    return datetime.now(UTC)


def _utc(stamp: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stamp is written in UTC."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human" or "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    status: str | None = None  # options.RESIGNED or options.TIMED_OUT: a person's seat now played by a bot

    @property
    def open(self) -> bool:
        return self.kind == "human" and self.token_hash is None


@dataclass
class TableRecord:
    id: str
    settings: dict[str, Any]
    seats: list[SeatRecord]
    created_at: datetime
    game: str = "bloodyinn"  # games.GAMES
    status: str = PLAYING
    moves: int = 0
    actions: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)  # the seat that made each action
    options: dict[str, Any] = field(default_factory=dict)  # options.TableOptions.to_dict()
    deadline: datetime | None = None  # when the turn clock of the decision at move `deadline_seq` runs out
    deadline_seq: int | None = None
    commitment: str | None = None
    secret: str | None = None
    practice: bool = False
    updated_at: datetime | None = None
    chat: list[dict[str, Any]] = field(default_factory=list)  # chat.py's messages, in the order said


@dataclass(frozen=True)
class ActionRecord:
    table_id: str
    seq: int
    seat: int
    action: str


class TableBehind(Exception):
    """The database holds moves of a table (or took some back) that this replica has not seen yet: a write
    meant for the position it knows was refused. Read the table again, then decide again."""

    def __init__(self, table_id: str, moves: int) -> None:
        super().__init__(f"table {table_id} is at move {moves} in the database")
        self.table_id = table_id
        self.moves = moves


def _lock_moves(connection: Connection, expected: dict[str, int]) -> None:
    """Lock the tables' rows (in the order of their ids, so two replicas never wait for each other) and check
    that each is still at the move this replica expects: the database, not a process, orders a table's moves.
    SQLite (one process, one writer) has no row locks and needs none."""
    rows = connection.execute(select(tables.c.id, tables.c.moves).where(tables.c.id.in_(sorted(expected)))
                              .order_by(tables.c.id).with_for_update()).all()
    for row in rows:
        if row.moves != expected[row.id]:
            raise TableBehind(row.id, row.moves)


class Repository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------------------------------- writes
    # Each takes an open connection: the writer runs several of them in one transaction.

    @staticmethod
    def insert_table(connection: Connection, record: TableRecord) -> None:
        connection.execute(tables.insert().values(
            id=record.id, game=record.game, created_at=record.created_at, updated_at=record.created_at,
            settings=record.settings,
            moves=0, status=record.status, options=record.options, private=bool(record.options.get("private")),
            seed_commitment=record.commitment, seed_secret=record.secret, practice=record.practice))
        connection.execute(seats.insert(), [
            {"table_id": record.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
             "token_hash": s.token_hash, "joined_at": record.created_at if s.token_hash else None}
            for s in record.seats])
        announce(connection, record.id)

    @staticmethod
    def claim_seat(connection: Connection, table_id: str, seat: int, token_hash: str, name: str | None) -> bool:
        """Give an open human seat to one player; False if someone else already has it."""
        result = connection.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human",
                   seats.c.token_hash.is_(None))
            .values(token_hash=token_hash, name=name, joined_at=now()))
        if result.rowcount != 1:
            return False
        # A join is activity: it keeps the table from expiring, across restarts too.
        connection.execute(update(tables).where(tables.c.id == table_id).values(updated_at=now()))
        announce(connection, table_id)
        return True

    @staticmethod
    def replace_token(connection: Connection, table_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        """Give a seat a new token, invalidating the old one; False if the old one no longer holds the seat."""
        result = connection.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash == old_hash)
            .values(token_hash=new_hash))
        announce(connection, table_id)
        return result.rowcount == 1

    @staticmethod
    def append_actions(connection: Connection, records: list[ActionRecord]) -> None:
        """Store accepted actions (of any tables) with two statements, however many there are; raises
        TableBehind if a table is no longer at the move its first action was chosen at."""
        expected: dict[str, int] = {}
        for record in records:
            expected.setdefault(record.table_id, record.seq)
        _lock_moves(connection, expected)
        stamp = now()
        connection.execute(actions.insert(), [
            {"table_id": r.table_id, "seq": r.seq, "seat": r.seat, "action": r.action, "created_at": stamp}
            for r in records])
        latest: dict[str, int] = {}
        for record in records:
            latest[record.table_id] = max(record.seq + 1, latest.get(record.table_id, 0))
        connection.execute(
            update(tables).where(tables.c.id == bindparam("table")).values(moves=bindparam("moves"), updated_at=stamp),
            [{"table": table_id, "moves": moves} for table_id, moves in latest.items()])
        for table_id in latest:
            announce(connection, table_id)

    @staticmethod
    def set_seat(connection: Connection, table_id: str, seat: SeatRecord) -> None:
        """Who plays a seat: a person, the stand-in bot of a resigned or timed-out person, or the bot that took a
        seat nobody came to take."""
        connection.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                           .values(kind=seat.kind, bot=seat.bot, status=seat.status, name=seat.name))
        announce(connection, table_id)

    @staticmethod
    def set_deadline(connection: Connection, table_id: str, deadline: datetime | None, seq: int | None) -> None:
        connection.execute(update(tables).where(tables.c.id == table_id).values(deadline=deadline, deadline_seq=seq))
        announce(connection, table_id)

    @staticmethod
    def set_options(connection: Connection, table_id: str, options: dict[str, Any]) -> None:
        connection.execute(update(tables).where(tables.c.id == table_id).values(options=options))
        announce(connection, table_id)

    @staticmethod
    def take_back(connection: Connection, table_id: str, seq: int, moves: int) -> None:
        """Forget the actions from move `seq` on (an undo): the game is again as it was before them. Raises
        TableBehind unless the table is still at move `moves` (another replica may have stored one since)."""
        _lock_moves(connection, {table_id: moves})
        connection.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.seq >= seq))
        connection.execute(update(tables).where(tables.c.id == table_id).values(moves=seq, updated_at=now()))
        announce(connection, table_id, TAKEN_BACK)

    @staticmethod
    def add_chat(connection: Connection, table_id: str, message: dict[str, Any]) -> None:
        """Store one chat message (chat.py), numbered per table."""
        connection.execute(chat.insert().values(
            table_id=table_id, number=message["number"], channel=message["channel"], author=message["author"],
            name=message["name"], text=message["text"], seq=message["seq"],
            created_at=datetime.fromisoformat(message["at"])))
        announce(connection, table_id)

    @staticmethod
    def mark_over(connection: Connection, table_id: str) -> None:
        connection.execute(update(tables).where(tables.c.id == table_id).values(status=OVER, updated_at=now()))
        announce(connection, table_id)

    @staticmethod
    def mark_expired(connection: Connection, table_id: str) -> None:
        connection.execute(update(tables).where(tables.c.id == table_id).values(status=EXPIRED))
        announce(connection, table_id)

    # ------------------------------------------------------------------------------------------- reads

    def load_table(self, table_id: str, actions_from: int = 0, chat_from: int = 0) -> TableRecord | None:
        """The table as stored; with `actions_from` / `chat_from`, only its actions and chat messages from that
        move and that message on (a replica catching up on what it has not seen)."""
        with self.engine.connect() as connection:
            row = connection.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = connection.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
            action_rows = connection.execute(
                select(actions.c.seq, actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id, actions.c.seq >= actions_from).order_by(actions.c.seq)).all()
            chat_rows = connection.execute(
                select(chat).where(chat.c.table_id == table_id, chat.c.number >= chat_from)
                .order_by(chat.c.number)).all()
        if [r.seq for r in action_rows] != list(range(actions_from, actions_from + len(action_rows))):
            raise RuntimeError(f"table {table_id}: the action log has a gap")
        return TableRecord(
            id=row.id, game=row.game, settings=row.settings, created_at=_utc(row.created_at), status=row.status,
            moves=row.moves, seats=[_seat(r) for r in seat_rows], actions=[r.action for r in action_rows],
            actors=[r.seat for r in action_rows], options=row.options or {},
            deadline=_utc(row.deadline) if row.deadline is not None else None, deadline_seq=row.deadline_seq,
            commitment=row.seed_commitment, secret=row.seed_secret, practice=row.practice,
            updated_at=_utc(row.updated_at), chat=[_chat(r) for r in chat_rows])

    def progress_of(self, table_ids: list[str]) -> dict[str, tuple[int, int]]:
        """How many moves and chat messages each of these tables has in the database."""
        said = select(func.count()).where(chat.c.table_id == tables.c.id).scalar_subquery()
        with self.engine.connect() as connection:
            rows = connection.execute(select(tables.c.id, tables.c.moves, said.label("said"))
                                      .where(tables.c.id.in_(table_ids))).all()
        return {row.id: (row.moves, row.said) for row in rows}

    def table_ids(self, status: str) -> list[str]:
        with self.engine.connect() as connection:
            return list(connection.scalars(select(tables.c.id).where(tables.c.status == status)))

    def list_tables(self, limit: int, offset: int = 0, game: str | None = None) -> tuple[list[TableRecord], bool]:
        """A page of the tables that have not expired (of one game, if given), most recently active first,
        without their action logs (for the lobby); and whether there are more."""
        listed = [tables.c.private.is_(False), tables.c.status != EXPIRED]
        if game is not None:
            listed.append(tables.c.game == game)
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(tables).where(*listed)
                .order_by(tables.c.updated_at.desc(), tables.c.id).offset(offset).limit(limit + 1)).all()
            more = len(rows) > limit
            rows = rows[:limit]
            ids = [r.id for r in rows]
            seat_rows = connection.execute(
                select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)).all() if ids else []
        by_table: dict[str, list[SeatRecord]] = {}
        for r in seat_rows:
            by_table.setdefault(r.table_id, []).append(_seat(r))
        return [TableRecord(id=r.id, game=r.game, settings=r.settings, created_at=_utc(r.created_at), status=r.status,
                            moves=r.moves, seats=by_table.get(r.id, []), options=r.options or {},
                            commitment=r.seed_commitment, secret=r.seed_secret, practice=r.practice)
                for r in rows], more


def _chat(row: Any) -> dict[str, Any]:
    return {"number": row.number, "channel": row.channel, "author": row.author, "name": row.name, "text": row.text,
            "seq": row.seq, "at": _utc(row.created_at).isoformat()}


def _seat(row: Any) -> SeatRecord:
    return SeatRecord(row.seat, row.kind, row.bot, row.name, row.token_hash, row.status)
