"""Which saved game to go on with, from the lobby."""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from risk_lan.net.host.hostsave import SavedGame
from risk_lan.tui.screens.choice_screen import ChoiceScreen
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.modeapps import mode_title


class SavedGamesScreen(ChoiceScreen):
    """The saved games, the latest first; the one chosen, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="saves.cancel"),
    ]
    TITLE, BOX, LIST = "saves_title", "saves-box", "saves"
    ENTER = "key_resume_chosen"

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
