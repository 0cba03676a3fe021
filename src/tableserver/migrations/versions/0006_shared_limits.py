"""Limits shared by every server process on one database: rate buckets, open connections, and the rows that
serialize checking a count and changing it.

Revision ID: 0006_shared_limits
Revises: 0005_chat
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_shared_limits"
down_revision: str | None = "0005_chat"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rate_buckets",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("counted", sa.Float(), nullable=False),
    )
    op.create_table(
        "open_connections",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("replica", sa.String(32), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("until", sa.Float(), nullable=False),
    )
    op.create_index("ix_open_connections_address", "open_connections", ["address"])
    op.create_index("ix_open_connections_replica", "open_connections", ["replica"])
    locks = op.create_table(
        "limit_locks",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("taken", sa.Integer(), nullable=False, server_default="0"),
    )
    op.bulk_insert(locks, [{"name": "bot_tables", "taken": 0}, {"name": "connections", "taken": 0}])


def downgrade() -> None:
    op.drop_table("limit_locks")
    op.drop_index("ix_open_connections_replica", "open_connections")
    op.drop_index("ix_open_connections_address", "open_connections")
    op.drop_table("open_connections")
    op.drop_table("rate_buckets")
