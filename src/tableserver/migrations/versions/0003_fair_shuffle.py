"""The fair shuffle: each table's seed commitment and secret, and whether its creator chose the seed.

Revision ID: 0003_fair
Revises: 0002_play
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_fair"
down_revision: str | None = "0002_play"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ADD/DROP COLUMN, never a batch (copy-and-rename) migration: on SQLite, dropping the old "tables" during
# a copy would cascade to the seats and actions of every game (foreign keys are on).
def upgrade() -> None:
    op.add_column("tables", sa.Column("seed_commitment", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column("seed_secret", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    for column in ("practice", "seed_secret", "seed_commitment"):
        op.drop_column("tables", column)
