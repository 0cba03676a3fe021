"""docs/research.md stays true: every Python example of the research sections runs as it stands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = (Path(__file__).resolve().parents[3] / "docs" / "research.md").read_text()
SECTIONS = ("Action encoding", "PettingZoo", "Gymnasium", "OpenSpiel", "Self-play data", "Positions", "Card data",
            "Running many games: executors and Ray")


def section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


@pytest.mark.parametrize("title", SECTIONS)
def test_every_example_of_the_section_runs(title: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    examples = re.findall(r"```python\n(.*?)```", section(title), re.S)
    assert examples, f"the section {title!r} has no example"
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    for code in examples:
        exec(compile(code, f"docs/research.md ({title})", "exec"), {"__name__": "__docs__"})


def test_the_documented_observation_layout_is_the_codes() -> None:
    from bloodyinn.research.observation import LAYOUT, OBSERVATION_SIZE

    table = section("Observations, steps and rewards")
    for name, offset, size, _ in LAYOUT:
        entries = str(offset) if size == 1 else f"{offset}-{offset + size - 1}"
        assert f"`{name}`" in table
        if f"| `{name}` |" in table:  # a section with a row of its own (the four piles share one)
            assert f"| {entries} | `{name}` |" in table
    assert f"({OBSERVATION_SIZE})" in table
