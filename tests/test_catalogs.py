"""The translation catalogs (docs/languages.md): the code's strings and the .po files agree (a string added to the
code without its entry fails here, as the extraction runs in CI), and every entry is translated in every
language, not fuzzy, with the same placeholders as the English."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

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


def _catalogs_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs_script", ROOT / "scripts" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _date_long_ago(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'"POT-Creation-Date: [^\\]*\\n"', r'"POT-Creation-Date: 2020-01-02 03:04+0000\\n"', text),
                    encoding="utf-8")


def _copy_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: ModuleType) -> dict[str, Path]:
    """Copies of the French catalogs, dated long ago, that `update` works on instead of the repository's."""
    copies = {}
    for domain in script.DOMAINS:
        copy = tmp_path / f"{domain}.po"
        copy.write_text(script.po_path(domain, "fr").read_text(encoding="utf-8"), encoding="utf-8")
        _date_long_ago(copy)
        copies[domain] = copy
    monkeypatch.setattr(script, "po_path", lambda domain, lang: copies[domain])
    return copies


def test_update_leaves_a_catalog_whose_entries_did_not_change_as_it_was(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    script = _catalogs_script()
    copies = _copy_catalogs(tmp_path, monkeypatch, script)
    script.update(["fr"])  # in step with the code, whatever the repository's catalogs lack
    for path in copies.values():
        _date_long_ago(path)
    before = {domain: path.read_bytes() for domain, path in copies.items()}
    script.update(["fr"])
    assert {domain: path.read_bytes() for domain, path in copies.items()} == before


def test_update_adds_a_missing_entry_and_dates_the_catalog_anew(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    script = _catalogs_script()
    copies = _copy_catalogs(tmp_path, monkeypatch, script)
    path = copies["tabletop"]
    with path.open("rb") as file:
        catalog = read_po(file, locale="fr")
    removed = next(message.id for message in catalog if message.id and isinstance(message.id, str))
    del catalog[removed]
    path.write_bytes(script.render(catalog))
    script.update(["fr"])
    with path.open("rb") as file:
        updated = read_po(file, locale="fr")
    assert updated.get(removed) is not None and updated[removed].string == ""
    assert "2020-01-02 03:04" not in path.read_text(encoding="utf-8")
