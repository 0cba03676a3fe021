"""Table options (turn clock, private tables, rematch), the running move's deadline, and seat status
(resigned, timed out).

Revision ID: 0002_play
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_play"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ADD/DROP COLUMN, never a batch (copy-and-rename) migration: on SQLite, dropping the old "tables" during
# a copy would cascade to the seats and actions of every game (foreign keys are on).
def upgrade() -> None:
    op.add_column("tables", sa.Column("options", sa.JSON(), nullable=True))
    op.add_column("tables", sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    op.add_column("tables", sa.Column("deadline_seq", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("status", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "status")
    for column in ("deadline_seq", "deadline", "private", "options"):
        op.drop_column("tables", column)
