"""The Bloody Inn's catalog (gettext domain ``bloodyinn``, sources in bloodyinn/locale): `_` translates into the
language in use or the one given; the names printed on the cards are looked up with a context, because the
same English word can be a card and something else ("Room" the annex, "room" the inn's)."""

from __future__ import annotations

from tabletop.i18n import N_, Domain

_ = Domain("bloodyinn")
ngettext = _.ngettext
pgettext = _.pgettext

__all__ = ["N_", "_", "ngettext", "pgettext"]
