"""The game screen's keys that open a mode's own screen: Risk Mission's missions (Ctrl+K)
and the active independents (Ctrl+G). The move chosen there is sent like any other."""

from __future__ import annotations

from typing import Protocol

from risk_lan.rules import Action, ClaimMission
from risk_lan.tui.screens.independents_screen import IndependentsScreen
from risk_lan.tui.screens.missions_screen import MissionsScreen
from risk_lan.tui.table.game_app import GameApp
from risk_lan.tui.turnlogic.player_turn import Turn


class ModeScreen(Protocol):
    """What the mode's keys need of the game screen."""

    seat: str
    names: dict[str, str]
    lang: str
    turn: Turn

    @property
    def game_app(self) -> GameApp: ...

    def send(self, actions: list[Action]) -> None: ...


class ModeKeys:
    """The mode's keys of one game screen."""

    def __init__(self, screen: ModeScreen) -> None:
        self.screen = screen

    def open(self, action: str) -> bool:
        """Whether the mode has the screen ``action`` opens."""
        game = self.screen.turn.game
        if game is None:
            return False
        if action == "missions":
            return self.screen.seat in game.state.missions
        return game.rules.neutral_play == "active"

    def missions(self) -> None:
        """Risk Mission: the player's missions; the one chosen is claimed."""
        screen = self.screen
        game = screen.turn.game
        if game is None or not self.open("missions"):
            return

        def chosen(mission: str | None) -> None:
            if mission:
                screen.send([ClaimMission(mission)])

        missions = MissionsScreen(game, screen.seat, screen.names, screen.lang)
        screen.game_app.push_screen(missions, chosen)

    def independents(self) -> None:
        """Active independents: where each stands; the gift or ally's die chosen is made."""
        screen = self.screen
        game = screen.turn.game
        if game is None or not self.open("independents"):
            return

        def chosen(move: Action | None) -> None:
            if move is not None:
                screen.send([move])

        independents = IndependentsScreen(game, screen.seat, screen.names, screen.lang)
        screen.game_app.push_screen(independents, chosen)
