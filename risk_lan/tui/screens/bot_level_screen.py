"""Which bot's level to change in the lobby (the host's player's choice, over the bot seats)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from risk_lan.bots import levels
from risk_lan.tui.screens.choice_screen import ChoiceScreen
from risk_lan.tui.screens.free_seat_screen import seat_line
from risk_lan.tui.widgets.panels import level_word


def next_level(level: str) -> str:
    """The level after ``level``, round and round (easy → normal → hard → easy)."""
    offered = levels()
    return offered[(offered.index(level) + 1) % len(offered)] if level in offered else offered[0]


class BotLevelScreen(ChoiceScreen):
    """Which bot seat's level to step; the seat's id, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="free.cancel"),
    ]
    # The same box as the choice of a seat to free: the same look.
    TITLE, BOX, LIST = "level_title", "free-box", "free-seats"
    ENTER = "key_level_chosen"

    def __init__(self, seats: list[dict[str, Any]], lang: str) -> None:
        self.seats = seats
        super().__init__(lang)

    def lines(self) -> list[tuple[Text, str]]:
        lines = []
        for s in self.seats:
            line = seat_line(s)
            line.append(" · ")
            line.append(level_word(self.lang, s.get("level") or "normal"), style="bold")
            lines.append((line, s["seat"]))
        return lines

    def chosen(self, option_id: str) -> str:
        return option_id
