"""The notice that the terminal is too small, kept over every screen while it is."""

from __future__ import annotations

from typing import Any

from textual import events

from risk_lan.tui.screens.too_small_screen import TooSmallScreen, too_small


class FitsTerminal:
    """The app's side of ``TooSmallScreen``: shown over everything while the terminal is too
    small to play in, whatever screen opens meanwhile. Part of the app."""

    size: Any
    screen_stack: Any
    lang: str
    call_after_refresh: Any

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed = super().push_screen(screen, *args, **kwargs)
        if not isinstance(screen, TooSmallScreen):
            self.call_after_refresh(self.refit)
        return pushed

    def switch_screen(self, screen: Any) -> Any:
        switched = super().switch_screen(screen)
        self.call_after_refresh(self.refit)
        return switched

    def refit(self) -> None:
        """A screen opened while the terminal is too small goes under the notice."""
        self.fit(self.size.width, self.size.height)

    def fit(self, width: int, height: int) -> None:
        """Say so over everything while the terminal is too small to play in."""
        top = self.screen_stack[-1] if self.screen_stack else None
        if too_small(width, height):
            if isinstance(top, TooSmallScreen):
                top.show(width, height)
            else:
                self.push_screen(TooSmallScreen(self.lang))
        elif isinstance(top, TooSmallScreen):
            top.dismiss()
