"""An observation vector's sections (`tabletop.research.layout`): laid end to end, without gaps."""

from __future__ import annotations

from tabletop.research.layout import lay_out, offsets, total_size


def test_sections_are_laid_end_to_end_and_found_by_name() -> None:
    layout = lay_out([("seat", 4, "one-hot"), ("score", 1, "points / 100"), ("hand", 10, "flags")])
    assert layout == (("seat", 0, 4, "one-hot"), ("score", 4, 1, "points / 100"), ("hand", 5, 10, "flags"))
    assert offsets(layout) == {"seat": 0, "score": 4, "hand": 5}
    assert total_size(layout) == 15
