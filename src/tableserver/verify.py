"""Checking a finished web game's deal (`tableserver verify`) against the commitment its table published.

Independent of the server that ran the game: it needs only the replay document (GET /api/tables/ID/replay)
and the engine.
"""

from __future__ import annotations

import hashlib
import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .errors import ServiceError
from .fairness import commitment, seed_from_secret
from .games import DEFAULT_GAME, rules_for
from .replays import build_frames

# The table id in a replay page's address (/table/ID/replay) or the API's (/api/tables/ID/replay).
_TABLE_IN_URL = re.compile(r"/(?:table|api/tables)/([^/?#]+)")


def checked_against(replay: dict[str, Any]) -> list[str]:
    """The table and the whole commitment the checks are against, to compare with what the table's page
    showed before the game; ValueError if it is not a replay at all."""
    _require_replay(replay)
    fair = replay["table"].get("fairness") or {}
    return [f"table: {replay['table'].get('id')}", f"commitment: {fair.get('commitment') or 'none'}"]


def verify_replay(replay: dict[str, Any], asked: str | None = None) -> list[str]:
    """Check a finished game's replay (GET /api/tables/ID/replay) against its commitment, and against the table
    `asked` for, if any (its address named it); one line per check, each starting with "ok" or "FAILED";
    ValueError if it is not a replay at all."""
    _require_replay(replay)
    table_id, fair, record = replay["table"].get("id"), replay["table"].get("fairness") or {}, replay["record"]
    seed = record["settings"]["seed"]
    mismatch = [] if asked is None or asked == table_id else [f"FAILED: this is the replay of table {table_id}, not"
                                                              f" of table {asked} whose address was given"]
    if fair.get("practice") or not fair.get("commitment"):
        return [*mismatch, f"FAILED: no commitment: the seed ({seed}) was chosen by the table's creator"
                           " (practice table)"]
    secret, published = fair.get("secret"), fair["commitment"]
    if not secret:
        return [*mismatch, "FAILED: the secret is not revealed (is the game over?)"]
    checks = [
        _commitment_check(str(table_id), secret, published),
        (seed_from_secret(secret) == seed, "the game's seed is the one the secret fixes"),
        (_replays(replay), f"replaying the {len(record['actions'])} moves from that seed gives every position shown"),
    ]
    return [*mismatch, *(f"{'ok' if passed else 'FAILED'}: {text}" for passed, text in checks)]


def _require_replay(replay: Any) -> None:
    missing = [key for key in ("table", "record", "frames") if not isinstance(replay, dict) or key not in replay]
    if missing:
        raise ValueError(f"not a replay (GET /api/tables/ID/replay gives one): no {', '.join(missing)}")


def _commitment_check(table_id: str, secret: str, published: str) -> tuple[bool, str]:
    if commitment(table_id, secret) == published:
        return True, f"sha256({table_id}:secret) is the commitment table {table_id} published at creation"
    if hashlib.sha256(secret.encode()).hexdigest() == published:  # how tables were committed at first
        return False, (f"the commitment is the secret's hash alone, without a table id (a table from before"
                       f" commitments named their table): nothing shows that this is table {table_id}")
    return False, f"sha256({table_id}:secret) is not the commitment: the secret or the table id was changed"


def _replays(replay: dict[str, Any]) -> bool:
    """Whether the record's moves, replayed from its settings, give every position the replay shows."""
    record, frames = replay["record"], replay["frames"]
    try:
        rules = rules_for(replay["table"].get("game", DEFAULT_GAME))
        rebuilt = build_frames(rules, record["settings"], rules.recorded_actions(record),
                               [f["seat"] for f in frames[1:]])
    except (ValueError, ServiceError):  # a move that does not replay (the engine's error), or frames that do
        return False                    # not match the moves
    return len(rebuilt) == len(frames) and all(
        _plain(mine["view"]) == theirs["view"] for mine, theirs in zip(rebuilt, frames, strict=True))


def _plain(value: Any) -> Any:
    """As the value comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def asked_table(source: str) -> str | None:
    """The table a replay's address names (None for a file)."""
    if not source.startswith(("http://", "https://")):
        return None
    found = _TABLE_IN_URL.search(source)
    return found.group(1) if found else None


def load_replay(source: str) -> dict[str, Any]:
    """A replay from a file, an API URL, or a replay page's URL (/table/ID/replay); OSError or ValueError
    saying why it cannot be read."""
    if not source.startswith(("http://", "https://")):
        data: dict[str, Any] = json.loads(Path(source).read_text())
        return data
    if "/api/" not in source:
        base, _, rest = source.partition("/table/")
        source = f"{base}/api/tables/{rest.split('/')[0].split('#')[0]}/replay"
    try:
        with urllib.request.urlopen(source, timeout=30) as response:
            data = json.load(response)
    except urllib.error.HTTPError as exc:  # the server says why, e.g. the game is not over yet
        raise ValueError(f"{source}: {json.load(exc).get('message', exc.reason)}") from None
    return data
