"""Both command lines in the reader's language (docs/languages.md): --lang or the environment chooses it before
anything is printed, the help of every command is translated, and an unknown language is one clear error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


def _commands(out: str) -> list[tuple[str, list[str], int]]:
    """Each non-interactive command of both games, small enough to run in seconds, and a refused option of each."""
    return [
        ("bloodyinn", ["simulate", "--players", "2", "--seed", "1"], 0),
        ("bloodyinn", ["simulate", "--players", "1", "--seed", "0"], 0),  # a solitaire game, lost
        ("bloodyinn", ["solo", "greedy", "--games", "2", "--backend", "serial", "--out", out], 0),
        ("bloodyinn", ["tournament", "random", "greedy", "--games", "1", "--backend", "serial", "--out", out], 0),
        ("bloodyinn", ["selfplay", "--out", out, "--games", "2", "--backend", "serial"], 0),
        ("bloodyinn", ["tournament", "random", "nobody", "--plot"], 2),
        ("bloodyinn", ["solo", "greedy", "--variant", "bogus"], 2),
        ("bloodyinn", ["simulate", "--length", "bogus"], 2),
        ("bloodyinn", ["tournament", "random", "greedy", "--length", "bogus"], 2),
        ("bloodyinn", ["selfplay", "--out", out, "--reward", "bogus"], 2),
        ("innkeepers", ["simulate", "--players", "3", "--seed", "2", "-f", "must_follow"], 0),
        ("innkeepers", ["tournament", "random", "greedy", "--deals", "1", "--backend", "serial",
                        "--json", f"{out}/summary.json", "--csv", f"{out}/standings.csv"], 0),
        ("innkeepers", ["selfplay", "--out", f"{out}/ink", "--games", "2", "--backend", "serial"], 0),
        ("innkeepers", ["tournament", "random"], 2),
        ("innkeepers", ["tournament", "random", "greedy", "-f", "suit_order"], 2),
        ("innkeepers", ["simulate", "--suit-order", "xyz"], 2),
    ]


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("number", range(16))
def test_every_line_of_the_commands_output_is_in_the_language(tmp_path: Path, lang: str, number: int) -> None:
    game, args, status = _commands(str(tmp_path))[number]
    result = _run(f"{game}.cli", "--lang", lang, *args)
    output = result.stdout + result.stderr
    assert result.returncode == status, output
    assert "Traceback" not in output
    assert _english_in(output, game, lang) == []


def test_the_check_for_english_finds_the_english_of_a_commands_output(tmp_path: Path) -> None:
    result = _run("bloodyinn.cli", "solo", "greedy", "--games", "1", "--backend", "serial")
    assert "mean score of won games" in _english_in(result.stdout, "bloodyinn", "fr")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_hint_advises_in_the_language(tmp_path: Path, lang: str) -> None:
    from bloodyinn.game import new_game

    save = tmp_path / "game.json"
    save.write_text(new_game(players=2, seed=3).to_json())
    result = _run("bloodyinn.cli", "--lang", lang, "hint", str(save), "--level", "easy")
    assert result.returncode == 0, result.stderr
    assert {"fr": "(placer, manche 1)", "it": "(mettere, round 1)"}[lang] in result.stdout
    assert _english_in(result.stdout, "bloodyinn", lang) == []
