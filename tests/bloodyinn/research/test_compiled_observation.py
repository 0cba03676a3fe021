"""The compiled observation encoder (`_compiled_observation.pyx`): built wherever a C compiler is, the same bits
as the Python encoder in every position, a clear error for a malformed view, and never used once older than its
source. (`test_research_fast_paths.py` plays whole games through the environments with both encoders.)"""

from __future__ import annotations

import os
import shutil
import sysconfig
import warnings
from pathlib import Path

import pytest

from bloodyinn import new_game
from bloodyinn.cards import CARD_BY_ID
from bloodyinn.compact_view import build_compact_view
from bloodyinn.research import observation
from bloodyinn.research.encoding import TOKEN_ID
from bloodyinn.research.observation import ObservationEncoder
from tests.bloodyinn.research.observation_oracle import oracle_observation
from tests.bloodyinn.research.research_helpers import positions

needs_compiled = pytest.mark.skipif(not observation.COMPILED, reason="the compiled observation encoder is not built"
                                    " here (no C compiler at install)")


def test_the_compiled_encoder_is_built_wherever_a_c_compiler_is() -> None:
    """`pip install -e .` builds it when it can (`setup.py`): where a compiler is, the fast path is in use."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) here: the Python encoder is the one in use")
    assert observation.COMPILED, "a C compiler is here but the compiled encoder is not built: run `make`"
    assert ObservationEncoder().compiled


@needs_compiled
@pytest.mark.parametrize("seed", range(16))
def test_both_encoders_give_the_oracles_bits_in_every_position(seed: int) -> None:
    """Greedy games (annexes built, corpses buried, season 2), 1-4 players, both lengths, every variant; every
    seat, from the sorted compact view and from the unsorted one the environments read."""
    compiled, python = ObservationEncoder(compiled=True), ObservationEncoder(compiled=False)
    annexes_seen = 0
    for game in positions(seed, greedy=True):
        for seat in range(game.config.players):
            prefix = (TOKEN_ID["place"],) if seat == game.current_player else ()
            expected = oracle_observation(game.view(seat), prefix).tobytes()
            for view in (game.compact_view(seat), build_compact_view(game, seat, tuple)):
                assert compiled.observation(view, prefix).tobytes() == expected
                assert python.observation(view, prefix).tobytes() == expected
        annexes_seen += sum(len(annexes) for annexes in game.state.annexes)
    assert annexes_seen > 0


NO_ANNEX = CARD_BY_ID["peacekeeper.1"]  # a police card: it has no annex side


@needs_compiled
def test_the_compiled_encoder_names_what_is_wrong_with_a_malformed_view() -> None:
    encoder = ObservationEncoder(compiled=True)
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
        (view._replace(seats=(seats[0]._replace(annexes=((NO_ANNEX, 0, 0),)), *seats[1:])), ValueError, "has no annex"),
        (view[:10], TypeError, "not a compact view"),
        ("view", TypeError, "not a compact view"),
    ]
    for bad, error, words in malformed:
        with pytest.raises(error, match=words):
            encoder.observation(bad)  # type: ignore[arg-type]
    assert encoder.observation(view).tobytes() == oracle_observation(new_game(players=3, seed=1).view(0)).tobytes()


def test_asking_for_the_compiled_encoder_where_it_is_not_built_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(observation, "_COMPILED", None)
    with pytest.raises(RuntimeError, match="not built"):
        ObservationEncoder(compiled=True)
    assert not ObservationEncoder(compiled=False).compiled


@needs_compiled
def test_a_compiled_encoder_older_than_its_source_is_not_used(tmp_path: Path) -> None:
    """After an edit of the .pyx and before the rebuild, observations come from the Python encoder (the same
    bits), with a warning that says how to rebuild."""
    source = tmp_path / "_compiled_observation.pyx"
    source.write_text(observation.COMPILED_SOURCE.read_text())
    built = Path(observation._COMPILED.__file__).stat().st_mtime  # type: ignore[union-attr]
    os.utime(source, (built + 60, built + 60))
    with pytest.warns(UserWarning, match="older than its source: rebuild it"):
        assert observation._load_compiled(source) is None
    os.utime(source, (built - 60, built - 60))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert observation._load_compiled(source) is not None
