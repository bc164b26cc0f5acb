"""The whole log of the game so far, over the table, to read back (Ctrl+L)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import RichLog

from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.widgets.keys_line import KeysLine


class LogScreen(ModalScreen[None]):
    """The whole log of the game so far, over the table, to read back (Ctrl+L)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+l,q", "dismiss", "Close", id="log.close"),
    ]

    def __init__(self, lines: list[Strip], lang: str) -> None:
        super().__init__()
        # The game's log as drawn (its lines, each a row of styled segments), written again
        # here at the width of this box.
        self.texts = [
            Text.assemble(*[(seg.text, seg.style or "") for seg in line]) for line in lines
        ]
        self.lang = lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box"):
            log = RichLog(id="full-log", wrap=True)
            log.border_title = say(self.lang, "log_title")
            yield log
            yield KeysLine(self.lang, [("up,down,pageup,pagedown", "key_scroll")])

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for text in self.texts:
            log.write(text)
        log.focus()
