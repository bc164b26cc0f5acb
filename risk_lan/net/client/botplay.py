"""A client's seat played by a bot: it chooses from the client's checked view, one act at a
time, and chooses again when an act it chose is refused."""

from __future__ import annotations

from typing import Any

from risk_lan.net.client.outcome import LocalFailure
from risk_lan.rules import Action, Game, GameState


class BotPlay:
    bot: Any
    view: dict[str, Any] | None
    views: int
    chose_again_at: int
    outstanding: int
    taken_over: bool
    opened: bool
    waiting: str | None
    seat: str

    def _send_act(self, action: Action) -> None: ...

    def _choose_again(self) -> None:
        """A bot's act was refused, most likely chosen from a view the game had moved past
        (after a reconnection, say): the bot chooses again from the latest view, once for
        each view, so that a refusal never leaves its seat silent."""
        if self.bot is None or self.view is None or self.views == self.chose_again_at:
            return
        self.chose_again_at = self.views
        self._play()

    def _play(self) -> None:
        assert self.view is not None
        if self.view["phase"] == "over" or self.outstanding or self.taken_over:
            return
        if self.opened and self.waiting != self.seat:
            return
        try:
            game = Game(GameState.from_view(self.view))
            actions = []
            if not self.opened:
                self.opened = True
                actions = list(self.bot.opening(game, self.seat))
            if self.waiting == self.seat:
                actions.append(self.bot.choose(game, self.seat))
        except Exception as e:
            # The view was checked against this client's own working-out of the game: what
            # fails here is the bot's own doing, not the host's.
            raise LocalFailure from e
        for action in actions:
            self._send_act(action)
