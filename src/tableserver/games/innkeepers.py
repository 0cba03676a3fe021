"""Innkeepers at the server: several seats may owe a decision at once (every seat chooses its card for a trick
in secret, I-G-14), and each assumption of the rules is a table option (innkeepers.ASSUMPTIONS)."""

from __future__ import annotations

from dataclasses import fields
from itertools import permutations
from typing import Any

import innkeepers
from innkeepers import bots as innkeepers_bots
from innkeepers.cards import SUIT_SYMBOLS, SUITS
from innkeepers.config import BONUS_SUIT_CHOICES
from innkeepers.summary import rules_summary
from tabletop.bots import Bot

from ..errors import bad_request
from .base import GameRules

SUIT_ORDERS = tuple("".join(order) for order in permutations(SUITS))


def _flag_option(name: str, default: Any) -> dict[str, Any]:
    """One assumption flag as a table option: its default, its values and the assumptions it switches."""
    switched = [a for a in innkeepers.ASSUMPTIONS if a.flag_name == name]
    option: dict[str, Any] = {"name": name, "default": default, "assumptions": [a.id for a in switched],
                              "alternative": "; ".join(dict.fromkeys(a.alternative for a in switched if a.alternative))}
    if name == "suit_order":
        option["choices"] = [{"value": order, "label": " > ".join(SUIT_SYMBOLS[s] for s in order)}
                             for order in SUIT_ORDERS]
    elif name == "bonus_suit":
        option["choices"] = [{"value": value, "label": f"the {value.replace('_', ' ')}'s suit"}
                             for value in BONUS_SUIT_CHOICES]
    return option


class InnkeepersRules(GameRules[innkeepers.Game, innkeepers.Action]):
    id = "innkeepers"
    title = "Innkeepers"
    game_class = innkeepers.Game
    # A trick's cards turned over, a customer turned up or drawn, cards dealt or drawn (as the terminal's undo).
    revealing = frozenset(("reveal", "trick", "choose", "deal", "refill", "reshuffle"))
    follow_up_kinds = frozenset(("action", "reveal", "trick", "deal", "end_of_game"))

    def options(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "players": list(innkeepers.Game.PLAYER_COUNTS),
                "bots": list(self.bot_names()),
                "flags": [_flag_option(name, value) for name, value in innkeepers.GameConfig().flags().items()],
                "assumptions": [{**a._asdict(), "flag_name": a.flag_name} for a in innkeepers.ASSUMPTIONS]}

    def bot_names(self) -> tuple[str, ...]:
        """The named levels once the bots package offers them, else every bot."""
        levels: tuple[str, ...] = tuple(getattr(innkeepers_bots, "LEVELS", ()))
        return levels or tuple(innkeepers_bots.BOTS)

    def is_bot(self, name: str | None) -> bool:
        return name in innkeepers_bots.BOTS or name in self.bot_names()

    def make_bot(self, name: str, seed: int) -> Bot[innkeepers.Action]:
        return innkeepers_bots.make_bot(name, seed)

    def settings(self, players: int, choices: dict[str, Any], seed: int) -> dict[str, Any]:
        unknown = sorted(set(choices) - set(innkeepers.FLAG_NAMES))
        if unknown:
            raise bad_request(f"{', '.join(unknown)}: not an option of Innkeepers (its options: "
                              f"{', '.join(innkeepers.FLAG_NAMES)})")
        try:
            config = innkeepers.GameConfig(players=players, seed=seed, **choices)
        except innkeepers.ConfigError as exc:
            raise bad_request(str(exc)) from None
        return config.to_dict()

    def public_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        return {f.name: settings[f.name] for f in fields(innkeepers.GameConfig) if f.name != "seed"}

    def rules_text(self, game: innkeepers.Game) -> list[str]:
        return list(rules_summary(game.config))

    def history(self, game: innkeepers.Game) -> list[str]:
        return [str(action) for _, action in game.actions]

    def canonical(self, text: str) -> str | None:
        try:
            return str(innkeepers.parse_action(text))
        except innkeepers.IllegalActionError:
            return None

    def form(self, game: innkeepers.Game, action: innkeepers.Action) -> dict[str, Any]:
        form: dict[str, Any] = {"text": str(action), "kind": action.kind, "description": game.describe(action)}
        form.update({f.name: getattr(action, f.name) for f in fields(action)})
        return form

    def preview(self, game: innkeepers.Game, seat: int, text: str) -> dict[str, Any]:
        # Words only: trying the action on a copy would show what is hidden (the others' committed cards when
        # this seat commits last, the customers a Choose draws).
        action = self.action(game, seat, text)
        return {"action": str(action), "description": game.describe(action), "events": []}

    def result(self, game: innkeepers.Game) -> dict[str, Any]:
        return {"scores": game.scores(), "winners": game.winners(), "breakdown": game.score_breakdown(),
                "lost": False, "solo_title": None}

    def rank_key(self, row: dict[str, Any]) -> tuple[int, ...]:
        return row["total"], row["meeples"]  # points, then amenities matched (I-R-39)

    def recorded_actions(self, record: dict[str, Any]) -> list[str]:
        return [str(text).split(" ", 1)[1] for text in record["actions"]]
