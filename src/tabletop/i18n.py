"""Languages for every face: which language a person reads, the translations of a package's catalog, and
numbers, money and dates written the way that language writes them (docs/languages.md).

Each package has its own gettext domain, named after it (``bloodyinn``, ``innkeepers``, ``tabletop``,
``tableserver``), with its sources in ``<package>/locale/<lang>/LC_MESSAGES/<package>.po``. The `.po` files are
compiled by Babel when first used, so a checkout, an editable install and a wheel all read the same files and no
compiled file can be out of date. English is the source language: its strings are the catalogs' keys.

The language in use is a context variable: a terminal game sets it once (`set_language`), a web request sets it
for its own task, and every `Domain` reads it when it translates. Functions that render for a given reader take
``lang`` explicitly instead.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from functools import cache
from importlib import resources
from io import BytesIO

from babel.core import Locale
from babel.dates import format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_percent

SOURCE_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "fr", "it")
# The environment variables a terminal reads its language from, in the order gettext reads them.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# How each language writes an amount in francs: the rulebooks print "12F"; French puts a space before a unit.
_MONEY = {"en": "{n}F", "fr": "{n}\u00a0F", "it": "{n}F"}

_current: ContextVar[str] = ContextVar("language", default=SOURCE_LANGUAGE)


class LanguageError(ValueError):
    """A language that has no catalog, named with the ones there are."""

    def __init__(self, lang: str) -> None:
        super().__init__(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")


def language_code(tag: str) -> str | None:
    """The supported language a locale name or language tag means ('fr_FR.UTF-8', 'it-CH', 'EN'), or None."""
    code = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the usual variables ask for: the first of LANGUAGE (a colon-separated list of preferences),
    LC_ALL, LC_MESSAGES and LANG that is set; the first supported entry wins; English if none is."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            code = language_code(tag)
            if code:
                return code
        if name != "LANGUAGE":  # as in gettext: LANGUAGE lists preferences, the others settle the question
            break
    return SOURCE_LANGUAGE


def from_accept_language(header: str | None) -> str:
    """The supported language an HTTP Accept-Language header prefers ('it-IT,it;q=0.9,en;q=0.8'); English if it
    names none. Entries are taken by their q-value (1 when absent), ties in the header's order."""
    choices: list[tuple[float, int, str]] = []
    for position, entry in enumerate((header or "").split(",")):
        tag, _, params = entry.partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                continue
        code = language_code(tag)
        if code and quality > 0:
            choices.append((-quality, position, code))
    return min(choices)[2] if choices else SOURCE_LANGUAGE


def choose_language(option: str | None, environ: Mapping[str, str] | None = None) -> str:
    """A terminal's language: the --lang option if given (a LanguageError if it is not supported), else the
    environment's."""
    if option is None:
        return from_environment(environ)
    code = language_code(option)
    if code is None:
        raise LanguageError(option)
    return code


def current_language() -> str:
    return _current.get()


def set_language(lang: str) -> None:
    """Use `lang` from now on in this context (a terminal game's whole run)."""
    if lang not in LANGUAGES:
        raise LanguageError(lang)
    _current.set(lang)


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Use `lang` inside the block only."""
    if lang not in LANGUAGES:
        raise LanguageError(lang)
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


@cache
def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The translations of `domain` (a package's name) into `lang`, compiled by Babel from the package's .po file;
    English (and a package without that catalog) translates nothing."""
    if lang not in LANGUAGES:
        raise LanguageError(lang)
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    source = resources.files(domain) / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
    if not source.is_file():
        return gettext.NullTranslations()
    with source.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=domain)
    compiled = BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out, as msgfmt does
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


class Domain:
    """A package's catalog, translating into the language in use (or the one given): ``_ = Domain("bloodyinn")``
    then ``_("Night falls.")``; `ngettext` for a count."""

    def __init__(self, name: str) -> None:
        self.name = name

    def gettext(self, message: str, lang: str | None = None) -> str:
        return translations(self.name, lang or _current.get()).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, lang: str | None = None) -> str:
        return translations(self.name, lang or _current.get()).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, lang: str | None = None) -> str:
        return translations(self.name, lang or _current.get()).pgettext(context, message)

    __call__ = gettext


def N_(message: str) -> str:
    """Marks a string for the catalog where it is defined; it is translated where it is shown."""
    return message


def format_number(number: int | float, lang: str | None = None) -> str:
    return format_decimal(number, locale=Locale.parse(lang or _current.get()))


def format_percent(fraction: float, decimals: int = 0, lang: str | None = None) -> str:
    """A share as the language writes it, to `decimals` places: '12.5%', '12,5 %'."""
    return babel_percent(round(fraction, decimals + 2), locale=Locale.parse(lang or _current.get()),
                         decimal_quantization=False)


def format_money(amount: int | float, lang: str | None = None) -> str:
    """An amount in francs as the language writes it: '1,250F', '1 250 F', '1.250F'."""
    lang = lang or _current.get()
    return _MONEY[lang].format(n=format_number(amount, lang))


def format_date(moment: datetime, lang: str | None = None) -> str:
    """A date and time in the language's medium format."""
    return format_datetime(moment, format="medium", locale=Locale.parse(lang or _current.get()))
