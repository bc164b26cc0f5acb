"""Coming into a lobby, in the app: the password dialog (asked when the host challenges a
player who gave none, and again after a wrong one), the line saying the player waits for the
host's player's approval, the host's player's yes/no question for each joiner, and what
happened to a player in the lobby. ``EntryDesk`` is handed the app it works for."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from risk_lan.net.client.outcome import Outcome
from risk_lan.tui.texts import say, shown, translate_bindings


class EntryNews(Message):
    """What the client heard of coming in: ``awaiting`` (no payload), ``knocks`` (the
    joiners waiting), ``notice`` ((code, name))."""

    def __init__(self, kind: str, payload: Any = None) -> None:
        super().__init__()
        self.kind, self.payload = kind, payload


class PasswordScreen(ModalScreen[str | None]):
    """The game's password, typed hidden; None: the player gave up."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel", id="password.cancel"),
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
            yield Static(say(self.lang, "password_keys"), id="password-keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value:
            self.dismiss(event.value)


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
            yield Static(say(self.lang, "knock_keys"), id="knock-keys")


class EntryDesk:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.asking: KnockScreen | None = None

    def take(self, news: EntryNews) -> None:
        if news.kind == "awaiting":
            self._hint(say(self.app.lang, "awaiting"))
        elif news.kind == "knocks":
            self._knocks(news.payload)
        else:
            code, name = news.payload
            line = say(self.app.lang, f"notice_{code}", name=shown(name, 24))
            lobby_chat = self.app.screen.query("#lobby-chat")
            if lobby_chat:
                lobby_chat.first(RichLog).write(Text(f"— {line}", style="italic"))
            else:
                self.app.notify(line, markup=False)

    def _hint(self, text: str) -> None:
        hint = self.app.screen.query("#seats-hint")
        if hint:
            hint.first(Static).update(text)

    def _knocks(self, joiners: list[dict[str, Any]]) -> None:
        """Ask about the first joiner waiting, unless already asking about it; a question
        about one who has gone is taken down."""
        ids = [j["id"] for j in joiners]
        if self.asking is not None:
            if self.asking.joiner["id"] in ids:
                return
            asked, self.asking = self.asking, None
            asked.dismiss(None)
        if not joiners:
            return
        joiner = joiners[0]
        self.asking = KnockScreen(joiner, self.app.lang)

        def answered(yes: bool | None) -> None:
            if yes is not None:
                self.asking = None
                self.app.table_command("admit", id=joiner["id"], yes=yes)

        self.app.push_screen(self.asking, answered)

    def ended(self, outcome: Outcome) -> bool:
        """Whether this ending of a session is coming in's to deal with: a password asked
        for or refused (asked again), or a joiner turned away or its seat freed."""
        code = (outcome.error or "").partition(":")[0]
        client = self.app.client
        if code in ("needs_password", "bad_password") and client and client.address:
            host, port = client.address

            def typed(password: str | None) -> None:
                if password:
                    self.app.password = password
                    self.app.run_client(host, port)
                elif self.app.local is None:
                    self.app.back_to_lobby(say(self.app.lang, "password_dropped"))
                else:
                    self.app.exit(2)

            self.app.push_screen(PasswordScreen(self.app.lang, code == "bad_password"), typed)
            return True
        gone = code in ("turned_away", "silent", "removed")
        if gone and self.app.game_screen is None and self.app.local is None:
            self.app.back_to_lobby(say(self.app.lang, f"entry_{code}"))
            return True
        return False
