"""Actions as typed and read at the terminal: the engine's notation with annexes named as the screen names them.

The engine names an annex by its card id (`abbot.2`) and a barn by its seat counted from 0 (`barn.0`); saves and
records keep that. The screen numbers players P1-P4 and shows annexes by name, so here a barn is `barn.P1` (the
barn of P1) and an annex is its name (`cellar`, `king_size_bed`), with its owner when two players have one
(`cellar.P2`). A barn typed with a bare seat number (`barn.1`) is refused, since it would mean another player than
the screen's P1; the engine's card ids are accepted too. Both directions are here: what the prompt accepts
(`to_engine`) and how the screen writes an action (`shown`).
"""

from __future__ import annotations

import re
from typing import Any

from ..actions import Action
from ..cards import CARD_BY_ID
from ..errors import NotationError
from . import render


def _typed(text: str) -> str:
    """A name as it may be typed: lower case, words joined by '_', no apostrophe ("Butcher's Shop": butchers_shop)."""
    return text.strip().lower().replace(" ", "_").replace("-", "_").replace("'", "")


def annex_names(view: dict[str, Any]) -> dict[str, str]:
    """The typed name of every barn and built annex, by the engine's reference (`barn.0`: `barn.P1`)."""
    names = {player["barn"]["annex"]: f"barn.P{player['seat'] + 1}" for player in view["players"]}
    built = [(annex["annex"], _typed(render.occ_of(annex["annex"]).annex_name or ""), player["seat"])
             for player in view["players"] for annex in player["annexes"]]
    for ref, name, seat in built:
        alike = [owner for _, other, owner in built if other == name]
        if len(alike) == 1:
            names[ref] = name
        elif alike.count(seat) == 1:
            names[ref] = f"{name}.P{seat + 1}"
        else:  # two of one annex in one inn: only the card ids tell them apart
            names[ref] = ref
    return names


def shown(action: Action, view: dict[str, Any]) -> str:
    """An action's notation with its annexes named as the screen names them."""
    names = annex_names(view)
    words = str(action).split()
    return " ".join(names.get(word, word) if i and words[i - 1] == "under" else word for i, word in enumerate(words))


def to_engine(text: str, view: dict[str, Any]) -> str:
    """Typed text in the engine's notation: each annex after 'under' becomes the engine's reference. An annex the
    board does not have raises NotationError listing the names there are."""
    words = text.split()
    return " ".join(_annex(word, text, view) if i and words[i - 1].lower() == "under" else word
                    for i, word in enumerate(words))


def _annex(token: str, text: str, view: dict[str, Any]) -> str:
    names = annex_names(view)
    refs = {_typed(name): ref for ref, name in names.items()}
    key = _typed(token)
    if key in refs:
        return refs[key]
    if re.fullmatch(r"barn\.\d+", key):
        raise NotationError("{token!r} in {text!r}: barns are named by their player, as on the screen:"
                            " barn.P1 is the barn of P1 (here: {barns})", token=token, text=text,
                            barns=", ".join(n for n in names.values() if "barn" in n))
    if key in CARD_BY_ID and key in names:  # the engine's card id of a built annex
        return key
    owners = [name for name in names.values() if name.lower().startswith(f"{key}.p")]
    if owners:
        raise NotationError("{token!r} in {text!r}: more than one player has one; write {choices}", token=token,
                            text=text, choices=" or ".join(owners))
    raise NotationError("no annex {token!r} in {text!r}; the annexes are: {annexes}", token=token, text=text,
                        annexes=", ".join(names.values()))
