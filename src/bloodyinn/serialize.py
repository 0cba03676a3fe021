"""State <-> JSON-ready dicts, and the game's records and saves (`RECORDS`). Cards are written by canonical id so
saves are readable and stable."""

from __future__ import annotations

from typing import Any

from tabletop.records import Records, random_from_json, random_to_json

from .cards import BARN_BASE, CARD_BY_ID, CARD_IDS, annex_ref
from .config import GameConfig
from .errors import ConfigError, CorruptSaveError, IllegalActionError
from .invariants import violations
from .state import Stage, State

_STAGES = {Stage.WELCOME, Stage.NIGHT, Stage.POLICE, Stage.WAGES, Stage.FINAL_GRAVEDIGGER, Stage.OVER}


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def state_to_dict(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "culled": _ids(state.culled),
        "unused_peasants": _ids(state.unused_peasants),
        "gravedigger": _ids(state.gravedigger),
        "entrance": _ids(state.entrance),
        "arrival": CARD_IDS[state.arrival] if state.arrival >= 0 else None,
        "rooms": [CARD_IDS[c] if c >= 0 else None for c in state.rooms],
        "bistro": _ids(state.bistro),
        "hands": [_ids(h) for h in state.hands],
        "annexes": [_ids(a) for a in state.annexes],
        "buried": {annex_ref(a): _ids(c) for a, c in sorted(state.buried.items())},
        "corpses": [_ids(c) for c in state.corpses],
        "exit": _ids(state.exit),
        "keys": list(state.keys),
        "room_service": list(state.room_service),
        "cash": list(state.cash),
        "checks": list(state.checks),
        "round": state.round,
        "first_player": state.first_player,
        "reshuffled": state.reshuffled,
        "final_round": state.final_round,
        "stage": state.stage,
        "turn": state.turn,
        "police_present": state.police_present,
        "pending_release": state.pending_release,
        "lost": state.lost,
        "end_bonus": [[list(b) for b in bonus] for bonus in state.end_bonus],
        "rng": random_to_json(state.rng_state()),
    }


def _cards(ids: list[str]) -> list[int]:
    if not isinstance(ids, list):
        raise CorruptSaveError(f"expected a list of card ids, got {ids!r}")
    return [CARD_BY_ID[i] for i in ids]


def _annex(ref: str) -> int:
    if ref.startswith("barn."):
        return BARN_BASE + int(ref[5:])
    return CARD_BY_ID[ref]


def _end_bonus(entry: list[Any]) -> tuple[str, int, int]:
    """[annex id, F gained, F lost to the cap]; saves made before the loss was recorded have no third item."""
    annex, gained, *lost = entry
    return str(annex), int(gained), int(lost[0]) if lost else 0


def _state_from_dict(data: dict[str, Any]) -> State:
    players = int(data["players"])
    if not 1 <= players <= 4:
        raise CorruptSaveError(f"players must be 1-4, got {players}")
    stage = data["stage"]
    if stage not in _STAGES:
        raise CorruptSaveError(f"unknown stage {stage!r}")
    state = State(
        players=players,
        rng=random_from_json(data["rng"]),
        culled=_cards(data["culled"]),
        unused_peasants=_cards(data["unused_peasants"]),
        gravedigger=_cards(data["gravedigger"]),
        entrance=_cards(data["entrance"]),
        arrival=CARD_BY_ID[data["arrival"]] if data["arrival"] is not None else -1,
        rooms=[CARD_BY_ID[c] if c is not None else -1 for c in data["rooms"]],
        bistro=_cards(data["bistro"]),
        hands=[_cards(h) for h in data["hands"]],
        annexes=[_cards(a) for a in data["annexes"]],
        buried={_annex(ref): _cards(c) for ref, c in data["buried"].items()},
        corpses=[_cards(c) for c in data["corpses"]],
        exit=_cards(data["exit"]),
        keys=[int(k) for k in data["keys"]],
        room_service=[int(r) for r in data["room_service"]],
        cash=[int(c) for c in data["cash"]],
        checks=[int(c) for c in data["checks"]],
        round=int(data["round"]),
        first_player=int(data["first_player"]),
        reshuffled=bool(data["reshuffled"]),
        final_round=bool(data["final_round"]),
        stage=stage,
        turn=int(data["turn"]),
        police_present=bool(data["police_present"]),
        pending_release=int(data["pending_release"]),
        lost=bool(data["lost"]),
        end_bonus=[[_end_bonus(b) for b in bonus] for bonus in data["end_bonus"]],
    )
    if not (len(state.rooms) == len(state.keys) == len(state.room_service) == 8):
        raise CorruptSaveError("the inn must have 8 rooms")
    per_player = (state.hands, state.annexes, state.corpses, state.cash, state.checks, state.end_bonus)
    if any(len(zone) != players for zone in per_player):
        raise CorruptSaveError(f"every per-player zone must list {players} players")
    return state


# Records and saves of The Bloody Inn (tabletop.records: the envelope every game shares).
RECORDS = Records(game="bloodyinn", corrupt=CorruptSaveError, illegal=IllegalActionError,
                  read_settings=GameConfig.from_dict, invalid_settings=(ConfigError,), write_state=state_to_dict,
                  parse_state=_state_from_dict, violations=violations)
