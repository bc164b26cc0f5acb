"""The game screen's keys that open a mode's own screen: Risk Mission's missions (Ctrl+K)
and the active independents (Ctrl+G). The move chosen there is sent like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from risk_lan.rules import Action, ClaimMission
from risk_lan.tui.screens.independents_screen import IndependentsScreen
from risk_lan.tui.screens.missions_screen import MissionsScreen

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn


class ModeKeys:
    """Mixed into the game screen, which gives ``turn``, ``seat``, ``names``, ``lang``,
    ``app`` and ``send``."""

    turn: Turn
    seat: str
    names: dict[str, str]
    lang: str
    app: Any

    def send(self, actions: list[Action]) -> None:  # the game screen's own
        raise NotImplementedError

    def mode_key_open(self, action: str) -> bool:
        """Whether the mode has the screen ``action`` opens."""
        game = self.turn.game
        if game is None:
            return False
        if action == "missions":
            return self.seat in game.state.missions
        return game.rules.neutral_play == "active"

    def action_missions(self) -> None:
        """Risk Mission: the player's missions; the one chosen is claimed."""
        game = self.turn.game
        if game is None or not self.mode_key_open("missions"):
            return

        def chosen(mission: str | None) -> None:
            if mission:
                self.send([ClaimMission(mission)])

        self.app.push_screen(MissionsScreen(game, self.seat, self.names, self.lang), chosen)

    def action_independents(self) -> None:
        """Active independents: where each stands; the gift or ally's die chosen is made."""
        game = self.turn.game
        if game is None or not self.mode_key_open("independents"):
            return

        def chosen(move: Action | None) -> None:
            if move is not None:
                self.send([move])

        self.app.push_screen(IndependentsScreen(game, self.seat, self.names, self.lang), chosen)
