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


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("options", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deadline_seq", sa.Integer(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("status", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("status")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deadline_seq")
        batch.drop_column("deadline")
        batch.drop_column("private")
        batch.drop_column("options")
