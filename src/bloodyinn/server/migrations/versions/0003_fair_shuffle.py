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


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seed_commitment", sa.String(64), nullable=True))
        batch.add_column(sa.Column("seed_secret", sa.String(64), nullable=True))
        batch.add_column(sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("practice")
        batch.drop_column("seed_secret")
        batch.drop_column("seed_commitment")
