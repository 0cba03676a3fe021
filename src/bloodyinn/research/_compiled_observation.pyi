from typing import Any

VIEW_FIELDS: tuple[str, ...]
SEAT_FIELDS: tuple[str, ...]

def configure(at: dict[str, int], sizes: dict[str, int], within: dict[str, int], scales: dict[str, float],
              codes: dict[str, int], entry_weights: list[float], occupation_of_card: list[int],
              annex_entries: dict[int, int], counted: list[list[float]], stage_entries: dict[str, int],
              decision_entries: dict[str, int], view_fields: tuple[str, ...], seat_fields: tuple[str, ...]) -> None: ...
def view_bytes(compact_view: Any) -> bytes: ...
