"""The import graph points one way (docs/architecture.md): faces -> platform -> nothing game-specific. A game
imports no other game and not the server; an engine imports only the standard library and the platform."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = ("bloodyinn", "innkeepers")
SERVER = "tableserver"
PLATFORM = "tabletop"
FACES = ("cli", "commands", "tui", "bots", "research", "texts")  # the parts of a game's package that are not its engine


def imports(package: str) -> dict[str, set[str]]:
    """Each module of `package` (dotted, relative to it) and the top-level packages it imports."""
    found: dict[str, set[str]] = {}
    for path in sorted((SRC / package).rglob("*.py")):
        module = ".".join(path.relative_to(SRC / package).with_suffix("").parts)
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[module] = names
    return found


def is_engine(module: str) -> bool:
    return module.split(".")[0] not in FACES


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game_and_not_the_server(game: str) -> None:
    others = {*GAMES, SERVER} - {game}
    wrong = {module: sorted(names & others) for module, names in imports(game).items() if names & others}
    assert wrong == {}


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_imports_only_the_standard_library_and_the_platform(game: str) -> None:
    allowed = set(sys.stdlib_module_names) | {game, PLATFORM, "__future__"}
    wrong = {module: sorted(names - allowed) for module, names in imports(game).items()
             if is_engine(module) and names - allowed}
    assert wrong == {}


def test_the_platform_imports_no_game_and_not_the_server() -> None:
    wrong = {module: sorted(names & {*GAMES, SERVER}) for module, names in imports(PLATFORM).items()
             if names & {*GAMES, SERVER}}
    assert wrong == {}


def test_only_the_servers_game_adapters_import_a_game() -> None:
    wrong = {module: sorted(names & set(GAMES)) for module, names in imports(SERVER).items()
             if names & set(GAMES) and not module.startswith("games.")}
    assert wrong == {}


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_leaves_languages_to_its_faces(game: str) -> None:
    """The engine imports neither the catalogs (`tabletop.i18n`, Babel) nor its own `texts` renderer: it gives
    codes and values, and the faces write them in a language (docs/languages.md)."""
    wrong = {}
    for path in sorted((SRC / game).rglob("*.py")):
        module = ".".join(path.relative_to(SRC / game).with_suffix("").parts)
        if not is_engine(module):
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                target = "." * node.level + node.module
                if "i18n" in target or "babel" in target or target.lstrip(".").split(".")[0] == "texts" \
                        or target.startswith(f"{game}.texts"):
                    wrong[module] = target
    assert wrong == {}
