"""A straightforward observation encoder, written from `LAYOUT` and the dict view alone, entry by entry: the
oracle the environments' section-by-section encoder (and its memory) is compared with, bit for bit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from bloodyinn.cards import CARD_BY_ID, CARD_OCC, OCCUPATIONS
from bloodyinn.research import observation as ob

AT = {name: offset for name, offset, _, _ in ob.LAYOUT}
OCCUPATIONS_COUNT = len(OCCUPATIONS)
ROOM_SIZE = 6 + 4 + OCCUPATIONS_COUNT
PLAYER_SIZE = 3 + 2 * OCCUPATIONS_COUNT + 3
ANNEX_AT = {card_id: AT["annexes"] + i * 6 for i, card_id in enumerate(ob.CARD_ANNEXES)}


def occupation(card_id: str) -> int:
    return CARD_OCC[CARD_BY_ID[card_id]]


def oracle_observation(view: dict[str, Any], prefix: Sequence[int] = ()) -> np.ndarray:
    seat = view["seat"]
    settings = view["settings"]
    players = settings["players"]
    hits: list[int] = []  # one per counted feature: a flag, a one-hot, a card
    values: dict[int, float] = {}

    def relative(other: int) -> int:
        return (other - seat) % players

    hits += [AT["seat"] + seat, AT["players"] + players - 1, AT["stage"] + ob.STAGES.index(view["stage"]),
             AT["first_player"] + relative(view["first_player"])]
    flags = [(settings["length"] == "long", AT["settings"]),
             ("unlimited_wealth" in settings["variants"], AT["settings"] + 1),
             ("first_come_first_served" in settings["variants"], AT["settings"] + 2),
             (view["season"] == 2, AT["season"]), (view["final_round"], AT["season"] + 1),
             (view["police_present"], AT["police"]), (view["is_over"], AT["over"]), (view["lost"], AT["over"] + 1)]
    hits += [entry for flag, entry in flags if flag]
    if view["decision"] is not None:
        hits.append(AT["decision"] + ob.DECISIONS.index(view["decision"]))
    if view["current_player"] is not None:
        hits.append(AT["current_player"] + relative(view["current_player"]))
    entrance = view["entrance"]
    if entrance["top"]:
        hits.append(AT["entrance_top"] + occupation(entrance["top"]))
    hits += [AT["entrance_cards"] + occupation(card) for card in entrance["cards"] or ()]
    if view["arrival"]:
        hits.append(AT["arrival"] + occupation(view["arrival"]))
    for room, place in enumerate(view["rooms"]):
        base = AT["rooms"] + room * ROOM_SIZE
        key = place["key"]
        hits.append(base + 5 if key is None else base + 4 if key == "white" else base + relative(key))
        if place["room_service"] is not None:
            hits.append(base + 6 + relative(place["room_service"]))
        if place["guest"]:
            hits.append(base + 10 + occupation(place["guest"]))
    for pile in ("bistro", "exit", "gravedigger", "unused_peasants"):
        hits += [AT[pile] + occupation(card) for card in view[pile]]
    values.update({AT["round"]: view["round"] / ob.ROUND_SCALE, AT["turn"]: view["turn"] / ob.TURN_SCALE,
                   AT["police"] + 1: view["pending_release"] / 4.0,
                   AT["entrance_size"]: entrance["size"] / ob.CARDS_SCALE,
                   AT["culled"]: view["culled"] / ob.CARDS_SCALE})
    for player in view["players"]:
        r = relative(player["seat"])
        base = AT["player"] + r * PLAYER_SIZE
        hits.append(base)
        hits += [base + 3 + occupation(card) for card in player["hand"]]
        hits += [base + 3 + OCCUPATIONS_COUNT + occupation(card) for card in player["corpses"]]
        barn = base + 3 + 2 * OCCUPATIONS_COUNT
        values.update({base + 1: player["cash"] / ob.CASH_SCALE, base + 2: player["checks"] / ob.CHECKS_SCALE,
                       barn: len(player["barn"]["buried"]) / ob.ANNEX_SCALE,
                       barn + 1: player["barn"]["free"] / ob.ANNEX_SCALE,
                       barn + 2: sum(bonus[1] for bonus in player["end_bonus"]) / ob.BONUS_SCALE})
        for annex in player["annexes"]:
            slot = ANNEX_AT[annex["annex"]]
            hits += [slot + r] + [slot + 4] * len(annex["buried"]) + [slot + 5] * annex["free"]
    hits += [AT["prefix_counts"] + token for token in prefix]
    if prefix:
        hits.append(AT["prefix_last"] + prefix[-1])
    values[AT["prefix_length"]] = len(prefix) / ob.PREFIX_SCALE
    observation = np.zeros(ob.OBSERVATION_SIZE, dtype=np.float32)
    scale = ob._SCALE
    for index in hits:  # in float32, one weight at a time: a count of k copies is k/copies as the scale says
        observation[index] += scale[index]
    for index, value in values.items():
        observation[index] = value
    return observation
