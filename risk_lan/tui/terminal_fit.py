"""The notice that the terminal is too small, kept over every screen while it is: the app
holds a ``TerminalFit`` and tells it of each resize and each screen it opens."""

from __future__ import annotations

from typing import Any, Protocol

from textual.geometry import Size
from textual.screen import Screen

from risk_lan.tui.screens.leave_screen import LeaveScreen
from risk_lan.tui.screens.too_small_screen import TooSmallScreen, too_small


class FittedApp(Protocol):
    """What the fit needs of the app."""

    lang: str

    @property
    def size(self) -> Size: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    def push_screen(self, screen: TooSmallScreen) -> Any: ...

    def call_after_refresh(self, callback: Any) -> bool: ...


class TerminalFit:
    """``TooSmallScreen`` over everything while the terminal is too small to play in,
    whatever screen opens meanwhile."""

    def __init__(self, app: FittedApp) -> None:
        self.app = app

    def opened(self, screen: object) -> None:
        """A screen was opened or switched to: under the notice if the terminal is too small
        (once it is up)."""
        if not isinstance(screen, TooSmallScreen):
            self.app.call_after_refresh(self.refit)

    def refit(self) -> None:
        """A screen opened while the terminal is too small goes under the notice."""
        self.fit(self.app.size.width, self.app.size.height)

    def fit(self, width: int, height: int) -> None:
        """Say so over everything while the terminal is too small to play in."""
        stack = self.app.screen_stack
        top = stack[-1] if stack else None
        if too_small(width, height):
            if isinstance(top, TooSmallScreen):
                top.show(width, height)
            elif not isinstance(top, LeaveScreen):
                # The leave question stays in sight (it fits where the table does not): under
                # the notice, each Ctrl+Q would ask again, unseen, and never leave.
                self.app.push_screen(TooSmallScreen(self.app.lang))
        elif isinstance(top, TooSmallScreen):
            top.dismiss()
