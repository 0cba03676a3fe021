"""docs/engine.md stays accurate: every notation example parses and round-trips, and every event kind the engine
emits is documented."""

from __future__ import annotations

import re
from pathlib import Path

from bloodyinn import parse_action

DOC = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text()
SRC = Path(__file__).resolve().parents[2] / "src" / "bloodyinn"


def section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


def test_every_notation_example_parses_and_round_trips() -> None:
    rows = [row.split("|") for row in section("Action notation").splitlines() if row.startswith("| ")]
    examples = [text for cells in rows[2:] for text in re.findall(r"`([^`]+)`", cells[2])]
    assert len(examples) >= 19
    for text in examples:
        action = parse_action(text)
        assert parse_action(str(action)) == action
    kinds = {type(parse_action(text)).__name__ for text in examples}
    assert kinds == {"Place", "Pass", "Bribe", "Build", "Kill", "Bury", "PayGravedigger", "Release"}


def test_every_event_kind_is_documented() -> None:
    code = "\n".join(p.read_text() for p in [*SRC.glob("*.py"), *SRC.glob("rules/*.py")])  # the engine only
    emitted = set(re.findall(r'Event\("([a-z_]+)"', code)) | {"no_police"}
    documented = set(re.findall(r"`([a-z_]+)`", section("Events")))
    assert emitted <= documented


def test_the_position_and_card_table_examples_run() -> None:
    examples = re.findall(r"```python\n(.*?)```", section("Any position, by naming cards"), re.S)
    assert len(examples) == 2  # the position builder, then the card table
    for code in examples:
        exec(compile(code, "docs/engine.md", "exec"), {"__name__": "__docs__"})
