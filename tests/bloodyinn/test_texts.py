"""The Bloody Inn in French and Italian (bloodyinn.texts, docs/languages.md): events, actions and refusals are
written from the catalogs for each reader, the English rendering says what the engine's own text says, and the
card names are the editions'."""

from __future__ import annotations

import random
import re

import pytest

from bloodyinn import IllegalActionError, new_game
from bloodyinn.events import Event
from bloodyinn.texts import card_name, render_action_in, render_error, render_event, solo_title_name

LANGS = ("fr", "it")


def _random_game_events(seed: int, players: int) -> list[Event]:
    rng = random.Random(seed)
    game = new_game(players=players, seed=seed)
    events = list(game.setup_events)
    while not game.is_over:
        events += game.apply(rng.choice(game.legal_actions()))
    return events


def _same_up_to_plurals(engine: str, rendered: str) -> bool:
    """The engine writes 'check(s)'; the renderer picks the form the count needs."""
    pattern = re.escape(engine).replace(re.escape("(s)"), "s?")
    return re.fullmatch(pattern, rendered) is not None


@pytest.mark.parametrize("players", [1, 2, 4])
def test_english_rendering_says_what_the_engine_says(players: int) -> None:
    events = _random_game_events(seed=players, players=players)
    assert {"round", "night", "move", "action"} <= {event.kind for event in events}
    for event in events:
        assert _same_up_to_plurals(event.text, render_event(event, "en")), (event.text, render_event(event, "en"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_a_whole_game_reads_differently_from_english(lang: str) -> None:
    for players in (1, 3):
        for event in _random_game_events(seed=10 + players, players=players):
            translated = render_event(event, lang)
            assert translated and translated != render_event(event, "en"), event


def test_card_and_annex_names_are_the_editions() -> None:
    assert card_name("landscaper.1", "it") == "Paesaggista"
    assert card_name("newsboy.1", "it") == "Strillone"
    assert card_name("brigadier_chief.1", "fr") == "Brigadier-chef"
    assert solo_title_name("demonic innkeeper", "it") == "locandiere demoniaco"
    game = new_game(players=2, seed=3)
    while game.decision != "night":
        game.apply(game.legal_actions()[0])
    # The night actions use the editions' verbs: Corrompere / Corrompre, Uccidere / Tuer...
    words = {lang: " ".join(render_action_in(game.state, a, lang) for a in game.legal_actions()) for lang in LANGS}
    assert "Corrompere" in words["it"] and "Uccidere" in words["it"] and "Passare" in words["it"]
    assert "Corrompre" in words["fr"] and "Tuer" in words["fr"] and "Passer" in words["fr"]


def test_a_refusal_is_translated_with_its_values_and_keeps_its_rule_id() -> None:
    game = new_game(players=2, seed=5)
    while game.decision != "night":
        game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalActionError) as refused:
        game.apply("build major")
    error = refused.value
    assert render_error(error, "en") == str(error) == "a Major has no annex and cannot be built (R-BUILD-1)"
    assert render_error(error, "it") == "Maggiore non ha annesso e non si può costruire (R-BUILD-1)"
    assert render_error(error, "fr") == "Major n'a pas de dépendance et ne peut pas être construit (R-BUILD-1)"


def test_a_notation_error_quotes_what_was_typed_in_every_language() -> None:
    game = new_game(players=2, seed=5)
    with pytest.raises(IllegalActionError) as refused:
        game.apply("dance room3")
    assert "'dance room3'" in render_error(refused.value, "fr")
    assert render_error(refused.value, "fr").startswith("action inconnue 'dance'")
