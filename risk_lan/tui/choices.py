"""Small choices over the lobby: which player's seat to free, which saved game to go on
with; each a list to pick one line from, Esc choosing nothing."""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from risk_lan.net.host.hostsave import SavedGame
from risk_lan.rules import ruleset
from risk_lan.tui.modetexts import MODE_TITLES_FR
from risk_lan.tui.panels import player_mark
from risk_lan.tui.texts import say, shown, translate_bindings


def mode_title(mode: str, lang: str = "en") -> str:
    """The rule set's title in ``lang``; a mode this app does not know (a newer host's) by
    its name, which is all there is."""
    if lang == "fr" and mode in MODE_TITLES_FR:
        return MODE_TITLES_FR[mode]
    try:
        return ruleset(mode).title or mode
    except ValueError:
        return mode


class ChoiceScreen(ModalScreen[Any]):
    """A title and a list to choose one line from; Escape chooses nothing (None). A subclass
    says which words (``TITLE``), which ids (``BOX``, ``LIST``), its lines, and what choosing
    one returns."""

    TITLE = ""
    BOX = ""
    LIST = ""

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

    @on(OptionList.OptionSelected)
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.chosen(event.option.id or ""))


class FreeSeatScreen(ChoiceScreen):
    """Which other player's seat to free; the seat's id, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="free.cancel"),
    ]
    TITLE, BOX, LIST = "free_title", "free-box", "free-seats"

    def __init__(self, seats: list[dict[str, Any]], lang: str) -> None:
        self.seats = seats
        super().__init__(lang)

    def lines(self) -> list[tuple[Text, str]]:
        lines = []
        for s in self.seats:
            letter, ink = player_mark(s["colour"])
            line = Text()
            line.append(f"{letter} ", style=f"bold {ink}")
            line.append(shown(s["name"], 24))
            lines.append((line, s["seat"]))
        return lines

    def chosen(self, option_id: str) -> str:
        return option_id


class SavedGamesScreen(ChoiceScreen):
    """The saved games, the latest first; the one chosen, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="saves.cancel"),
    ]
    TITLE, BOX, LIST = "saves_title", "saves-box", "saves"

    def __init__(self, saves: list[SavedGame], lang: str) -> None:
        self.saves = saves
        super().__init__(lang)

    def lines(self) -> list[tuple[Text, str]]:
        lines = []
        for i, game in enumerate(self.saves):
            line = Text()
            line.append(f"{game.name[:24]:<24}", style="bold")
            line.append(f" {mode_title(game.mode, self.lang)[:28]:<28} ")
            line.append(f"{say(self.lang, 'saves_moves', moves=game.moves):<10}")
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.modified))
            line.append(f" {when}", style="dim")
            lines.append((line, str(i)))
        return lines

    def chosen(self, option_id: str) -> SavedGame:
        return self.saves[int(option_id or 0)]
