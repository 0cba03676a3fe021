"""The Bloody Inn at the server: one seat decides at a time."""

from __future__ import annotations

from typing import Any

from bloodyinn import texts
from bloodyinn.actions import Action, parse_action
from bloodyinn.bots import BOTS, LEVELS, make_bot
from bloodyinn.config import LENGTHS, VARIANTS, GameConfig
from bloodyinn.errors import BloodyInnError, IllegalActionError
from bloodyinn.events import Event
from bloodyinn.game import Game
from tabletop.bots import Bot
from tabletop.i18n import N_
from tabletop.protocol import GameEvent

from ..errors import bad_request, illegal
from ..language import _
from .base import GameRules
from .bloody_inn_forms import action_form

CHOICES = ("length", "variants")


class BloodyInnRules(GameRules[Game, Action]):
    id = "bloodyinn"
    title = N_("The Bloody Inn")
    game_class = Game
    follow_up_kinds = frozenset(("action", "draw", "night", "police", "no_police", "round", "reshuffle",
                                 "final_round", "skip_final_round", "end_of_game", "solo_lost"))

    def options(self, lang: str) -> dict[str, Any]:
        return {"id": self.id, "title": _(self.title, lang), "players": list(Game.PLAYER_COUNTS),
                "lengths": list(LENGTHS), "variants": list(VARIANTS), "bots": list(self.bot_names())}

    def bot_names(self) -> tuple[str, ...]:
        """The named levels when the bots package offers them, else every bot."""
        return LEVELS or tuple(BOTS)

    def is_bot(self, name: str | None) -> bool:
        return name in BOTS

    def make_bot(self, name: str, seed: int) -> Bot[Action]:
        return make_bot(name, seed, timed=True)  # a move within about a second

    def settings(self, players: int, choices: dict[str, Any], seed: int) -> dict[str, Any]:
        unknown = sorted(set(choices) - set(CHOICES))
        if unknown:
            raise bad_request("{options}: not an option of The Bloody Inn (its options: length, variants)",
                              options=", ".join(unknown))
        try:
            config = GameConfig(players=players, length=choices.get("length") or "short",
                                variants=frozenset(choices.get("variants") or ()), seed=seed)
        except BloodyInnError as exc:
            raise self.refusal(exc, bad_settings=True) from None
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

    def form(self, game: Game, action: Action, lang: str) -> dict[str, Any]:
        return action_form(action)

    def preview(self, game: Game, seat: int, text: str, lang: str) -> dict[str, Any]:
        if seat != game.current_player:
            raise illegal("seat {seat} has no decision to make now", seat=seat + 1)
        try:
            events = game.preview(text)
            action = game.validate(text)
        except IllegalActionError as exc:
            raise self.refusal(exc) from None
        return {"action": str(action), "description": texts.render_action_in(game.state, action, lang),
                "events": events}

    def event_text(self, game: Game, event: GameEvent, lang: str) -> str:
        assert isinstance(event, Event)  # this game's engine makes only its own events
        return texts.render_event(event, lang)

    def player_token(self, seat: int, lang: str) -> str:
        return texts.player_name(seat, lang)

    def error_text(self, error: ValueError, lang: str) -> str:
        return texts.render_error(error, lang)

    def result(self, game: Game) -> dict[str, Any]:
        return {"scores": game.scores(), "winners": game.winners(), "breakdown": game.score_breakdown(),
                "lost": game.lost, "solo_title": game.solo_title()}

    def result_words(self, result: dict[str, Any], lang: str) -> dict[str, Any]:
        title = result["solo_title"]  # a solitaire title, as the Italian rulebook's scale names it
        return {**result, "solo_title": texts.solo_title_name(title, lang) if title else title}

    def rank_key(self, row: dict[str, Any]) -> tuple[int, ...]:
        return row["total"], row["corpses_under_own_annexes"]  # booty, then the tie-break (R-END-6/7)

    def recorded_actions(self, record: dict[str, Any]) -> list[str]:
        return list(record["actions"])
