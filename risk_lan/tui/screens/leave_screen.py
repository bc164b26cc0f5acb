"""Asking before leaving a game in progress, saying what leaving does to it."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.texts.host_status_texts import shell_path
from risk_lan.tui.widgets.keys_line import KeysLine


def leave_text(
    lang: str, hosted: bool, save: str | None, watching: bool = False, alone: bool = False
) -> str:
    """What leaving does to the game: a joined one goes on without the player, a watched one
    without the spectator; a hosted one stops, kept in ``save`` if it is saved (``alone``:
    no one but bots plays it with the player)."""
    if watching and not hosted:
        return say(lang, "leave_watching")
    if not hosted:
        return say(lang, "leave_joined")
    if save:
        return say(lang, "leave_solo" if alone else "leave_host", path=shell_path(save))
    return say(lang, "leave_solo_unsaved" if alone else "leave_host_unsaved")


class LeaveScreen(ModalScreen[bool]):
    """Asks before leaving a game in progress, saying what leaving does to it; True: leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stay", "Stay", id="leave.stay"),
        # The buttons side by side: the arrows go from one to the other (Tab does too).
        Binding("left", "button(-1)", show=False, id="leave.left"),
        Binding("right", "button(1)", show=False, id="leave.right"),
    ]

    def __init__(self, text: str, lang: str) -> None:
        super().__init__()
        self.text, self.lang = text, lang
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box"):
            yield Static(say(self.lang, "leave_title"), id="leave-title")
            yield Static(Text(self.text), id="leave-text")
            with Horizontal(id="leave-buttons"):
                yield Button(say(self.lang, "leave_button"), variant="error", id="leave")
                yield Button(say(self.lang, "stay_button"), variant="primary", id="stay")
            yield KeysLine(
                self.lang, [("left,right", "key_choose_button"), ("enter", "key_press_button")]
            )

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()  # Enter on a stray key press keeps the game

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_button(self, by: int) -> None:
        buttons = list(self.query(Button))
        focused = self.focused
        at = buttons.index(focused) if isinstance(focused, Button) else 0
        buttons[(at + by) % len(buttons)].focus()  # round: an arrow always moves

    def action_stay(self) -> None:
        self.dismiss(False)
