"""A small choice over the lobby: a list to pick one line from, Esc choosing nothing."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.widgets.keys_line import KeysLine


class ChoiceScreen(ModalScreen[Any]):
    """A title and a list to choose one line from; Escape chooses nothing (None). A subclass
    says which words (``TITLE``), which ids (``BOX``, ``LIST``), its lines, and what choosing
    one returns."""

    TITLE = ""
    BOX = ""
    LIST = ""
    ENTER = "key_do_chosen"  # what Enter on a line does, in the keys' line

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        translate_bindings(self, lang)

    def lines(self) -> list[tuple[Text, str]]:
        raise NotImplementedError

    def chosen(self, option_id: str) -> Any:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id=self.BOX):
            yield Static(say(self.lang, self.TITLE), id=f"{self.BOX.removesuffix('-box')}-title")
            yield OptionList(*(Option(line, id=key) for line, key in self.lines()), id=self.LIST)
            yield KeysLine(self.lang, [("up,down", "key_choose_line"), ("enter", self.ENTER)])

    @on(OptionList.OptionSelected)
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.chosen(event.option.id or ""))
