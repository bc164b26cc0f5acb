"""Which player's seat to free (the host's player's choice, over the seats)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from risk_lan.tui.screens.choice_screen import ChoiceScreen
from risk_lan.tui.texts.catalogue import shown
from risk_lan.tui.widgets.panels import player_mark


class FreeSeatScreen(ChoiceScreen):
    """Which other player's seat to free; the seat's id, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="free.cancel"),
    ]
    TITLE, BOX, LIST = "free_title", "free-box", "free-seats"
    ENTER = "key_free_chosen"

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
