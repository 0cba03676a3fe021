"""Bots' turns and turn clocks as jobs any replica may take (jobs.py); the unfinished tables of an older database
get theirs: a bot's turn for every table with a bot seat (taken, it does nothing if no bot owes a move), and a
clock for every stored deadline.

Revision ID: 0007_jobs
Revises: 0006_shared_limits
Create Date: 2026-11-26
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC

import sqlalchemy as sa
from alembic import op

revision: str = "0007_jobs"
down_revision: str | None = "0006_shared_limits"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("due", sa.Float(), nullable=False),
        sa.Column("people", sa.Boolean(), nullable=False),
        sa.Column("stamp", sa.String(16), nullable=False),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("until", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
    )
    op.create_index("ix_jobs_due", "jobs", ["due"])
    now = time.time()
    op.execute(sa.text(
        "INSERT INTO jobs (table_id, kind, seq, due, people, stamp)"
        " SELECT t.id, 'bot', t.moves, :now,"
        " EXISTS (SELECT 1 FROM seats h WHERE h.table_id = t.id AND h.kind = 'human'), 'migrated'"
        " FROM tables t WHERE t.status = 'playing'"
        " AND EXISTS (SELECT 1 FROM seats b WHERE b.table_id = t.id AND b.kind = 'bot')").bindparams(now=now))
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("status", sa.String),
                      sa.column("deadline", sa.DateTime(timezone=True)), sa.column("deadline_seq", sa.Integer))
    connection = op.get_bind()
    rows = connection.execute(sa.select(tables.c.id, tables.c.deadline, tables.c.deadline_seq)
                              .where(tables.c.status == "playing", tables.c.deadline.is_not(None))).all()
    for row in rows:  # a deadline's seconds since the epoch are read in Python: SQLite and PostgreSQL differ
        deadline = row.deadline if row.deadline.tzinfo is not None else row.deadline.replace(tzinfo=UTC)
        connection.execute(sa.text(
            "INSERT INTO jobs (table_id, kind, seq, due, people, stamp) VALUES (:id, 'clock', :seq, :due, true,"
            " 'migrated')").bindparams(id=row.id, seq=row.deadline_seq, due=deadline.timestamp()))


def downgrade() -> None:
    op.drop_index("ix_jobs_due", "jobs")
    op.drop_table("jobs")
