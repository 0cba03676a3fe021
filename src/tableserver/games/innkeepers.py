"""Innkeepers at the server: several seats may owe a decision at once (every seat chooses its card for a trick
in secret, I-G-14), and each assumption of the rules is a table option (innkeepers.ASSUMPTIONS)."""

from __future__ import annotations

from dataclasses import fields
from itertools import permutations
from typing import Any

import innkeepers
from innkeepers import bots as innkeepers_bots
from innkeepers import texts
from innkeepers.cards import SUIT_SYMBOLS, SUITS
from innkeepers.config import BONUS_SUIT_CHOICES
from innkeepers.events import Event
from tabletop.bots import Bot
from tabletop.i18n import N_
from tabletop.protocol import GameEvent

from ..errors import bad_request
from ..language import _
from .base import GameRules

SUIT_ORDERS = tuple("".join(order) for order in permutations(SUITS))


# Each flag in a few words, for the lobby's list of tables.
FLAG_LABELS = {"fixed_rooms": N_("fixed rooms"), "must_follow": N_("must follow"), "suit_order": N_("suit order"),
               "allow_refuse_referral": N_("referrals may be refused"),
               "voluntary_referral": N_("voluntary referrals"), "bonus_suit": N_("bonus suit")}
# Whose suit a bonus card counts, by the value of the `bonus_suit` flag.
BONUS_SUITS = {"customer": N_("the customer's suit"), "playing_card": N_("the playing card's suit")}


def _flag_option(name: str, default: Any, lang: str) -> dict[str, Any]:
    """One assumption flag as a table option: its default, its values and the assumptions it switches, in
    `lang`."""
    switched = [a for a in innkeepers.ASSUMPTIONS if a.flag_name == name]
    alternatives = dict.fromkeys(texts.assumption_text(a.alternative, lang) for a in switched if a.alternative)
    option: dict[str, Any] = {"name": name, "label": _(FLAG_LABELS.get(name, name), lang), "default": default,
                              "assumptions": [a.id for a in switched], "alternative": "; ".join(alternatives)}
    if name == "suit_order":
        option["choices"] = [{"value": order, "label": " > ".join(SUIT_SYMBOLS[s] for s in order)}
                             for order in SUIT_ORDERS]
    elif name == "bonus_suit":
        option["choices"] = [{"value": value, "label": _(BONUS_SUITS[value], lang)} for value in BONUS_SUIT_CHOICES]
    return option


class InnkeepersRules(GameRules[innkeepers.Game, innkeepers.Action]):
    id = "innkeepers"
    title = N_("Innkeepers")
    game_class = innkeepers.Game
    # A trick's cards turned over, a customer turned up or drawn, cards dealt or drawn (as the terminal's undo).
    revealing = frozenset(("reveal", "trick", "choose", "deal", "refill", "reshuffle"))
    follow_up_kinds = frozenset(("action", "reveal", "trick", "deal", "end_of_game"))

    def options(self, lang: str) -> dict[str, Any]:
        return {"id": self.id, "title": _(self.title, lang), "players": list(innkeepers.Game.PLAYER_COUNTS),
                "bots": list(self.bot_names()),
                "flags": [_flag_option(name, value, lang) for name, value in innkeepers.GameConfig().flags().items()],
                "assumptions": [{**a._asdict(), "question": texts.assumption_text(a.question, lang),
                                 "default": texts.assumption_text(a.default, lang),
                                 "alternative": texts.assumption_text(a.alternative, lang) if a.alternative else "",
                                 "flag_name": a.flag_name} for a in innkeepers.ASSUMPTIONS]}

    def bot_names(self) -> tuple[str, ...]:
        """The named levels once the bots package offers them, else every bot."""
        levels: tuple[str, ...] = tuple(getattr(innkeepers_bots, "LEVELS", ()))
        return levels or tuple(innkeepers_bots.BOTS)

    def is_bot(self, name: str | None) -> bool:
        return name in innkeepers_bots.BOTS or name in self.bot_names()

    def make_bot(self, name: str, seed: int) -> Bot[innkeepers.Action]:
        return innkeepers_bots.make_bot(name, seed, timed=True)  # a move within about a second

    def settings(self, players: int, choices: dict[str, Any], seed: int) -> dict[str, Any]:
        unknown = sorted(set(choices) - set(innkeepers.FLAG_NAMES))
        if unknown:
            raise bad_request("{options}: not an option of Innkeepers (its options: {known})",
                              options=", ".join(unknown), known=", ".join(innkeepers.FLAG_NAMES))
        try:
            config = innkeepers.GameConfig(players=players, seed=seed, **choices)
        except innkeepers.ConfigError as exc:
            raise self.refusal(exc, bad_settings=True) from None
        return config.to_dict()

    def public_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        return {f.name: settings[f.name] for f in fields(innkeepers.GameConfig) if f.name != "seed"}

    def rules_text(self, game: innkeepers.Game, lang: str) -> list[str]:
        return list(texts.rules_summary(game.config, lang))

    def history(self, game: innkeepers.Game) -> list[str]:
        return [str(action) for _, action in game.actions]

    def canonical(self, text: str) -> str | None:
        try:
            return str(innkeepers.parse_action(text))
        except innkeepers.IllegalActionError:
            return None

    def form(self, game: innkeepers.Game, action: innkeepers.Action, lang: str) -> dict[str, Any]:
        form: dict[str, Any] = {"text": str(action), "kind": action.kind,
                                "description": texts.render_action(action, game.config.fixed_rooms, lang)}
        form.update({f.name: getattr(action, f.name) for f in fields(action)})
        return form

    def preview(self, game: innkeepers.Game, seat: int, text: str, lang: str) -> dict[str, Any]:
        # Words only: trying the action on a copy would show what is hidden (the others' committed cards when
        # this seat commits last, the customers a Choose draws).
        action = self.action(game, seat, text)
        return {"action": str(action), "description": texts.render_action(action, game.config.fixed_rooms, lang),
                "events": []}

    def event_text(self, game: innkeepers.Game, event: GameEvent, lang: str) -> str:
        assert isinstance(event, Event)  # this game's engine makes only its own events
        return texts.render_event(event, lang, game.config.fixed_rooms)

    def player_token(self, seat: int, lang: str) -> str:
        return texts.player_name(seat, lang)

    def error_text(self, error: ValueError, lang: str) -> str:
        return texts.render_error(error, lang)

    def result(self, game: innkeepers.Game) -> dict[str, Any]:
        return {"scores": game.scores(), "winners": game.winners(), "breakdown": game.score_breakdown(),
                "lost": False, "solo_title": None}

    def rank_key(self, row: dict[str, Any]) -> tuple[int, ...]:
        return row["total"], row["meeples"]  # points, then amenities matched (I-R-39)

    def recorded_actions(self, record: dict[str, Any]) -> list[str]:
        return [str(text).split(" ", 1)[1] for text in record["actions"]]
