"""The rules the tests cite: the project's own rules files (docs/rules/), with their rule IDs. A missing file
fails the tests that read it: the repository stands on its own."""

from __future__ import annotations

from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
BLOODY_INN = RULES / "bloody-inn.md"
INNKEEPERS = RULES / "innkeepers.md"
