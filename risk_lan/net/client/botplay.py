"""A client's seat played by a bot: it chooses from the client's checked view, one act at a
time, and chooses again when an act it chose is refused."""

from __future__ import annotations

from typing import Any

from risk_lan.bots.base import Bot
from risk_lan.net.client.outcome import LocalFailure
from risk_lan.rules import Action, Game, GameState


class BotPlay:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.opened = False  # the bot has made its opening moves (a sealed headquarters)
        self.chose_again_at = -1  # the update the bot last chose again after

    def may_choose_again(self, views: int) -> bool:
        """A bot's act was refused, most likely chosen from a view the game had moved past
        (after a reconnection, say): the bot chooses again from the latest view, once for
        each view (``views`` counts them), so that a refusal never leaves its seat silent."""
        if views == self.chose_again_at:
            return False
        self.chose_again_at = views
        return True

    def may_act(self, seat: str, waiting: str | None) -> bool:
        """Whether the bot may have an act to choose for ``seat``, the game waiting for
        ``waiting``: its opening moves, or the game's wait for its seat."""
        return not self.opened or waiting == seat

    def moves(self, view: dict[str, Any], seat: str, waiting: str | None) -> list[Action]:
        """What the bot plays for ``seat`` from ``view``, the game waiting for ``waiting``."""
        if view["phase"] == "over" or not self.may_act(seat, waiting):
            return []
        try:
            game = Game(GameState.from_view(view))
            actions = []
            if not self.opened:
                self.opened = True
                actions = list(self.bot.opening(game, seat))
            if waiting == seat:
                actions.append(self.bot.choose(game, seat))
        except Exception as e:
            # The view was checked against this client's own working-out of the game: what
            # fails here is the bot's own doing, not the host's.
            raise LocalFailure from e
        return actions
