"""Innkeepers in words, in English, French or Italian: the face-level renderer every face calls. The engine stays
language-free; these functions write its events, actions and errors from the `innkeepers` catalog
(docs/architecture.md#languages). `lang` is a language code; None means the language in use."""

from .actions import render_action
from .errors import render_error
from .events import render_event, render_note
from .names import (
    amenity_name,
    assumption_text,
    bonus_name,
    card_words,
    customer_name,
    data_messages,
    floor_name,
    player_name,
    suit_name,
)
from .rules import rules_summary

__all__ = [
    "amenity_name",
    "assumption_text",
    "bonus_name",
    "card_words",
    "customer_name",
    "data_messages",
    "floor_name",
    "player_name",
    "render_action",
    "render_error",
    "render_event",
    "render_note",
    "rules_summary",
    "suit_name",
]
