"""Choosing a language and writing numbers, money and dates in it (tabletop.i18n, docs/languages.md)."""

from __future__ import annotations

from datetime import datetime

import pytest

from tabletop.i18n import (
    LanguageError,
    choose_language,
    current_language,
    format_date,
    format_money,
    format_number,
    from_accept_language,
    from_environment,
    language,
    set_language,
    translations,
)


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "it_IT.UTF-8", "LC_ALL": "fr_CA"}, "fr"),  # LC_ALL overrides LANG
    ({"LANGUAGE": "de:it:fr", "LANG": "fr_FR"}, "it"),  # LANGUAGE lists preferences: the first supported wins
    ({"LANGUAGE": "de", "LANG": "it_IT"}, "it"),
    ({"LC_ALL": "C", "LANG": "fr_FR"}, "en"),  # the C locale settles it: English, as gettext does
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_terminal_language_follows_the_usual_variables(environ: dict[str, str], expected: str) -> None:
    assert from_environment(environ) == expected


def test_lang_option_wins_over_the_environment_and_a_bad_one_names_the_choices() -> None:
    assert choose_language("it", {"LANG": "fr_FR"}) == "it"
    assert choose_language("FR-ca", {}) == "fr"
    assert choose_language(None, {"LANG": "fr_FR"}) == "fr"
    with pytest.raises(LanguageError, match=r"'de'.*en, fr, it"):
        choose_language("de", {})


@pytest.mark.parametrize(("header", "expected"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it"),
    ("de-DE,fr;q=0.5,it;q=0.7", "it"),  # by quality, not order
    ("en;q=0.2, fr", "fr"),
    ("fr;q=0, it;q=0.1", "it"),  # q=0 means "not this one"
    ("de, es", "en"),
    ("", "en"),
    (None, "en"),
    ("fr;q=abc, it", "it"),  # a malformed entry is skipped
])
def test_browsers_accept_language_picks_the_preferred_supported_language(header: str | None, expected: str) -> None:
    assert from_accept_language(header) == expected


def test_money_is_written_the_way_each_language_writes_it() -> None:
    assert format_money(12, "en") == "12F"
    assert format_money(12, "fr") == "12\u00a0F"
    assert format_money(12, "it") == "12F"
    assert format_number(1250, "en") == "1,250"
    assert format_number(1250, "it") == "1.250"
    assert format_money(-3, "en") == "-3F"


def test_dates_are_written_in_the_language() -> None:
    moment = datetime(2026, 11, 26, 14, 5)
    assert "Nov" in format_date(moment, "en")
    assert "nov." in format_date(moment, "fr")
    assert "nov" in format_date(moment, "it")


def test_the_language_in_use_is_set_for_a_block_or_from_now_on() -> None:
    assert current_language() == "en"
    with language("it"):
        assert current_language() == "it"
        assert translations("bloodyinn", "it").gettext("Night falls.") == "Scende la notte."
    assert current_language() == "en"
    with pytest.raises(LanguageError):
        set_language("xx")
