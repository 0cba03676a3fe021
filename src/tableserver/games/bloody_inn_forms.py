"""The Bloody Inn's structured form of a legal action, sent to clients next to its notation.

This only spells out the fields of the engine's own action objects (`bloodyinn.actions`), so a browser can
build click-through menus without parsing notation; it decides nothing about the rules.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from bloodyinn.actions import Action


def action_form(action: Action) -> dict[str, Any]:
    form: dict[str, Any] = {"text": str(action), "kind": action.kind}
    for f in fields(action):
        value = getattr(action, f.name)
        form[f.name] = [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
    return form
