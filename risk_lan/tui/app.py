"""The risk-lan app: one player's terminal. It is a protocol client like any other, also for
the player at the host's machine (the host runs in the same process, but the app reaches
it only through its socket)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import App
from textual.binding import Binding, BindingType

from risk_lan.net.client import Client, Outcome
from risk_lan.net.commands import announce
from risk_lan.net.discovery import Advertiser
from risk_lan.net.host import Host, HostConfig
from risk_lan.rules import Action, Game, GameState
from risk_lan.tui.dialogs import GameOverScreen, HelpScreen
from risk_lan.tui.game_screen import GameScreen
from risk_lan.tui.lobby import LobbyScreen, SeatsScreen
from risk_lan.tui.messages import (
    ChatLine,
    ConnectionChanged,
    GameEnded,
    HostUpdate,
    Joined,
    LobbyChanged,
    PostingListener,
    Refused,
    Started,
)
from risk_lan.tui.texts import translate_bindings


@dataclass
class LocalHost:
    """A game this app hosts itself (``risk-lan play`` and ``risk-lan host``)."""

    config: HostConfig
    interface: str = "127.0.0.1"
    port: int = 0
    announce: bool = False


class RiskApp(App[int]):
    CSS_PATH = Path(__file__).parent / "risk.tcss"  # absolute: subclasses live elsewhere
    TITLE = "risk-lan"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", show=False, id="app.help_key"),
        Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit"),  # in the help
    ]

    def __init__(
        self,
        name: str = "player",
        lang: str = "en",
        address: tuple[str, int] | None = None,
        local: LocalHost | None = None,
        auto_ready: bool = False,
        host: Host | None = None,
    ) -> None:
        super().__init__()
        self.player_name = name
        self.lang = lang
        translate_bindings(self, lang)
        self.address = address
        self.local = local
        self.auto_ready = auto_ready
        self.client: Client | None = None
        self.local_host = host  # the host this app runs, if it runs one
        self.advertiser: Advertiser | None = None
        self.seat = ""
        self.game_screen: GameScreen | None = None
        self.last_update: dict[str, Any] | None = None

    async def on_mount(self) -> None:
        await self.begin()

    async def begin(self) -> None:
        """Open the first screen: a game hosted here, a game at an address, or the lobby."""
        if self.local is not None:
            self.start_local_host()
        elif self.address is not None:
            self.connect(*self.address)
        else:
            self.push_screen(LobbyScreen(self.player_name, self.lang))

    # ----- the session --------------------------------------------------------------------

    @work(exclusive=True, group="host")
    async def start_local_host(self) -> None:
        assert self.local is not None
        if self.local_host is None:
            self.local_host = Host(self.local.config)
        host = self.local_host
        interface = self.local.interface
        try:
            port = await host.serve(interface, self.local.port)
        except OSError as e:
            self.exit(2, 2, f"risk-lan: cannot listen on {interface}:{self.local.port}: {e}")
            return
        if self.local.announce:
            self.advertiser = await announce(host, interface, port, self.log)
        # The app reaches its own host like any player, at an address the host listens on.
        self.connect("127.0.0.1" if interface in ("0.0.0.0", "") else interface, port)

    def connect(self, host: str, port: int, name: str | None = None) -> None:
        if name:
            self.player_name = name
        self.push_screen(SeatsScreen(self.lang))
        self.run_client(host, port)

    @work(exclusive=True, group="client")
    async def run_client(self, host: str, port: int) -> None:
        self.client = Client(
            self.player_name,
            listener=PostingListener(self),
            auto_ready=self.auto_ready,
            retries=60,
        )
        if self.local_host is not None:
            # The player at the host's machine is the one who may change the table.
            self.local_host.owner_key = self.client.identity.public_key
        try:
            outcome = await self.client.run(host, port)
        except OSError as e:
            outcome = Outcome(error=f"cannot reach {host}:{port}: {e.strerror or e}")
        self.post_message(GameEnded(outcome))

    def act(self, *actions: Action) -> None:
        if self.client is not None:
            self.client.act(*actions)

    def say(self, text: str) -> None:
        if self.client is not None:
            self.client.say(text)

    def choose_colour(self, colour: str) -> None:
        if self.client is not None:
            self.client.choose_colour(colour)

    def set_table(self, mode: str, seats: int, bots: int) -> None:
        if self.client is not None:
            self.client.set_table(mode, seats, bots)

    def ready(self) -> None:
        if self.client is not None:
            self.client.ready()

    def transcript_code(self) -> str:
        witness = self.client.witness if self.client else None
        return witness.code if witness else ""

    # ----- what the host says -------------------------------------------------------------

    @on(Joined)
    def joined(self, message: Joined) -> None:
        self.seat = message.seat

    @on(LobbyChanged)
    def lobby_changed(self, message: LobbyChanged) -> None:
        if isinstance(self.screen, SeatsScreen):
            self.screen.show_lobby(message.lobby, self.seat)

    @on(Started)
    def started(self, message: Started) -> None:
        if self.game_screen is None:
            self.game_screen = GameScreen(self.seat, message.players, self.lang)
            self.switch_screen(self.game_screen)

    @on(HostUpdate)
    def host_update(self, message: HostUpdate) -> None:
        self.last_update = message.update
        if self.game_screen is not None:
            self.game_screen.take_update(message.update)

    @on(Refused)
    def refused(self, message: Refused) -> None:
        if self.game_screen is not None:
            self.game_screen.refused(message.text)
        else:
            self.notify(message.text, severity="error")

    @on(ChatLine)
    def chat_line(self, message: ChatLine) -> None:
        if self.game_screen is not None:
            self.game_screen.chat_line(message.seat, message.name, message.text)
        elif isinstance(self.screen, SeatsScreen):
            self.screen.chat_line(message.seat, message.name, message.text)

    @on(ConnectionChanged)
    def connection_changed(self, message: ConnectionChanged) -> None:
        if self.game_screen is not None:
            self.game_screen.connected = message.up

    @on(GameEnded)
    def ended(self, message: GameEnded) -> None:
        outcome = message.outcome
        game = None
        if self.last_update is not None:
            game = Game(GameState.from_view(self.last_update["view"]))
        screen = self.game_screen
        self.push_screen(
            GameOverScreen(
                outcome.winner,
                outcome.error or (None if outcome.winner else outcome.reason or "?"),
                game,
                screen.players if screen else [],
                screen.battles if screen else 0,
                outcome.transcript or self.transcript_code(),
                self.lang,
            )
        )

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            game = self.game_screen.turn.game if self.game_screen else None
            self.push_screen(HelpScreen(self.lang, game.rules.name if game else None))

    async def on_unmount(self) -> None:
        if self.advertiser is not None:
            await self.advertiser.stop()
        if self.local_host is not None:
            await self.local_host.close()
