"""The engines' errors other than refused actions, in the reader's language (docs/languages.md): bad settings,
unknown cards, corrupted saves and records carry their English template and its values, and each game's
`texts.render_error` writes them from the catalogs, rule IDs kept; a refusal inside a corrupt record is written
in the same language. The English sentence (str(error)) stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bloodyinn
import innkeepers
from bloodyinn import texts as bloodyinn_texts
from bloodyinn.cards import card
from innkeepers import texts as innkeepers_texts
from tests.tabletop.test_cli_languages import _english_in, _run


def _error(make: object) -> Exception:
    with pytest.raises((bloodyinn.BloodyInnError, innkeepers.InnkeepersError)) as caught:
        make()  # type: ignore[operator]
    return caught.value


def _record_with(game: str, action: str) -> str:
    settings = {"players": 2, "seed": 1} if game == "innkeepers" else {"players": 2, "length": "short", "seed": 1}
    return json.dumps({"format": f"{game}/record", "version": 1, "settings": settings, "actions": [action]})


BLOODYINN = [
    (lambda: bloodyinn.GameConfig(players=9), "players must be 1 to 4, got 9 (R-SETUP-1)",
     {"fr": "le nombre de joueurs doit être de 1 à 4, reçu 9 (R-SETUP-1)",
      "it": "i giocatori devono essere da 1 a 4, ricevuto 9 (R-SETUP-1)"}),
    (lambda: bloodyinn.new_game(variants=["bogus"]),
     "unknown variant 'bogus'; known: unlimited_wealth, first_come_first_served (or uw, fcfs)",
     {"fr": "variante inconnue 'bogus' ; connues : unlimited_wealth, first_come_first_served (ou uw, fcfs)",
      "it": "variante sconosciuta 'bogus'; note: unlimited_wealth, first_come_first_served (o uw, fcfs)"}),
    (lambda: card(99), "there is no card number 99: cards are numbered 0-77",
     {"fr": "il n'y a pas de carte numéro 99 : les cartes sont numérotées de 0 à 77",
      "it": "non esiste la carta numero 99: le carte sono numerate da 0 a 77"}),
    (lambda: bloodyinn.Game.from_json('{"format": "innkeepers/game", "version": 1}'),
     "not a save of bloodyinn (format 'innkeepers/game')",
     {"fr": "ce n'est pas une sauvegarde de bloodyinn (format 'innkeepers/game')",
      "it": "non è un salvataggio di bloodyinn (formato 'innkeepers/game')"}),
    (lambda: bloodyinn.Game.replay(_record_with("bloodyinn", "bury room9")), None,
     {"fr": "l'action 1 ('bury room9') ne peut pas être rejouée : ", "it": "l'azione 1 ('bury room9') non può"}),
]
INNKEEPERS = [
    (lambda: innkeepers.GameConfig(players=9), "players must be 2 to 4, got 9 (I-G-1)",
     {"fr": "le nombre de joueurs doit être de 2 à 4, reçu 9 (I-G-1)",
      "it": "i giocatori devono essere da 2 a 4, ricevuto 9 (I-G-1)"}),
    (lambda: innkeepers.new_game(colour="red"), "unknown settings: colour",
     {"fr": "réglages inconnus : colour", "it": "impostazioni sconosciute: colour"}),
    (lambda: innkeepers.GameConfig(suit_order="xyz"), None,
     {"fr": "suit_order doit lister les couleurs s, h, d, c une fois chacune, la plus forte en premier, reçu 'xyz'"
            " (I-G-10)",
      "it": "suit_order deve elencare i semi s, h, d, c una volta ciascuno, dal più alto, ricevuto 'xyz' (I-G-10)"}),
    (lambda: innkeepers.Game.replay(_record_with("innkeepers", "nonsense")),
     "action 1 ('nonsense'): is not 'P<seat> <action>'",
     {"fr": "action 1 ('nonsense') : n'est pas de la forme 'P<place> <action>'",
      "it": "azione 1 ('nonsense'): non è nella forma 'P<posto> <azione>'"}),
    (lambda: innkeepers.Game.from_json('{"format": "innkeepers/game", "version": 9}'),
     "unsupported save version 9",
     {"fr": "version de sauvegarde non prise en charge 9", "it": "versione di salvataggio non supportata 9"}),
]


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize(("game", "case"), [("bloodyinn", c) for c in BLOODYINN] +
                         [("innkeepers", c) for c in INNKEEPERS])
def test_an_engine_error_is_written_in_the_readers_language(game: str, case: tuple, lang: str) -> None:
    make, english, expected = case
    error = _error(make)
    render = bloodyinn_texts.render_error if game == "bloodyinn" else innkeepers_texts.render_error
    if english is not None:
        assert str(error) == english == render(error, "en")
    assert render(error, lang).startswith(expected[lang])


def test_a_refusal_inside_a_corrupt_record_is_written_in_the_same_language() -> None:
    error = _error(lambda: bloodyinn.Game.replay(_record_with("bloodyinn", "bury room9")))
    refusal = error.params["reason"]  # type: ignore[attr-defined]
    assert bloodyinn_texts.render_error(error, "it").endswith(bloodyinn_texts.render_error(refusal, "it"))
    assert bloodyinn_texts.render_error(refusal, "it") != str(refusal)


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("game", ["bloodyinn", "innkeepers"])
def test_playing_a_corrupt_save_says_what_is_wrong_in_the_language(tmp_path: Path, game: str, lang: str) -> None:
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": f"{game}/game", "version": 7}))
    result = _run(f"{game}.cli", "--lang", lang, "play", "--load", str(save))
    output = " ".join((result.stdout + result.stderr).replace("│", " ").split())
    assert result.returncode == 2 and "Traceback" not in output
    assert {"fr": "non prise en charge 7", "it": "non supportata 7"}[lang] in output
    assert _english_in(output, game, lang) == []
