"""The game's password, asked when the host challenges a player who gave none, and again
after a wrong one."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from risk_lan.tui.texts.catalogue import say, translate_bindings
from risk_lan.tui.widgets.keys_line import KeysLine


class PasswordScreen(ModalScreen[str | None]):
    """The game's password, typed hidden; None: the player gave up."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Back to the games", id="password.cancel"),
    ]

    def __init__(self, lang: str, wrong: bool) -> None:
        super().__init__()
        self.lang, self.wrong = lang, wrong
        translate_bindings(self, lang)

    def compose(self) -> ComposeResult:
        with Vertical(id="password-box"):
            yield Static(say(self.lang, "password_title"), id="password-title")
            if self.wrong:
                yield Static(say(self.lang, "password_wrong"), id="password-wrong")
            yield Input(password=True, placeholder=say(self.lang, "password_hint"), id="password")
            yield KeysLine(self.lang, [("enter", "key_type_password")])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value:
            self.dismiss(event.value)
