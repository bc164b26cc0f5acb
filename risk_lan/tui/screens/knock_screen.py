"""The host's player's yes or no to a player who asks to come into the lobby."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from risk_lan.tui.texts.catalogue import say, shown, translate_bindings
from risk_lan.tui.widgets.keys_line import KeysLine


class KnockScreen(ModalScreen[bool]):
    """The host's player's question: let ``name`` in (True) or not."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,o", "dismiss(True)", "Yes", id="knock.yes"),
        Binding("n", "dismiss(False)", "No", id="knock.no"),
    ]

    def __init__(self, joiner: dict[str, Any], lang: str) -> None:
        super().__init__()
        self.joiner, self.lang = joiner, lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        name = shown(self.joiner["name"], 24)
        with Vertical(id="knock-box"):
            yield Static(Text(say(self.lang, "knock_question", name=name)), id="knock-question")
            yield KeysLine(self.lang)
