"""Both command lines in the reader's language (docs/languages.md): --lang or the environment chooses it before
anything is printed, the help of every command is translated, and an unknown language is one clear error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.tabletop.screen_languages import english_fragments


def _run(module: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "200",
               **(env or {})}
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, env=environ,
                          timeout=120)


@pytest.mark.parametrize(("module", "args", "env", "expected"), [
    ("bloodyinn.cli", ["--lang", "fr", "--help"], {}, "L'Auberge sanglante : jouer"),
    ("bloodyinn.cli", ["play", "--help"], {"LANG": "it_IT.UTF-8"}, "Gioca a The Bloody Inn nel terminale"),
    ("bloodyinn.cli", ["play", "--help", "--lang=fr"], {"LANG": "it_IT.UTF-8"}, "Graine du paquet"),
    ("innkeepers.cli", ["play", "--help"], {"LANGUAGE": "it"}, "Riprendi una partita salvata."),
    ("innkeepers.cli", ["--help"], {"LC_ALL": "fr_FR.UTF-8"}, "Langue : en, fr ou it"),
])
def test_help_is_in_the_chosen_language(module: str, args: list[str], env: dict[str, str], expected: str) -> None:
    result = _run(module, *args, env=env)
    assert result.returncode == 0, result.stderr
    assert expected in " ".join(result.stdout.split())


def test_english_stays_the_default() -> None:
    result = _run("bloodyinn.cli", "play", "--help")
    assert "Play The Bloody Inn in the terminal" in " ".join(result.stdout.split())


def test_an_unknown_language_is_one_clear_error() -> None:
    result = _run("bloodyinn.cli", "--lang", "de", "play")
    assert result.returncode == 2
    assert result.stderr.strip() == "Error: unknown language 'de': choose one of en, fr, it."
    assert "Traceback" not in result.stderr


def _english_in(output: str, game: str, lang: str) -> list[str]:
    """The English strings of the game's and the platform's catalogs found in a command's output."""
    text = " ".join(output.replace("│", " ").split())
    return sorted(piece for piece in english_fragments(("tabletop", game), lang) if " ".join(piece.split()) in text)


USAGE = {"fr": "Utilisation :", "it": "Uso:"}
# The library's own words: help panels, the usage line, and usage errors of each kind.
LIBRARY_WORDS = [
    ("bloodyinn", ["simulate", "--help"], 0, {"fr": "Afficher ce message et quitter.",
                                              "it": "Mostra questo messaggio ed esci."}),
    ("innkeepers", ["tournament", "--help"], 0, {"fr": "[par défaut : 10]", "it": "[predefinito: 10]"}),
    ("bloodyinn", ["selfplay"], 2, {"fr": "Option '--out' / '-o' manquante.",
                                    "it": "Opzione '--out' / '-o' mancante."}),
    ("bloodyinn", ["simulate", "--players", "9"], 2, {
        "fr": "Valeur non valable pour '--players' / '-p' : La valeur doit être inférieure ou égale à 4",
        "it": "Valore non valido per '--players' / '-p': Il valore deve essere minore o uguale a 4"}),
    ("innkeepers", ["simulate", "--seed", "x"], 2, {"fr": "La valeur doit être un nombre entier",
                                                    "it": "Il valore deve essere un numero intero"}),
    ("bloodyinn", ["hint", "/no/such/save.json"], 2, {"fr": "Fichier '/no/such/save.json' n'existe pas.",
                                                      "it": "File '/no/such/save.json' non esiste."}),
    ("innkeepers", ["simulate", "--bogus"], 2, {"fr": "Cette option n'existe pas : --bogus",
                                                "it": "Questa opzione non esiste: --bogus"}),
    ("bloodyinn", ["simulate", "extra"], 2, {"fr": "Argument(s) en trop inattendu(s) (extra)",
                                             "it": "Argomenti in più inattesi (extra)"}),
    ("innkeepers", [], 2, {"fr": "Commande manquante.", "it": "Comando mancante."}),
]


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize(("game", "args", "status", "expected"), LIBRARY_WORDS,
                         ids=[" ".join([game, *args]) for game, args, _, _ in LIBRARY_WORDS])
def test_help_and_usage_errors_speak_the_language_not_the_libraries_english(
        game: str, args: list[str], status: int, expected: dict[str, str], lang: str) -> None:
    result = _run(f"{game}.cli", "--lang", lang, *args)
    output = result.stdout + result.stderr
    assert result.returncode == status, output
    assert expected[lang] in " ".join(output.replace("│", " ").split())
    assert USAGE[lang] in output and "Usage:" not in output
    assert "Traceback" not in output
    assert _english_in(output, game, lang) == []


def test_the_check_for_english_finds_the_libraries_words_in_english() -> None:
    result = _run("bloodyinn.cli", "selfplay")
    assert "Usage:" in result.stderr
    assert "Show this message and exit." in _english_in(_run("bloodyinn.cli", "simulate", "--help").stdout,
                                                        "bloodyinn", "fr")
