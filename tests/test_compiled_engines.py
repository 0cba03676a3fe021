"""The compiled build of the engines (mypyc, docs/engine.md#compiled-build) plays exactly the games of the plain
Python engines: thousands of random games, every state, legal-action list and event compared, each build in its
own interpreter. `make test` builds the compiled engines once (`make compiled`) into build/compiled and also runs
the engine tests against them; without that build (no C compiler) these tests are skipped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bloodyinn
import innkeepers

ROOT = Path(__file__).resolve().parents[1]
COMPILED_BUILD = ROOT / "build" / "compiled"
# The plain engines are this checkout's (the editable install); the compiled ones come first on the path.
PLAIN_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
COMPILED_ENV = {**PLAIN_ENV, "PYTHONPATH": str(COMPILED_BUILD)}
# (game, first seed, games): chunks that the test workers share.
CHUNKS = [("bloodyinn", first, 500) for first in range(0, 2000, 500)] + \
         [("innkeepers", first, 500) for first in range(0, 1000, 500)]

needs_the_build = pytest.mark.skipif(not (COMPILED_BUILD / "bloodyinn_engines.built").exists(),
                                     reason="no compiled build of the engines: `make compiled` (needs a C compiler)")


def digests(game: str, first: int, games: int, env: dict[str, str]) -> tuple[bool, list[str]]:
    """Whether the engine ran compiled, and each game's digest (tests/replay_digests.py)."""
    result = subprocess.run([sys.executable, "-m", "tests.replay_digests", game, str(first), str(games)], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    return found["compiled"], found["digests"]


def test_this_checkout_runs_the_plain_engines() -> None:
    """The editable install never compiles the engines, so the .py files being edited are the ones that run."""
    assert bloodyinn.COMPILED is False
    assert innkeepers.COMPILED is False


@needs_the_build
@pytest.mark.slow
@pytest.mark.parametrize(("game", "first", "games"), CHUNKS)
def test_the_compiled_engines_play_every_random_game_exactly_as_the_plain_ones(game: str, first: int,
                                                                               games: int) -> None:
    plain_ran_compiled, plain = digests(game, first, games, PLAIN_ENV)
    compiled_ran_compiled, compiled = digests(game, first, games, COMPILED_ENV)
    assert plain_ran_compiled is False
    assert compiled_ran_compiled is True
    assert len(plain) == len(compiled) == games
    differing = [first + index for index, (one, other) in enumerate(zip(plain, compiled)) if one != other]
    assert differing == [], f"{game} plays differently compiled from seeds {differing[:10]}"
