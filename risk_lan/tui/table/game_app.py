"""What the game screen and its parts ask of the app: to send moves and chat lines, to take a
seat back, to keep a secret with the seat, the host's player's commands, the transcript's
code, the command that resumes the game, a screen opened over the game with what it returns,
and the pace the player chose."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.screen import Screen

from risk_lan.rules import Action


class GameApp(Protocol):
    """The app as the game screen sees it (``RiskApp``)."""

    pace: int  # the others' moves a second, as the player last set it in this session

    def act(self, *actions: Action) -> None: ...

    def say(self, text: str) -> None: ...

    def reclaim(self) -> None: ...

    def keep_secret(self, name: str, value: Any) -> None: ...

    def table_command(self, kind: str, **fields: Any) -> None: ...

    def transcript_code(self) -> str: ...

    def resume_line(self) -> str:
        """The command that takes the game up again once it stops, in a sentence (or who
        alone can, or that it cannot be)."""

    def action_help(self) -> None:
        """The help, over the game."""

    def push_screen(
        self, screen: Screen[Any], callback: Callable[[Any], None] | None = None
    ) -> Any:
        """A screen over the game; ``callback`` gets what it returns."""
