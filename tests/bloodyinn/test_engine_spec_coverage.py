"""Every rule ID and worked example of the spec is cited by at least one engine test (by name or docstring)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules import BLOODY_INN

TESTS = Path(__file__).resolve().parent


def cited() -> str:
    """All test code, with test names turned back into IDs (test_r_bribe_3_... cites R-BRIBE-3)."""
    text = "\n".join(p.read_text() for p in TESTS.glob("test_*.py"))
    names = re.findall(r"def (test_\w+)", text)
    return text + "\n" + "\n".join(n.upper().replace("_", "-") for n in names)


def test_every_rule_and_example_of_the_spec_is_tested() -> None:
    spec = BLOODY_INN.read_text()
    rules = sorted(set(re.findall(r"\*\*(R-[A-Z]+(?:-[A-Z0-9]+)*)", spec)))
    examples = sorted(set(re.findall(r"\| (EX-\d+) \|", spec)))
    assert len(rules) > 100 and len(examples) == 20
    text = cited()
    missing = [i for i in rules + examples if not re.search(re.escape(i) + r"(?![0-9])", text)]
    assert missing == []
