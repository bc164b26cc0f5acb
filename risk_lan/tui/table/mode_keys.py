"""The game screen's keys that open a mode's own screen (Risk Mission's missions on Ctrl+K,
the active independents on Ctrl+G): which key opens what, its label and its binding id are
the mode's unit's to say (``turnlogic/modeapps.py``; ``game_bindings.py`` binds them to the
screen's one ``mode_key`` action); the screens are registered here by the name the unit
gives them. The move chosen there is sent like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from risk_lan.rules import Action, ClaimMission, Game
from risk_lan.tui.screens.independents_screen import IndependentsScreen
from risk_lan.tui.screens.missions_screen import MissionsScreen
from risk_lan.tui.table.game_app import GameApp
from risk_lan.tui.turnlogic import modeapps
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


def _missions(screen: ModeScreen, game: Game) -> None:
    """Risk Mission: the player's missions; the one chosen is claimed."""

    def chosen(mission: str | None) -> None:
        if mission:
            screen.send([ClaimMission(mission)])

    missions = MissionsScreen(game, screen.seat, screen.names, screen.lang)
    screen.game_app.push_screen(missions, chosen)


def _independents(screen: ModeScreen, game: Game) -> None:
    """Active independents: where each stands; the gift or ally's die chosen is made."""

    def chosen(move: Action | None) -> None:
        if move is not None:
            screen.send([move])

    independents = IndependentsScreen(game, screen.seat, screen.names, screen.lang)
    screen.game_app.push_screen(independents, chosen)


# The screens a mode's key opens, by the name its unit gives them.
MODE_SCREENS: dict[str, Callable[[ModeScreen, Game], None]] = {
    "missions": _missions,
    "independents": _independents,
}


class ModeKeys:
    """The mode's keys of one game screen."""

    def __init__(self, screen: ModeScreen) -> None:
        self.screen = screen

    def open(self, key: str) -> bool:
        """Whether a mode in play has the screen its ``key`` (a binding id) opens, for this
        seat, now (else the key is hidden)."""
        return modeapps.key_opens(key, self.screen.turn.game, self.screen.seat) is not None

    def press(self, key: str) -> None:
        """Open the screen of the mode's ``key`` (nothing when it opens none now)."""
        game = self.screen.turn.game
        opened = modeapps.key_opens(key, game, self.screen.seat)
        if game is not None and opened is not None:
            MODE_SCREENS[opened](self.screen, game)
