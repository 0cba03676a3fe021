"""The translation catalogs (docs/languages.md): the code's strings and the .po files agree (a string added to the
code without its entry fails here, as the extraction runs in CI), and every entry is translated in every
language, not fuzzy, with the same placeholders as the English."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted((ROOT / "src").glob("*/locale/*/LC_MESSAGES/*.po"))
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def test_the_extraction_finds_no_string_without_its_entry_and_no_entry_without_its_string() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogs.py"), "check"], capture_output=True,
                            text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_french_and_italian_catalogs_exist_for_each_game() -> None:
    names = {path.relative_to(ROOT / "src").as_posix() for path in CATALOGS}
    for package in ("bloodyinn", "innkeepers", "tabletop"):
        for lang in ("fr", "it"):
            assert f"{package}/locale/{lang}/LC_MESSAGES/{package}.po" in names


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.relative_to(ROOT / "src").as_posix())
def test_every_entry_is_translated_not_fuzzy_and_keeps_the_placeholders(path: Path) -> None:
    with path.open("rb") as file:
        catalog = read_po(file)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(set(PLACEHOLDER.findall(ids[-1])))
        if message.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        for string in strings:
            if not string:
                problems.append(f"untranslated: {ids[0]!r}")
            elif sorted(set(PLACEHOLDER.findall(string))) != wanted:
                problems.append(f"placeholders differ: {ids[0]!r} -> {string!r}")
    assert problems == []
