"""The Bloody Inn in words, in English, French or Italian: the face-level renderer every face calls (the
terminal game, the web server's adapter, the CLI). The engine stays language-free: its events, actions and
errors carry codes and values, and these functions write them from the `bloodyinn` catalog
(docs/architecture.md#languages, docs/languages.md). `lang` is a language code; None means the language in use
(`tabletop.i18n.set_language` / `language`)."""

from .actions import join_names, render_action, render_action_in
from .errors import render_error
from .events import render_event, render_note, zone_words
from .names import (
    annex_name_of,
    annex_slot_name,
    annex_text,
    annex_title,
    card_name,
    data_messages,
    guest_type_name,
    occupation_name,
    player_name,
    solo_title_name,
)

__all__ = [
    "annex_name_of",
    "annex_slot_name",
    "annex_text",
    "annex_title",
    "card_name",
    "data_messages",
    "guest_type_name",
    "join_names",
    "occupation_name",
    "player_name",
    "render_action",
    "render_action_in",
    "render_error",
    "render_event",
    "render_note",
    "solo_title_name",
    "zone_words",
]
