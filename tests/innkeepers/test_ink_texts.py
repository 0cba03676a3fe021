"""Innkeepers in French and Italian (innkeepers.texts, docs/languages.md): events, actions and refusals are
written from the catalogs, in the same terms as The Bloody Inn; in English they say what the engine says."""

from __future__ import annotations

import random

import pytest

from innkeepers import GameConfig, IllegalActionError, new_game
from innkeepers.events import Event
from innkeepers.summary import rules_summary as engine_summary
from innkeepers.texts import customer_name, render_error, render_event, rules_summary


def _whole_game(seed: int, players: int, **flags: object) -> list[Event]:
    rng = random.Random(seed)
    game = new_game(players=players, seed=seed, **flags)
    events = list(game.setup_events)
    while not game.is_over:
        seat = game.pending_seats()[0] if hasattr(game, "pending_seats") else None
        legal = game.legal_actions(seat) if seat is not None else game.legal_actions()
        events += game.apply(rng.choice(legal), seat)
    return events


@pytest.mark.parametrize(("players", "flags"), [(2, {}), (3, {"fixed_rooms": True}), (4, {})])
def test_english_rendering_says_what_the_engine_says(players: int, flags: dict[str, object]) -> None:
    for event in _whole_game(players, players, **flags):
        assert render_event(event, "en", fixed_rooms=bool(flags)) == event.text


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_event_of_a_whole_game_reads_differently_from_english(lang: str) -> None:
    for event in _whole_game(7, 3):
        assert render_event(event, lang) != event.text, event


def test_customers_and_refusals_in_the_language() -> None:
    assert customer_name("lux-s-pool", "it") == "cliente Lusso ♠ che vuole: Piscina"
    assert customer_name("bud-h-gym", "fr") == "client Économique ♥ qui veut : Salle de sport"
    game = new_game(players=2, seed=1)
    with pytest.raises(IllegalActionError) as refused:
        game.apply("place room3", 0)
    error = refused.value
    assert render_error(error, "en") == str(error)
    assert render_error(error, "fr").startswith("J1 doit maintenant jouer une carte")
    assert render_error(error, "fr").endswith(f"({error.rule})")


@pytest.mark.parametrize("settings", [{}, {"players": 2}, {"must_follow": True, "fixed_rooms": True},
                                      {"voluntary_referral": True, "allow_refuse_referral": True,
                                       "bonus_suit": "playing_card", "suit_order": "cdhs"}])
def test_the_rules_in_plain_words_say_in_english_what_the_engine_says_and_translate(settings: dict[str, object]
                                                                                     ) -> None:
    config = GameConfig(**{"players": 3, **settings})
    assert rules_summary(config, "en") == engine_summary(config)
    for lang in ("fr", "it"):
        translated = rules_summary(config, lang)
        assert len(translated) == len(engine_summary(config))
        assert not set(translated) & set(engine_summary(config))
