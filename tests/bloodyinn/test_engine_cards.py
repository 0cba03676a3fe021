"""The public card table (`bloodyinn.CARDS`, `bloodyinn.card`) agrees with the spec's card table (§2-§3)."""

from __future__ import annotations

import re

import pytest

import bloodyinn
from bloodyinn import CARDS, GuestType, PaidAction, UnknownCardError, card
from tests.rules import BLOODY_INN


def _rows(section: str) -> list[list[str]]:
    """The cells of the first table after a spec heading."""
    text = BLOODY_INN.read_text()
    table: list[list[str]] = []
    for line in text[text.index(section):].splitlines()[1:]:
        if line.startswith("|"):
            table.append([cell.strip() for cell in line.strip("|").split("|")])
        elif table:
            break
    return table[2:]  # without the header and its rule


def _amounts(text: str) -> set[str]:
    """The sums of money an effect names (e.g. {"4"} for 'gain 4F now; ... 4F per red card')."""
    return set(re.findall(r"(\d+)F", text))


def test_r_card_2_r_card_3_every_occupation_matches_the_spec_table() -> None:
    rows = [r for r in _rows("### 3.3 Full table") if not r[0].startswith("*")]  # the barn is no guest card
    assert [re.search(r"`(\w+)`", r[0]).group(1) for r in rows] == [c.id for c in CARDS]  # type: ignore[union-attr]
    for cells, row in zip(rows, CARDS, strict=True):
        name, kind, rank, copies, pocket, annex, effect = cells[:7]
        assert name.startswith(row.name + " (")
        assert kind.split("/")[0] == row.type.value
        assert (int(rank), int(copies), f"{row.pocket}F") == (row.rank, row.copies, pocket)
        if row.buildable:
            assert annex == f"{row.annex_name} (`{row.annex_id}`)"
            assert row.annex_text and _amounts(effect) == _amounts(row.annex_text)
            assert int(cells[8]) == row.capacity
        else:
            assert annex.startswith("—") and row.annex_id is row.annex_text is None and row.capacity == 0


def test_r_card_1_aptitudes_match_the_spec() -> None:
    types = {cells[0].lower(): cells for cells in _rows("- **R-CARD-1**")}
    assert set(types) == {t.value for t in GuestType}
    for row in CARDS:
        _, colour, aptitude, _, can_build = types[row.type.value]
        assert row.type.colour == colour
        assert aptitude == ("none" if row.aptitude is None else f"**{row.aptitude.value.capitalize()}**")
        assert row.buildable == (can_build == "yes")


def test_r_comp_1_the_table_counts_78_cards_70_travelers_and_8_peasants() -> None:
    ids = [cid for row in CARDS for cid in row.card_ids]
    assert len(ids) == len(set(ids)) == 78
    assert sum(row.copies for row in CARDS if row.type is GuestType.PEASANT) == 8
    by_rank = [sum(row.copies for row in CARDS if row.rank == r and row.type is not GuestType.PEASANT)
               for r in range(4)]
    assert by_rank == [20, 20, 15, 15]  # R-CARD-3


def test_card_finds_a_row_by_name_alias_card_id_or_number() -> None:
    mechanic = card("mechanic")
    assert card("Mechanic") is card("mechanic.4") is mechanic
    assert (mechanic.type, mechanic.rank, mechanic.pocket, mechanic.aptitude) == (
        GuestType.ARTISAN, 1, 12, PaidAction.BUILD)
    assert card("Brigadier Chief") is card("chief brigadier") is card("brigadier_chief")
    assert card("sheriff").id == "peacekeeper"  # A-26 display-name aliases
    assert [card(n).id for n in (0, 4, 77)] == ["cultivator", "mechanic", "peasant"]
    assert bloodyinn.card is card and bloodyinn.CARDS is CARDS


@pytest.mark.parametrize("key", ["mechanik", "mechanic.5", 78, -1, "", None, 1.5, True])
def test_an_unknown_card_is_named_in_the_error(key: object) -> None:
    """Whatever its type (the compiled build checks it too, not only its own argument types)."""
    with pytest.raises(UnknownCardError, match=re.escape(str(key)) if key != "" else "unknown card"):
        card(key)


def test_rows_are_frozen() -> None:
    with pytest.raises(AttributeError):
        card("major").rank = 0  # type: ignore[misc]
