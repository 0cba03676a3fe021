"""The Bloody Inn at the server: one seat decides at a time."""

from __future__ import annotations

from typing import Any

from bloodyinn import describe_action
from bloodyinn.actions import Action, parse_action
from bloodyinn.bots import BOTS, LEVELS, make_bot
from bloodyinn.config import LENGTHS, VARIANTS, GameConfig
from bloodyinn.errors import BloodyInnError, IllegalActionError
from bloodyinn.game import Game
from tabletop.bots import Bot

from ..errors import bad_request, illegal
from .base import GameRules
from .bloody_inn_forms import action_form

CHOICES = ("length", "variants")


class BloodyInnRules(GameRules[Game, Action]):
    id = "bloodyinn"
    title = "The Bloody Inn"
    game_class = Game
    follow_up_kinds = frozenset(("action", "draw", "night", "police", "no_police", "round", "reshuffle",
                                 "final_round", "skip_final_round", "end_of_game", "solo_lost"))

    def options(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "players": list(Game.PLAYER_COUNTS), "lengths": list(LENGTHS),
                "variants": list(VARIANTS), "bots": list(self.bot_names())}

    def bot_names(self) -> tuple[str, ...]:
        """The named levels when the bots package offers them, else every bot."""
        return LEVELS or tuple(BOTS)

    def is_bot(self, name: str | None) -> bool:
        return name in BOTS

    def make_bot(self, name: str, seed: int) -> Bot[Action]:
        return make_bot(name, seed)

    def settings(self, players: int, choices: dict[str, Any], seed: int) -> dict[str, Any]:
        unknown = sorted(set(choices) - set(CHOICES))
        if unknown:
            raise bad_request(f"{', '.join(unknown)}: not an option of The Bloody Inn (its options: length, variants)")
        try:
            config = GameConfig(players=players, length=choices.get("length") or "short",
                                variants=frozenset(choices.get("variants") or ()), seed=seed)
        except BloodyInnError as exc:
            raise bad_request(str(exc)) from None
        return config.to_dict()

    def public_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        return {"players": settings["players"], "length": settings["length"], "variants": settings["variants"]}

    def history(self, game: Game) -> list[str]:
        return [str(action) for action in game.actions]

    def canonical(self, text: str) -> str | None:
        try:
            return str(parse_action(text))
        except IllegalActionError:
            return None

    def form(self, game: Game, action: Action) -> dict[str, Any]:
        return action_form(action)

    def preview(self, game: Game, seat: int, text: str) -> dict[str, Any]:
        if seat != game.current_player:
            raise illegal(f"P{seat + 1} has no decision to make now")
        try:
            events = game.preview(text)
            return {"action": str(game.validate(text)), "description": describe_action(game, text),
                    "events": [e.to_dict() for e in events]}
        except IllegalActionError as exc:
            raise illegal(str(exc)) from None

    def result(self, game: Game) -> dict[str, Any]:
        return {"scores": game.scores(), "winners": game.winners(), "breakdown": game.score_breakdown(),
                "lost": game.lost, "solo_title": game.solo_title()}

    def rank_key(self, row: dict[str, Any]) -> tuple[int, ...]:
        return row["total"], row["corpses_under_own_annexes"]  # booty, then the tie-break (R-END-6/7)

    def recorded_actions(self, record: dict[str, Any]) -> list[str]:
        return list(record["actions"])
