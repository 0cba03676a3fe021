"""Every stated rule (I-R-n) and gap (I-G-n) of the innkeepers spec is cited by at least one test here."""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules import INNKEEPERS

TESTS = Path(__file__).resolve().parent


def cited() -> str:
    """All test code, with test names turned back into IDs (test_i_r_16_... cites I-R-16)."""
    text = "\n".join(p.read_text() for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name)
    names = re.findall(r"def (test_\w+)", text)
    return text + "\n" + "\n".join(n.upper().replace("_", "-") for n in names)


def test_every_rule_and_gap_of_the_spec_is_tested() -> None:
    spec = INNKEEPERS.read_text()
    ids = sorted(set(re.findall(r"\*\*(I-[RG]-\d+)", spec)), key=lambda i: (i[2], int(i[4:])))
    assert len([i for i in ids if i.startswith("I-R")]) == 39 and len([i for i in ids if i.startswith("I-G")]) == 30
    text = cited()
    missing = [i for i in ids if not re.search(re.escape(i) + r"(?![0-9])", text)]
    assert missing == []
