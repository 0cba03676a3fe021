"""The engine's refusals in a language. An `IllegalActionError` carries its English template, the values that
fill it and the rule ID; the template is the catalog's key, card and annex values are shown by their names in
the language, and the rule ID is kept as it is. Errors without a template are shown as the engine wrote them."""

from __future__ import annotations

import re

from tabletop.catalog import _ as platform

from .catalog import N_, _
from .names import annex_name_of, occupation_name, player_name

# Values the engine fills in as English words: the action kinds and the room requirements.
_KINDS = {kind: kind for kind in (N_("place"), N_("pass"), N_("bribe"), N_("build"), N_("kill"), N_("bury"),
                                  N_("gravedigger"), N_("release"))}
_WORDS = {word: word for word in (N_("a keyed room without Room Service"), N_("a white-keyed room"),
                                  N_("nobody: the game is over"))}
_PLAYER = re.compile(r"P(\d)")


def _value(name: str, value: object, lang: str | None) -> object:
    if isinstance(value, Exception):  # the cause of an error (a refused action in a corrupt record)
        return render_error(value, lang)
    if not isinstance(value, str):
        return value
    try:
        if name == "card":
            return occupation_name(value, lang)
        if name == "annex":
            return annex_name_of(value, lang)
    except (KeyError, ValueError, IndexError):  # a name the player typed that is no card: shown as typed
        return value
    if name in ("kind", "verb") and value in _KINDS:
        return _(value, lang)
    if value in _WORDS:
        return _(value, lang)
    if name == "waiting":
        return _PLAYER.sub(lambda m: player_name(int(m[1]) - 1, lang), value)
    return value


def _words(template: str, lang: str | None) -> str:
    """A template from the game's catalog, or the platform's (the errors of records and saves, tabletop.records)."""
    words = _(template, lang)
    return words if words != template else platform(template, lang)


def render_error(error: Exception, lang: str | None = None) -> str:
    """The message of an engine error in `lang` (the language in use if None), with its rule ID."""
    template = getattr(error, "template", None)
    if not isinstance(template, str):
        return str(error)
    params = getattr(error, "params", {})
    values = {name: _value(name, value, lang) for name, value in params.items()}
    words = _words(template, lang)
    text = words.format(**values) if values else words
    rule = getattr(error, "rule", None)
    return f"{text} ({rule})" if rule else text
