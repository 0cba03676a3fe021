"""The translation catalogs (docs/languages.md): extract every package's strings with Babel and compare them
with its .po files, bring the .po files up to date, or start a new language.

    python scripts/catalogs.py check        # exit 1 if a string in the code has no entry (or an entry no string)
    python scripts/catalogs.py update       # add new strings (untranslated) and drop gone ones, in every .po
                                            # (a file whose entries did not change is left as it is)
    python scripts/catalogs.py init de      # a new language: one .po per package, to translate

Each package is one gettext domain, extracted from its own directory with the map in babel.cfg; a game's data
tables (card names...) join its catalog through its `texts.data_messages()`.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections.abc import Iterator
from configparser import RawConfigParser
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from tabletop import cli_words

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DOMAINS = ("bloodyinn", "innkeepers", "tabletop", "tableserver")
# The engines' refusals are templates (their first argument) that the faces translate; so are the server's errors.
KEYWORDS = {**DEFAULT_KEYWORDS, "IllegalActionError": (1,), "NotationError": (1,), "bad_request": (1,),
            "forbidden": (1,), "illegal": (1,), "ServiceError": (2,),
            # The engines' other errors, and the records' (tabletop.records), are templates too.
            "ConfigError": (1,), "CorruptSaveError": (1,), "UnknownCardError": (1,), "_corrupt": (1,)}


# A call of the pages' scripts: _("message", ...) or ngettext("singular", "plural", ...), double-quoted.
_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_SCRIPT_CALL = re.compile(rf"(?<![\w.$])(?:(_)\(\s*{_STRING}|(ngettext)\(\s*{_STRING}\s*,\s*{_STRING})")


def extract_scripts(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[
        tuple[int, str, str | tuple[str, str], list[str]]]:
    """The messages of the pages' scripts (web/static/i18n.js's `_` and `ngettext`), wherever they are written."""
    text = fileobj.read().decode("utf-8")
    for match in _SCRIPT_CALL.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        if match[1]:
            yield line, "_", _unescape(match[2]), []
        else:
            yield line, "ngettext", (_unescape(match[4]), _unescape(match[5])), []


def _unescape(literal: str) -> str:
    """A double-quoted JavaScript string's text (its escapes are JSON's)."""
    text: str = json.loads(f'"{literal}"')
    return text


def mapping() -> list[tuple[str, Any]]:
    """babel.cfg's extraction methods by file pattern ("scripts" is `extract_scripts`)."""
    config = RawConfigParser()
    config.read(ROOT / "babel.cfg")
    methods = []
    for section in config.sections():
        method, _, pattern = section.partition(":")
        methods.append((pattern.strip(), extract_scripts if method.strip() == "scripts" else method.strip()))
    return methods


def extract(domain: str) -> Catalog:
    """Every string of `domain`'s package: what the code marks, and its game's data tables."""
    catalog = Catalog(domain=domain, project="bloodyinn", msgid_bugs_address="", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            SRC / domain, mapping(), keywords=KEYWORDS, strip_comment_tags=True):
        catalog.add(message, None, [(f"{domain}/{filename}", lineno)], auto_comments=comments, context=context)
    if domain == "tabletop":  # the words Typer prints itself, which tabletop.cli_words translates
        for name in cli_words.MODULES:
            module = importlib.import_module(name)
            filename = f"{name.replace('.', '/')}.py"
            for lineno, message, comments, context in extract_from_file(
                    "python", str(module.__file__), keywords=DEFAULT_KEYWORDS, strip_comment_tags=True):
                catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    try:
        texts = importlib.import_module(f"{domain}.texts")
    except ModuleNotFoundError:
        texts = None
    for context, message in getattr(texts, "data_messages", list)():
        catalog.add(message, None, [(f"{domain} data", 0)], context=context)
    return catalog


def po_path(domain: str, lang: str) -> Path:
    return SRC / domain / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"


def languages() -> list[str]:
    return sorted(p.name for p in (SRC / "bloodyinn" / "locale").iterdir() if p.is_dir())


def read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=lang)


def render(catalog: Catalog) -> bytes:
    file = BytesIO()
    write_po(file, catalog, width=120, sort_output=True, omit_header=False, include_lineno=False)
    return file.getvalue()


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render(catalog))


def keys(catalog: Catalog) -> set[tuple[Any, Any]]:
    return {(m.id, m.context) for m in catalog if m.id}


def check() -> list[str]:
    """What differs between the code's strings and each .po file."""
    problems = []
    for domain in DOMAINS:
        wanted = keys(extract(domain))
        for lang in languages():
            path = po_path(domain, lang)
            have = keys(read(path, lang)) if path.exists() else set()
            for message, context in sorted(wanted - have, key=str):
                problems.append(f"{path.relative_to(ROOT)}: no entry for {message!r}"
                                + (f" (context {context!r})" if context else ""))
            for message, _context in sorted(have - wanted, key=str):
                problems.append(f"{path.relative_to(ROOT)}: entry {message!r} is no longer in the code")
    return problems


def update(langs: list[str]) -> None:
    for domain in DOMAINS:
        template = extract(domain)
        for lang in langs:
            path = po_path(domain, lang)
            catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=domain, project="bloodyinn",
                                                                     fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            if path.exists() and render(catalog) == path.read_bytes():
                continue  # nothing changed: the file keeps its dates, so diffs show only real changes
            catalog.creation_date = template.creation_date
            write(path, catalog)


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"] and len(argv) == 1:
        problems = check()
        print("\n".join(problems) or "The catalogs match the code.")
        return 1 if problems else 0
    if argv[:1] == ["update"] and len(argv) == 1:
        update(languages())
        return 0
    if argv[:1] == ["init"] and len(argv) == 2 and re.fullmatch(r"[a-z]{2,3}", argv[1]):
        update([argv[1]])
        print(f"Translate the new files src/*/locale/{argv[1]}/LC_MESSAGES/*.po, then add {argv[1]!r} to "
              "tabletop.i18n.LANGUAGES.")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
