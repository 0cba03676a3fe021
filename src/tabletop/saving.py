"""Saves that never lose progress."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, text: str) -> None:
    """Write `text` to `target` through a temporary file next to it and a rename, so a failure (a full disk, a
    read-only folder) never leaves a half-written file. Raises OSError; a previous file stays whole."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
