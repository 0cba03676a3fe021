"""Innkeepers' catalog (gettext domain ``innkeepers``, sources in innkeepers/locale): `_` translates into the
language in use or the one given."""

from __future__ import annotations

from tabletop.i18n import N_, Domain

_ = Domain("innkeepers")
ngettext = _.ngettext
pgettext = _.pgettext

__all__ = ["N_", "_", "ngettext", "pgettext"]
