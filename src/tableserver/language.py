"""Which language a browser reads, and the server's own words in it (docs/server.md#languages).

A request or WebSocket is answered in: its `lang` query parameter when it names a language with a catalog (the
pages' scripts send the page's own), else the `lang` cookie the language picker sets, else the browser's
Accept-Language, else English. Every person at a table gets the table, its log and its replay in their own
language: the server writes each line for each reader.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from importlib import resources
from typing import Any

from babel.core import Locale
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

from tabletop.i18n import LANGUAGES, SOURCE_LANGUAGE, Domain, from_accept_language, language_code

COOKIE = "lang"
_ = Domain("tableserver")


def in_words(message: str) -> Callable[[str], str]:
    """A message marked elsewhere (N_), as a function of the language: for an error's value that is words."""
    return partial(_.gettext, message)


def reader_language(connection: HTTPConnection) -> str:
    """The language to answer this request or WebSocket in."""
    for asked in (connection.query_params.get("lang"), connection.cookies.get(COOKIE)):
        code = language_code(asked) if asked else None
        if code:
            return code
    return from_accept_language(connection.headers.get("accept-language"))


def language_names() -> list[tuple[str, str]]:
    """Every language with a catalog, each named in itself ("Français"), for the picker."""
    return [(code, (Locale.parse(code).get_display_name(code) or code).capitalize()) for code in LANGUAGES]


@cache
def script_catalog(lang: str) -> dict[str, Any]:
    """The translations the pages' scripts use (the messages extracted from web/static/*.js), for
    GET /i18n/{lang}.json: a message's translation, or a plural message's forms under its singular. Untranslated
    and fuzzy entries are left out: the script shows the English."""
    source = resources.files("tableserver") / "locale" / lang / "LC_MESSAGES" / "tableserver.po"
    if lang == SOURCE_LANGUAGE or not source.is_file():
        return {}
    with source.open("rb") as po:
        catalog = read_po(po, locale=lang, domain="tableserver")
    found: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not any(path.endswith(".js") for path, _line in message.locations):
            continue
        if isinstance(message.id, tuple | list):
            forms = list(message.string or ())
            if forms and all(forms):
                found[message.id[0]] = forms
        elif isinstance(message.string, str) and message.string:
            found[message.id] = message.string
    return found
