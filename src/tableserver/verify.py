"""Checking a finished web game's deal (`bloodyinn verify`) against the commitment its table published.

Independent of the server that ran the game: it needs only the replay document (GET /api/tables/ID/replay)
and the engine.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .errors import ServiceError
from .fairness import commitment, seed_from_secret
from .games import DEFAULT_GAME, rules_for
from .replays import build_frames


def verify_replay(replay: dict[str, Any]) -> list[str]:
    """Check a finished game's replay (GET /api/tables/ID/replay) against its commitment; one line per
    check, each starting with "ok" or "FAILED"; ValueError if it is not a replay at all."""
    missing = [key for key in ("table", "record", "frames") if not isinstance(replay, dict) or key not in replay]
    if missing:
        raise ValueError(f"not a replay (GET /api/tables/ID/replay gives one): no {', '.join(missing)}")
    fair = replay["table"].get("fairness") or {}
    record = replay["record"]
    seed = record["settings"]["seed"]
    if fair.get("practice") or not fair.get("commitment"):
        return [f"FAILED: no commitment: the seed ({seed}) was chosen by the table's creator (practice table)"]
    secret, published = fair.get("secret"), fair["commitment"]
    if not secret:
        return ["FAILED: the secret is not revealed (is the game over?)"]
    checks = [
        ("the revealed secret hashes to the commitment published at creation", commitment(secret) == published),
        ("the game's seed is the one the secret fixes", seed_from_secret(secret) == seed),
    ]
    frames = replay["frames"]
    try:
        rules = rules_for(replay["table"].get("game", DEFAULT_GAME))
        rebuilt = build_frames(rules, record["settings"], rules.recorded_actions(record),
                               [f["seat"] for f in frames[1:]])
    except (ValueError, ServiceError):  # a move that does not replay (the engine's error), or frames that do
        rebuilt = []                    # not match the moves
    same = len(rebuilt) == len(frames) and all(
        _plain(mine["view"]) == theirs["view"] for mine, theirs in zip(rebuilt, frames, strict=True))
    checks.append((f"replaying the {len(record['actions'])} moves from that seed gives every position shown", same))
    return [f"{'ok' if passed else 'FAILED'}: {text}" for text, passed in checks]


def _plain(value: Any) -> Any:
    """As the value comes back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


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

