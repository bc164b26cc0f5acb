"""Which player's seat to free (the host's player's choice, over the seats)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from risk_lan.tui.screens.choice_screen import ChoiceScreen
from risk_lan.tui.texts.catalogue import shown
from risk_lan.tui.widgets.panels import player_mark


def seat_line(seat: dict[str, Any]) -> Text:
    """A seat as a choice lists it: its colour's letter, in its colour, then its name."""
    letter, ink = player_mark(seat["colour"])
    line = Text()
    line.append(f"{letter} ", style=f"bold {ink}")
    line.append(shown(seat["name"], 24))
    return line


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
        return [(seat_line(s), s["seat"]) for s in self.seats]

    def chosen(self, option_id: str) -> str:
        return option_id
