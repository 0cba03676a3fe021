"""Key help in the language in use: Textual reads a binding's description from the class's BINDINGS, written
once in English; each app and screen translates its own copy when it is made (the language may differ from one
app to the next, as in tests)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from ..i18n import Domain


class TranslatedBindings:
    """Mixed into an App or a Screen: its key descriptions are looked up in the catalogs of `DOMAINS`, the first
    that translates one wins (the platform's catalog last). Descriptions are marked with N_() where written."""

    DOMAINS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        bindings = self._bindings.key_to_bindings  # type: ignore[attr-defined]  # the node's own copy
        for key, listed in bindings.items():
            bindings[key] = [replace(b, description=self.translate(b.description)) for b in listed]

    def translate(self, message: str) -> str:
        if not message:
            return message
        for name in (*self.DOMAINS, "tabletop"):
            translated = Domain(name)(message)
            if translated != message:
                return translated
        return message
