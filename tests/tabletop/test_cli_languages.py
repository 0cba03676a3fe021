"""Both command lines in the reader's language (docs/languages.md): --lang or the environment chooses it before
anything is printed, the help of every command is translated, and an unknown language is one clear error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


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
