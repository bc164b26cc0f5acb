"""The app of ``risk-lan replay``: a verified record played back on the game screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from risk_lan.net.record.playback import Playback
from risk_lan.tui.palette import AppInLanguage
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.help_screen import HelpScreen
from risk_lan.tui.screens.replay_screen import ReplayScreen
from risk_lan.tui.texts.catalogue import translate_bindings


class ReplayApp(AppInLanguage):
    """The app on a recorded game, verified before it is shown."""

    CSS_PATH = Path(__file__).parent / "risk.tcss"
    TITLE = "risk-lan"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", priority=True, id="app.quit"),  # under the help too
        Binding(
            "ctrl+p", "command_palette", "palette", show=False, priority=True, id="app.palette"
        ),
    ]

    def __init__(self, playback: Playback, lang: str = "en", turn: int | None = None) -> None:
        super().__init__()
        self.playback = playback
        self.turn = turn  # the turn to open at, if not the start
        self.lang = lang
        translate_bindings(self, lang)
        self.game_screen: GameScreen | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.playback.verdict.message)

    def on_mount(self) -> None:
        screen = ReplayScreen(self.playback, self.lang)
        self.game_screen = screen
        self.push_screen(screen)
        if self.turn is not None:
            self.call_after_refresh(lambda: self.call_after_refresh(screen.seek_turn, self.turn))

    def transcript_code(self) -> str:
        return self.playback.verdict.transcript

    def act(self, *actions: Any) -> None:  # a replay plays no move
        pass

    def say(self, line: str) -> None:  # nor chats
        pass

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.lang))
