"""Which game a table plays: The Bloody Inn (every table stored before) or Innkeepers.

Revision ID: 0004_game
Revises: 0003_fair
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_game"
down_revision: str | None = "0003_fair"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ADD/DROP COLUMN, never a batch (copy-and-rename) migration: on SQLite, dropping the old "tables" during
# a copy would cascade to the seats and actions of every game (foreign keys are on).
def upgrade() -> None:
    op.add_column("tables", sa.Column("game", sa.String(16), nullable=False, server_default="bloodyinn"))


def downgrade() -> None:
    op.drop_column("tables", "game")
