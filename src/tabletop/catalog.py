"""The platform's own catalog (gettext domain ``tabletop``): the words both games' terminal tables share."""

from __future__ import annotations

from .i18n import N_, Domain

_ = Domain("tabletop")
ngettext = _.ngettext

__all__ = ["N_", "_", "ngettext"]
