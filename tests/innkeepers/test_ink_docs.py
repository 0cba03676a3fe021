"""docs/innkeepers.md stays accurate: notation examples round-trip, every event kind and flag is documented,
every gap of the spec is in the assumptions table, and the record example replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

from innkeepers import ASSUMPTIONS, FLAG_NAMES, Game, new_game, parse_action
from tests.rules import INNKEEPERS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "innkeepers.md").read_text()
SRC = Path(__file__).resolve().parents[2] / "src" / "innkeepers"


def section(title: str) -> str:
    start = DOC.index(f"\n## {title}")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


def test_every_notation_example_parses_and_round_trips() -> None:
    rows = [row.split("|") for row in section("Action notation").splitlines() if row.startswith("| ")]
    examples = [text for cells in rows[2:] for text in re.findall(r"`([^`]+)`", cells[2])]
    for text in examples:
        action = parse_action(text)
        assert str(action) == text
    kinds = {type(parse_action(text)).__name__ for text in examples}
    assert kinds == {"Play", "Place", "Refer", "Refuse", "Choose", "Pick", "Upgrade", "Relocate", "Pass", "Refill"}


def test_every_event_kind_is_documented() -> None:
    code = "\n".join(p.read_text() for p in [*SRC.glob("*.py"), *SRC.glob("rules/*.py")])
    emitted = set(re.findall(r'Event\(\s*"([a-z_]+)"', code))
    documented = set(re.findall(r"`([a-z_]+)`", section("The engine").split("### Events")[1]))
    assert len(emitted) >= 18 and emitted <= documented


def test_every_flag_is_documented_with_its_default() -> None:
    table = section("The engine").split("### Starting a game")[1]
    for name in FLAG_NAMES:
        assert f"| `{name}` |" in table


def test_every_gap_of_the_spec_is_listed_with_its_default() -> None:
    gaps = sorted(set(re.findall(r"\*\*(I-G-\d+)", INNKEEPERS.read_text())), key=lambda g: int(g[4:]))
    assert [a.id for a in ASSUMPTIONS] == gaps


def test_the_assumptions_table_is_the_engines_list_and_every_flag_switches_something() -> None:
    rows = []
    for a in ASSUMPTIONS:
        flag = f"`{a.flag}`" + (f": {a.alternative}" if a.alternative else "") if a.flag else "—"
        rows.append(f"| {a.id} {a.question} | {a.default} | {flag} |")
    assert "\n".join(rows) in section("Assumptions")
    named = {a.flag_name for a in ASSUMPTIONS if a.flag}
    assert named == {*FLAG_NAMES, "players"}
    for a in ASSUMPTIONS:
        if "=" in a.flag:  # the documented setting is accepted by new_game
            name, _, value = a.flag.partition("=")
            assert new_game(players=2, seed=0, **{name: json.loads(value.lower())}).config.flags()[name] != \
                new_game(players=2, seed=0).config.flags()[name]


def test_the_record_example_replays() -> None:
    example = re.search(r"```json\n(.*?)```", section("The engine"), re.DOTALL)
    assert example is not None
    game = Game.replay(json.loads(example.group(1)))
    assert len(game.actions) == 7 and game.state.trick == 2


def test_the_python_examples_of_the_docs_and_the_readme_run() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.DOTALL)
    blocks += [b for b in re.findall(r"```python\n(.*?)```", readme, re.DOTALL) if "innkeepers" in b]
    assert len(blocks) == 4
    namespaces: list[dict[str, object]] = []
    for block in blocks:
        namespaces.append({"print": lambda *args: None})
        exec(compile(block, "docs", "exec", dont_inherit=True), namespaces[-1])
    bots_example = next(n for n in namespaces if "bots" in n)  # the Bots section's game of two bots
    assert bots_example["game"].is_over  # type: ignore[attr-defined]
    play = next(n["play"] for n in namespaces if "play" in n)  # the bots-and-faces loop
    game = new_game(players=3, seed=1)
    winners = play(game, dict.fromkeys(range(3), lambda view, legal: legal[0]))  # type: ignore[operator]
    assert game.is_over and winners == game.winners() and winners
