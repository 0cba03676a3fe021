"""docs/research.md stays true for Innkeepers and the reward schemes: every Python example of those sections runs
as it stands, and the documented observation layout is the code's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from innkeepers.research.encoding import NUM_ACTIONS
from innkeepers.research.observation import LAYOUT, OBSERVATION_SIZE

DOC = (Path(__file__).resolve().parents[3] / "docs" / "research.md").read_text()


def section(title: str) -> str:
    start = DOC.index(f"\n## {title}\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


@pytest.mark.parametrize("title", ["Reward schemes", "Innkeepers"])
def test_every_example_of_the_section_runs(title: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    examples = re.findall(r"```python\n(.*?)```", section(title), re.S)
    assert examples, f"the section {title!r} has no example"
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    for code in examples:
        exec(compile(code, f"docs/research.md ({title})", "exec"), {"__name__": "__docs__"})


def test_the_documented_observation_layout_and_sizes_are_the_codes() -> None:
    text = section("Innkeepers")
    for name, offset, size, _ in LAYOUT:
        entries = str(offset) if size == 1 else f"{offset}-{offset + size - 1}"
        assert f"| {entries} | `{name}` |" in text
    assert f"{OBSERVATION_SIZE} float32" in text and f"`NUM_ACTIONS` = {NUM_ACTIONS}" in text
