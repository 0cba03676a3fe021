"""Innkeepers' refusals in a language: the error's English template is the catalog's key, the values that are
English words (suits, the decision awaited, action kinds) are translated, and the rule ID is kept."""

from __future__ import annotations

import re

from tabletop.catalog import _ as platform

from ..cards import SUIT_NAMES
from .catalog import N_, _, pgettext
from .names import player_name

_KINDS = {kind: kind for kind in (N_("play"), N_("place"), N_("refer"), N_("refuse"), N_("choose"), N_("pick"),
                                  N_("upgrade"), N_("relocate"), N_("pass"), N_("refill"))}
_TASKS = {task: task for task in (N_("play a card"), N_("place, refer or refuse the customer"),
                                  N_("place the referred customer"), N_("take a second-place action or pass"),
                                  N_("pick the next customer"), N_("choose how to refill"))}
_PLAYER = re.compile(r"P(\d)")


def _value(name: str, value: object, lang: str | None) -> object:
    if isinstance(value, Exception):  # the cause of an error (a refused action in a corrupt record)
        return render_error(value, lang)
    if not isinstance(value, str):
        return value
    if name == "suit" and value in SUIT_NAMES.values():
        return pgettext("suit", value, lang)
    if name == "suit" and value in SUIT_NAMES:
        return pgettext("suit", SUIT_NAMES[value], lang)
    if (name == "kind" and value in _KINDS) or (name == "task" and value in _TASKS):
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
    values = {name: _value(name, value, lang) for name, value in getattr(error, "params", {}).items()}
    words = _words(template, lang)
    text = words.format(**values) if values else words
    rule = getattr(error, "rule", None)
    return f"{text} ({rule})" if rule else text
