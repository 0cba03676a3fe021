"""What the terminal-game tests of both games use to find English on a translated screen: the English strings
of the catalogs a screen draws from, cut at their placeholders, and the screen's text as drawn."""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources

from babel.messages.pofile import read_po
from textual.app import App
from textual.geometry import Region

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|\n")


def english_fragments(domains: Iterable[str], lang: str, shortest: int = 8) -> set[str]:
    """The English pieces (between placeholders) of every message of `domains` that `lang` translates
    differently, long enough to be telling, and found in none of `lang`'s own translations (a card name that
    both languages share, say)."""
    english: set[str] = set()
    translated: list[str] = []
    for domain in domains:
        path = resources.files(domain) / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            translated += strings
            if set(ids) & set(strings):
                continue
            for text in ids:
                english.update(piece.strip() for piece in _PLACEHOLDER.split(text) if len(piece.strip()) >= shortest)
    everything = "\n".join(translated)
    return {piece for piece in english if piece not in everything}


def screen_text(app: App[None]) -> str:
    """Everything the current screen draws (each visible widget at its size), frames left out, as one line."""
    parts = []
    for widget in app.screen.query("*"):
        if not widget.display or not widget.visible:
            continue
        width, height = widget.outer_size
        if width and height:
            parts += [line.text for line in widget.render_lines(Region(0, 0, width, height))]
    return " ".join(" ".join(parts).replace("│", " ").replace("┃", " ").split())


def english_on(app: App[None], fragments: set[str]) -> list[str]:
    text = screen_text(app)
    return sorted(piece for piece in fragments if " ".join(piece.split()) in text)
