"""Saves that never lose progress."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, text: str) -> None:
    """Write `text` to `target` through a temporary file next to it and a rename, so a failure (a full disk, a
    read-only folder) never leaves a half-written file. Raises OSError naming `target` (the temporary file is
    no concern of the reader's); a previous file stays whole."""
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(target)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, target)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror, str(target)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
