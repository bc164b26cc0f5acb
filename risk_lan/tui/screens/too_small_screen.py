"""The notice over everything while the terminal is too small to play in."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.widgets.keys_line import KeysLine

# The smallest terminal the app is played in: below it, the map's labels and the panels no
# longer fit, and the app says so rather than show a cut-off table.
MIN_WIDTH, MIN_HEIGHT = 100, 30


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """Over everything while the terminal is too small to play in; it goes as soon as the
    terminal is large enough (the app watches its size)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(id="too-small-frame"):
            yield Static(id="too-small")
            yield KeysLine(self.lang)

    def on_mount(self) -> None:
        self.show(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        # Back on top after a screen over it closed: still needed?
        if not too_small(self.app.size.width, self.app.size.height):
            self.dismiss()

    def show(self, width: int, height: int) -> None:
        line = say(self.lang, "too_small", need_width=MIN_WIDTH, need_height=MIN_HEIGHT,
                   width=width, height=height)  # fmt: skip
        self.query_one("#too-small", Static).update(line)
