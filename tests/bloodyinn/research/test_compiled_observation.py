"""The compiled observation encoder (`_compiled_observation.pyx`): built wherever a C compiler is, the same bits
as the Python encoder (`PYTHON_ENCODER`) in every position, a clear error for a malformed view or prefix, and
never used once older than its source. (`test_research_fast_paths.py` plays whole games through the
environments with both encoders.)"""

from __future__ import annotations

import os
import shutil
import sysconfig
import warnings
from pathlib import Path

import pytest

from bloodyinn import new_game
from bloodyinn.cards import CARD_BY_ID
from bloodyinn.compact_view import CompactAnnex, build_compact_view
from bloodyinn.research import observation
from bloodyinn.research.encoding import TOKEN_ID, VOCABULARY_SIZE, encode
from bloodyinn.research.observation import PYTHON_ENCODER, encoder, python_prefix_bytes, python_view_bytes
from tests.bloodyinn.research.research_helpers import positions

needs_compiled = pytest.mark.skipif(not observation.COMPILED, reason="the compiled observation encoder is not built"
                                    " here (no C compiler at install)")


def test_the_compiled_encoder_is_built_wherever_a_c_compiler_is() -> None:
    """`pip install -e .` builds it when it can (`setup.py`): where a compiler is, the fast path is in use."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) here: the Python encoder is the one in use")
    assert observation.COMPILED, "a C compiler is here but the compiled encoder is not built: run `make`"
    assert encoder() is not PYTHON_ENCODER


@needs_compiled
@pytest.mark.parametrize("seed", range(16))
def test_the_compiled_encoder_gives_the_python_encoders_bits_in_every_position(seed: int) -> None:
    """Greedy games (annexes built, corpses buried, season 2), 1-4 players, both lengths, every variant; every
    seat, from the sorted compact view and from the unsorted one the environments read; every prefix of the
    tokens of each legal action."""
    compiled = encoder(compiled=True)
    annexes_seen = 0
    for game in positions(seed, greedy=True):
        for seat in range(game.config.players):
            for view in (game.compact_view(seat), build_compact_view(game, seat, tuple)):
                assert compiled.view_bytes(view) == python_view_bytes(view)
        for action in game.legal_actions():
            tokens = encode(action)
            for typed in range(len(tokens) + 1):
                assert compiled.prefix_bytes(tokens[:typed]) == python_prefix_bytes(tokens[:typed])
        annexes_seen += sum(len(annexes) for annexes in game.state.annexes)
    assert annexes_seen > 0


NO_ANNEX = CARD_BY_ID["peacekeeper.1"]  # a police card: it has no annex side


@needs_compiled
def test_the_compiled_encoder_names_what_is_wrong_with_a_malformed_view() -> None:
    view_bytes = encoder(compiled=True).view_bytes
    view = new_game(players=3, seed=1).compact_view(0)
    seats = view.seats
    malformed = [
        (view._replace(seat=None), ValueError, "spectator"),
        (view._replace(seat=3), ValueError, "seat 3 among 3 players"),
        (view._replace(players=5), ValueError, "among 5 players"),
        (view._replace(seats=seats[:2]), ValueError, "with 2 seats"),
        (view._replace(keys=view.keys[:7]), ValueError, "7 rooms"),
        (view._replace(keys=(9,) * 8), ValueError, "seat 9 in a view of 3 players"),
        (view._replace(stage="breakfast"), ValueError, "unknown stage 'breakfast'"),
        (view._replace(decision="dance"), ValueError, "unknown decision 'dance'"),
        (view._replace(bistro=(500,)), ValueError, "no card number 500"),
        (view._replace(bistro=(-5,)), ValueError, "no card number -5"),
        (view._replace(bistro=[3]), TypeError, "Expected tuple, got list"),
        (view._replace(seats=(seats[0]._replace(annexes=(CompactAnnex(NO_ANNEX, 0, 0),)), *seats[1:])), ValueError,
         "has no annex"),
        (view[:10], TypeError, "not a compact view"),
        ("view", TypeError, "not a compact view"),
    ]
    for bad, error, words in malformed:
        with pytest.raises(error, match=words):
            view_bytes(bad)  # type: ignore[arg-type]
    assert view_bytes(view) == python_view_bytes(view)


@needs_compiled
def test_the_compiled_encoder_names_a_token_outside_the_vocabulary() -> None:
    prefix_bytes = encoder(compiled=True).prefix_bytes
    for token in (-1, VOCABULARY_SIZE):
        with pytest.raises(ValueError, match=f"no token {token}"):
            prefix_bytes([TOKEN_ID["place"], token])
    with pytest.raises(TypeError):
        prefix_bytes(["place"])  # type: ignore[list-item]


def test_asking_for_the_compiled_encoder_where_it_is_not_built_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observation, "_COMPILED", None)
    with pytest.raises(RuntimeError, match="not built"):
        encoder(compiled=True)
    assert encoder(compiled=False) is PYTHON_ENCODER


@needs_compiled
def test_a_compiled_encoder_older_than_its_source_is_not_used(tmp_path: Path) -> None:
    """After an edit of the .pyx and before the rebuild, observations come from the Python encoder (the same
    bits), with a warning that says how to rebuild."""
    source = tmp_path / "_compiled_observation.pyx"
    source.write_text(observation.COMPILED_SOURCE.read_text())
    from bloodyinn.research import _compiled_observation

    built = Path(_compiled_observation.__file__ or "").stat().st_mtime
    os.utime(source, (built + 60, built + 60))
    with pytest.warns(UserWarning, match="older than its source: rebuild it"):
        assert observation._load_compiled(source) is None
    os.utime(source, (built - 60, built - 60))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert observation._load_compiled(source) is not None
