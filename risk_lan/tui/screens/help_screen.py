"""The help over any screen: what the mode being played changes, the game and the keys."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from risk_lan.tui.texts.catalogue import translate_bindings
from risk_lan.tui.widgets.keys_line import KeysLine


def lobby_help(lang: str) -> str:
    """The help before a game: how to join one, or host one, and the table before it starts."""
    data = resources.files("risk_lan.tui").joinpath("data")
    return data.joinpath(f"lobby_help_{'fr' if lang == 'fr' else 'en'}.md").read_text(
        encoding="utf-8"
    )


def help_text(lang: str, mode: str | None = None) -> str:
    """The help: what the mode being played changes first (when it has its own page), then
    the game and the keys."""
    data = resources.files("risk_lan.tui").joinpath("data")
    name = "help_fr.md" if lang == "fr" else "help_en.md"
    text = data.joinpath(name).read_text(encoding="utf-8")
    page = data.joinpath("modes", f"{mode}.{'fr' if lang == 'fr' else 'en'}.md")
    if mode and page.is_file():
        text = page.read_text(encoding="utf-8") + "\n" + text
    return text


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark,q", "dismiss", "Close", id="help.close"),
    ]

    def __init__(self, lang: str, mode: str | None = None, before_game: bool = False) -> None:
        super().__init__()
        self.lang = lang
        self.mode = mode
        # Before a game (the lobby, the seats): how to join one, not the game's rules.
        self.text = lobby_help(lang) if before_game else help_text(lang, mode)
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Markdown(self.text)
            yield KeysLine(self.lang, [("up,down,pageup,pagedown", "key_scroll")])
