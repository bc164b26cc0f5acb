"""The risk-lan app: one player's terminal. It is a protocol client like any other, also for
the player at the host's machine (the host runs in the same process, but the app reaches
it only through its socket)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual import events, on, work
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches

from risk_lan.bots.base import Reason
from risk_lan.net.client import Client, Outcome
from risk_lan.net.client.seatfile import find_seat
from risk_lan.net.discovery import Advertiser, local_addresses
from risk_lan.net.gameaddress import rediscover
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostsave import SavedGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.hoststart import start_host
from risk_lan.paths import logs_dir, seats_dir
from risk_lan.rules import Action, Game, GameState
from risk_lan.rules.seatview import every_card_read
from risk_lan.tui.client_messages import (
    CardsChangedHands,
    CardsLearnt,
    ChatLine,
    ClockChanged,
    ConnectionChanged,
    GameEnded,
    HostUpdate,
    Joined,
    LobbyChanged,
    PostingListener,
    Refused,
    SeatChanged,
    Started,
)
from risk_lan.tui.entry_desk import EntryDesk, EntryNews
from risk_lan.tui.paces import DEFAULT_PACE
from risk_lan.tui.palette import AppInLanguage
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.help_screen import HelpScreen
from risk_lan.tui.screens.leave_screen import LeaveScreen, leave_text
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen
from risk_lan.tui.table.sealed_words import audit_line, seats_line
from risk_lan.tui.terminal_fit import TerminalFit
from risk_lan.tui.texts.catalogue import refusal, say, translate_bindings
from risk_lan.tui.texts.host_status_texts import resume_command
from risk_lan.tui.texts.stop_reasons import stopped, why_left, why_stopped


@dataclass
class LocalHost:
    """A game this app hosts itself (``risk-lan play`` and ``risk-lan host``)."""

    config: HostConfig
    interface: str = "127.0.0.1"
    port: int = 0
    announce: bool = False
    resume: str | None = None  # a saved game to go on with, instead of a new one


class RiskApp(AppInLanguage):
    CSS_PATH = Path(__file__).parent / "risk.tcss"  # absolute: subclasses live elsewhere
    TITLE = "risk-lan"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", show=False, id="app.help_key"),
        # In the help; a priority binding, so that it answers under every pop-up too (a
        # modal screen's keys stop at the modal).
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit"),
        # The command that takes a hosted game up again, over any screen, pop-ups too (the
        # game screen writes it in its log; the lobby's own Ctrl+O lists the saved games).
        Binding(
            "ctrl+o",
            "resume_command",
            "Resume command",
            show=False,
            priority=True,
            id="app.resume",
        ),
        # Textual's own binding, given an id to be named in the app's language.
        Binding(
            "ctrl+p", "command_palette", "palette", show=False, priority=True, id="app.palette"
        ),
    ]

    def __init__(
        self,
        name: str = "player",
        lang: str = "en",
        address: tuple[str, int] | None = None,
        local: LocalHost | None = None,
        auto_ready: bool = False,
        host: Host | None = None,
        record: str | None = None,
        watch: bool = False,
        password: str | None = None,
        pace: int = DEFAULT_PACE,
    ) -> None:
        super().__init__()
        self.pace = pace  # the others' moves a second (Ctrl+T changes it for the session)
        # The game's password (join --password, or as the player typed it when asked).
        self.password = password or (local.config.password if local else None)
        self.spectating = watch  # a spectator's app: no seat, nothing to play, every roll checked
        self.record = record  # where the client writes what it checked (join --record)
        self.player_name = name
        self.lang = lang
        translate_bindings(self, lang)
        self.address = address
        self.local = local
        self.auto_ready = auto_ready
        self.client: Client | None = None
        self.local_host = host  # the host this app runs, if it runs one
        self.terminating = False  # asked to stop (SIGTERM)
        self.advertiser: Advertiser | None = None
        self.seat = ""
        self.game_screen: GameScreen | None = None
        self.last_update: dict[str, Any] | None = None
        self.over = False  # the game ended (won or stopped): leaving asks nothing
        self.join_at: list[str] = []  # the addresses of the game this app hosts on the LAN
        self.watchers: list[str] = []  # the spectators' names, as the host last said
        self.entry = EntryDesk(self)  # the password, approval and lobby notices
        self.terminal_fit = TerminalFit(self)  # the notice while the terminal is too small

    async def on_mount(self) -> None:
        # Asked to stop (kill, a session's end): the app leaves as on Ctrl+Q, the terminal as
        # it found it and the game it hosts saved, and the status says a signal stopped it.
        # (No signals to a loop of another thread, or on another system: nothing to add.)
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._terminated)
        await self.begin()
        self.terminal_fit.refit()

    def _terminated(self) -> None:
        """Asked to stop (SIGTERM): exit with 143, the resume command printed."""
        self.terminating = True
        self.exit(143)

    def _handle_exception(self, error: Exception) -> None:
        # Asked to stop, the app takes its screens down while a host's update or a screen's
        # mounting may still be on its way through them: a widget found gone then is the
        # stop itself, not a fault to print over the resume command.
        if self.terminating and isinstance(error, NoMatches):
            return
        super()._handle_exception(error)

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
        local = self.local
        assert local is not None
        local.config.bot_reason = self._bot_reason
        started = await start_host(
            local.config, local.interface, local.port, resume=local.resume, host=self.local_host
        )
        if isinstance(started, str):
            self.exit(2, 2, f"risk-lan: {started}")
            return
        self.local_host = started.host
        interface, port = started.interface, started.port
        if local.announce:
            await started.announce(self.log)
            self.advertiser = started.advertiser
            # Where the others reach this game, for a network where the LAN's own finding
            # (multicast) does not work: said in the host's lobby.
            shared = local_addresses() if interface in ("0.0.0.0", "") else [interface]
            self.join_at = [f"{address}:{port}" for address in shared]
        # The app reaches its own host like any player, at an address the host listens on.
        self.connect("127.0.0.1" if interface in ("0.0.0.0", "") else interface, port)

    def _bot_reason(self, seat: str, n: int, reason: Reason) -> None:
        """The host run here tells why one of its bots makes its next move: the game screen
        says it with that move. Not in a sealed game: a bot's reasons come from its seat's
        cards and objective, which the player at this screen must not learn."""
        if self.game_screen is not None and not self.sealed():
            self.game_screen.bot_reason(seat, n, reason)

    def resume_game(self, save: SavedGame, name: str) -> None:
        """Host the saved game ``save`` again, announced on the LAN, and take its seat."""
        self.player_name = name
        config = HostConfig(name=save.name, mode=save.mode)
        self.local = LocalHost(config, "0.0.0.0", 0, announce=True, resume=str(save.path))
        self.start_local_host()

    def connect(self, host: str, port: int, name: str | None = None, watch: bool = False) -> None:
        if name:
            self.player_name = name
        self.spectating = watch or self.spectating
        seats = SeatsScreen(self.lang, self.join_at)
        seats.sealed = self.local is not None and self.local.config.sealed
        self.push_screen(seats)
        self.run_client(host, port)

    @work(exclusive=True, group="client")
    async def run_client(self, host: str, port: int) -> None:
        local_host = self.local_host
        if self.spectating:
            kept = None  # a spectator holds no seat to come back to
        elif local_host is not None:
            # Only a resumed game can have a seat kept for it; a seat kept for this address
            # from an earlier game would bring a key that is not the owner's.
            kept = find_seat(seats_dir(), game=local_host.game_id)
        else:
            kept = find_seat(seats_dir(), address=(host, port))
        self.client = Client(
            self.player_name,
            listener=PostingListener(self),
            auto_ready=self.auto_ready,
            retries=None,
            state_path=kept,
            seat_dir=None if self.spectating else seats_dir(),
            find_game=rediscover,
            record=self.record,
            watch=self.spectating,
            password=self.password,
        )
        resumed = self.local is not None and self.local.resume is not None
        if local_host is not None and not resumed:
            # The player at the host's machine is the one who may change the table (a resumed
            # game keeps the owner it was saved with, whose key the kept seat holds).
            local_host.owner_key = self.client.identity.public_key
        try:
            outcome = await self.client.run(host, port)
        except OSError:
            outcome = Outcome(error=f"unreachable: {host}:{port}")
        self.post_message(GameEnded(outcome))

    def on_resize(self, event: events.Resize) -> None:
        self.terminal_fit.fit(event.size.width, event.size.height)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed = super().push_screen(screen, *args, **kwargs)
        self.terminal_fit.opened(screen)
        return pushed

    def switch_screen(self, screen: Any) -> Any:
        switched = super().switch_screen(screen)
        self.terminal_fit.opened(screen)
        return switched

    def back_to_lobby(self, note: str | None = None) -> None:
        """Leave a table whose game has not begun (this app does not host it) for the list of
        games on the LAN."""
        self.workers.cancel_group(self, "client")
        self.client, self.seat, self.spectating = None, "", False
        self.switch_screen(LobbyScreen(self.player_name, self.lang))
        if note:
            self.notify(note, severity="warning")

    def act(self, *actions: Action) -> None:
        if self.client is not None:
            self.client.act(*actions)

    def say(self, text: str) -> None:
        if self.client is not None:
            self.client.say(text)

    def choose_colour(self, colour: str) -> None:
        if self.client is not None:
            self.client.choose_colour(colour)

    def set_table(self, mode: str, seats: int, bots: int, levels: list[str] | None = None) -> None:
        if self.client is not None:
            self.client.set_table(mode, seats, bots, levels)

    def ready(self) -> None:
        if self.client is not None:
            self.client.ready()

    def table_command(self, kind: str, **fields: Any) -> None:
        """One of the host's player's commands (the host refuses anyone else, saying why)."""
        if self.client is not None:
            self.client.command(kind, **fields)

    def reclaim(self) -> None:
        if self.client is not None:
            self.client.reclaim()

    def keep_secret(self, name: str, value: Any) -> None:
        if self.client is not None:
            self.client.keep_secret(name, value)

    def transcript_code(self) -> str:
        witness = self.client.witness if self.client else None
        return witness.code if witness else ""

    # ----- what the host says -------------------------------------------------------------

    @on(Joined)
    def joined(self, message: Joined) -> None:
        self.seat = message.seat

    def _seats_shown(self) -> SeatsScreen | None:
        """The seats screen when it is the one shown; None too once the app has closed its
        screens (a lobby's news may still arrive as it quits)."""
        stack = self.screen_stack
        return stack[-1] if stack and isinstance(stack[-1], SeatsScreen) else None

    @on(LobbyChanged)
    def lobby_changed(self, message: LobbyChanged) -> None:
        seats = self._seats_shown()
        if seats is not None:
            seats.show_lobby(message.lobby, self.seat, self.spectating)
        self.watchers = list(message.lobby.get("watchers") or [])
        if self.game_screen is not None and self.is_running:
            self.game_screen.show_watchers(self.watchers)

    @on(Started)
    def started(self, message: Started) -> None:
        if self.game_screen is None:
            screen = GameScreen(self.seat, message.players, self.lang, self.pace)
            self.game_screen = screen
            screen.news.host_controls = self.local_host is not None
            screen.seat_view = self.seat_view
            if self.sealed():
                screen.start_note = seats_line(
                    self.lang, message.players, self.seat, self.local_host is not None
                )
            screen.watchers = self.watchers
            if self.local_host is not None:
                screen.news.clock_runs = self.local_host.config.absent_after is not None
            if self.client:
                # Kept before this app last stopped (a seal): used when the game asks.
                screen.turn.kept.update(self.client.secrets)
            self.switch_screen(screen)

    @on(CardsLearnt)
    def cards_learnt(self) -> None:
        if self.game_screen is not None and self.is_running:
            self.game_screen.cards_learnt()

    def sealed(self) -> bool:
        """Whether this game's cards are dealt by the sealed deck (its start says so)."""
        witness = self.client.witness if self.client is not None else None
        return witness is not None and witness.start.get("sealed") is True

    def seat_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The host's view of the game as this app's seat knows it: in a sealed game, the
        cards its client has read in their tokens' places (a spectator's, none)."""
        deck = self.client.deck if self.client is not None else None
        return deck.seat_view(view) if deck is not None else view

    @on(HostUpdate)
    def host_update(self, message: HostUpdate) -> None:
        self.last_update = message.update
        if self.game_screen is not None and self.is_running:
            # In order with the seats' news, though the screen may show it later, at a pace.
            self.game_screen.news.heard_update(message.update["n"])
            self.game_screen.pacing.receive_update(message.update, message.checked)

    @on(Refused)
    def refused(self, message: Refused) -> None:
        if not self.is_running:
            return
        # The host's own words are a peer's text: shown as plain text, never as markup.
        sentence = refusal(self.lang, message.code, message.text)
        if self.game_screen is not None:
            self.game_screen.refused(sentence)
        else:
            self.notify(sentence, severity="error", markup=False)

    @on(ChatLine)
    def chat_line(self, message: ChatLine) -> None:
        if not self.is_running:
            return
        if self.game_screen is not None:
            self.game_screen.chat_line(message.seat, message.name, message.text)
        elif (seats := self._seats_shown()) is not None:
            seats.chat_line(message.seat, message.name, message.text)

    @on(ConnectionChanged)
    def connection_changed(self, message: ConnectionChanged) -> None:
        if not self.is_running:
            return
        if self.game_screen is not None:
            self.game_screen.connected = message.up
        elif (seats := self._seats_shown()) is not None:
            seats.host_reached(message.up)

    @on(ClockChanged)
    def clock_changed(self, message: ClockChanged) -> None:
        if self.game_screen is not None and self.is_running:
            self.game_screen.news.take_clock(message.paused, message.waits, message.received)

    @on(SeatChanged)
    def seat_changed(self, message: SeatChanged) -> None:
        if self.game_screen is not None and self.is_running:
            self.game_screen.news.seat_changed(message.seat, message.change)

    @on(CardsChangedHands)
    def cards_changed_hands(self, message: CardsChangedHands) -> None:
        if self.game_screen is not None and self.is_running:
            self.game_screen.news.cards_changed_hands(message.seat, message.taken, message.held)

    @on(EntryNews)
    def entry_news(self, message: EntryNews) -> None:
        if self.is_running:
            self.entry.take(message)

    @on(GameEnded)
    def ended(self, message: GameEnded) -> None:
        if not self.is_running:
            return  # closing: the host's last words have no screen to go to
        outcome = message.outcome
        if self.entry.ended(outcome):
            return
        if self.game_screen is None and self.local is None:
            # Gone before its game began (or never reached): back to the list, saying so.
            self.back_to_lobby(why_left(outcome, self.seat, self.spectating, self.lang))
            return
        self.over = True
        if self.game_screen is not None:
            self.game_screen.pacing.show_held()  # the moves held at a pace, before the end
            self.game_screen.news.over()
        game = None
        if self.last_update is not None:
            game = Game(self._final_state(self.last_update["view"], outcome))
        screen = self.game_screen
        why = None
        if stopped(outcome):
            names = screen.names if screen else {}
            why = why_stopped(outcome, self.seat, names, self.lang, self._host_log())
            if screen is not None:
                screen.news.stop()
        self.push_screen(
            GameOverScreen(
                outcome.winner,
                why,
                game,
                screen.players if screen else [],
                screen.log_lines.battles if screen else 0,
                outcome.transcript or self.transcript_code(),
                self.lang,
                (outcome.error or "").startswith("expelled:"),
                audit_line(self.lang, outcome) if self.sealed() else None,
            )
        )

    def _final_state(self, view: dict[str, Any], outcome: Outcome) -> GameState:
        """The game as it ended: a sealed game won with every card read (each party told its
        secret), else as this seat knew it."""
        if outcome.cards_read:
            return every_card_read(GameState.from_view(view), outcome.cards_read)
        return GameState.from_view(self.seat_view(view))

    def _host_log(self) -> str | None:
        """Where the host running here wrote the details of a fault of its own, if it did."""
        if self.local_host is None:
            return None
        path = logs_dir() / f"host-{self.local_host.game_id}.log"
        return str(path) if path.exists() else None

    async def action_quit(self) -> None:
        """Leaving a game in progress asks first, saying what it does to the game."""
        if self.game_screen is None or self.over or isinstance(self.screen, LeaveScreen):
            self.exit()
            return
        host = self.local_host
        save = host.config.save if host else None
        text = leave_text(self.lang, host is not None, save, self.spectating, self._alone())

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        self.push_screen(LeaveScreen(text, self.lang), answered)

    def _alone(self) -> bool:
        """Whether no one but bots plays this game with the player, and no one watches it."""
        players = self.game_screen.players if self.game_screen else []
        others = [p for p in players if p["seat"] != self.seat and p.get("kind") == "human"]
        return not others and not self.watchers

    def resume_line(self) -> str:
        """The command that takes the game up again once it stops, in a sentence; to a
        joined player or a spectator, that only the host's player can."""
        host = self.local_host
        if host is None:
            joined = self.client is not None
            return say(self.lang, "resume_key_joined" if joined else "resume_key_no_game")
        if host.match is None:
            return say(self.lang, "resume_key_not_begun")
        if host.game_over_seen:
            return say(self.lang, "resume_key_over")
        path = host.save_path
        if path is None or not host.resumable:
            return say(self.lang, "resume_key_unsaved")
        return say(self.lang, "resume_key", command=resume_command(path))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume_command":
            # Over the game, its screen's own (in its log); in the lobby, the lobby's own.
            return not isinstance(self.screen, (GameScreen, LobbyScreen))
        return True

    def action_resume_command(self) -> None:
        self.notify(self.resume_line(), timeout=20, markup=False)

    def resume_note(self) -> str | None:
        """What to print once the app has left the terminal: the command that resumes the
        game this app hosted, if it can be resumed."""
        host = self.local_host
        if host is None or not host.resumable or host.save_path is None:
            return None
        return say(self.lang, "resume_printed", command=resume_command(host.save_path))

    def quit_meaning(self) -> str:
        """What Ctrl+Q does from here, as the pop-ups' keys lines say it (a catalogue key)."""
        if isinstance(self.screen, LeaveScreen):
            return "key_leave_now"
        if self.game_screen is None or self.over:
            return "key_quit"
        return "key_leave"

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            game = self.game_screen.turn.game if self.game_screen else None
            mode = game.rules.name if game else None
            self.push_screen(HelpScreen(self.lang, mode, before_game=self.game_screen is None))

    async def on_unmount(self) -> None:
        if self.advertiser is not None:
            await self.advertiser.stop()
        if self.local_host is not None:
            await self.local_host.close()
