"""The fair shuffle: commit to the deck before the game, reveal at the end, so anyone can check.

At creation the server draws a secret (32 random bytes, as 64 hex digits) and publishes only its commitment,
`sha256(TABLE:SECRET)`, the table's id and the secret. The secret fixes the game's seed, `int(secret, 16) mod
2**63`, and the seed fixes the deck (R-SETUP-7). When the game is over the secret is revealed: hashing it with
the table's id gives back the commitment published at the start, so the deck was fixed before anyone played
(and belongs to that table: a replay cannot pass for another table's), and replaying the record from that seed
gives every position the table showed. Nobody, the creator included, can choose or learn the deck; only practice tables
(and bot-only tables) may bring their own seed, and they are marked as such.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

SEED_RANGE = 1 << 63


def new_secret() -> str:
    return secrets.token_hex(32)


def commitment(table_id: str, secret: str) -> str:
    """What is published at creation: the SHA-256 of the table's id and the secret's text, joined by a colon
    (`printf %s TABLE:SECRET | sha256sum`)."""
    return hashlib.sha256(f"{table_id}:{secret}".encode()).hexdigest()


def seed_from_secret(secret: str) -> int:
    return int(secret, 16) % SEED_RANGE


def fairness(published: str | None, secret: str | None, practice: bool, seed: int, over: bool) -> dict[str, Any]:
    """The table's fairness data as clients see it: the secret and the seed only once the game is over (the
    seed as text too: browsers read JSON numbers past 2**53 inexactly)."""
    return {"practice": practice, "commitment": published, "secret": secret if over else None,
            "seed": str(seed) if over else None}
