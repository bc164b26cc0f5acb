"""Coming into a lobby, in the app: when to ask for the game's password
(``screens.password_screen``, again after a wrong one), the line saying the player waits for
the host's player's approval, the host's player's yes/no question for each joiner
(``screens.knock_screen``), and what happened to a player in the lobby. ``EntryDesk`` is
handed the app it works for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.text import Text
from textual.message import Message
from textual.screen import Screen
from textual.widgets import RichLog, Static

from risk_lan.net.client import Client
from risk_lan.net.outcome import Outcome
from risk_lan.tui.screens.knock_screen import KnockScreen
from risk_lan.tui.screens.password_screen import PasswordScreen
from risk_lan.tui.texts.catalogue import say, shown


class EntryNews(Message):
    """What the client heard of coming in: ``awaiting`` (no payload), ``knocks`` (the
    joiners waiting), ``notice`` ((code, name))."""

    def __init__(self, kind: str, payload: Any = None) -> None:
        super().__init__()
        self.kind, self.payload = kind, payload


class EntryApp(Protocol):
    """What coming into a lobby needs of the app (``RiskApp``)."""

    lang: str
    password: str | None
    client: Client | None

    @property
    def local(self) -> object | None:
        """The game this app hosts, if it hosts one."""

    @property
    def game_screen(self) -> object | None:
        """The game's screen, once the game began."""

    @property
    def screen(self) -> Screen[Any]: ...

    def notify(self, message: str, *, markup: bool = ...) -> None: ...

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], None] | None) -> Any: ...

    def table_command(self, kind: str, **fields: Any) -> None: ...

    def run_client(self, host: str, port: int) -> Any: ...

    def back_to_lobby(self, note: str | None = None) -> None: ...

    def exit(self, result: int | None = None) -> None: ...


class EntryDesk:
    """The app's side of coming into a lobby; handed the app it works for."""

    def __init__(self, app: EntryApp) -> None:
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
