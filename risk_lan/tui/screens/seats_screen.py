"""Once seated, before the game: the seats with who is ready, the table's settings (the
host's player's), and the chat."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, RichLog, Static

from risk_lan.net.host.seating import COLOURS
from risk_lan.rules import RULESETS, ruleset
from risk_lan.tui.screens.bot_level_screen import BotLevelScreen, next_level
from risk_lan.tui.screens.free_seat_screen import FreeSeatScreen
from risk_lan.tui.table.sealed_words import lobby_line
from risk_lan.tui.texts.catalogue import say, shown, translate_bindings
from risk_lan.tui.turnlogic.modeapps import mode_title
from risk_lan.tui.widgets.panels import level_word, player_mark


class SeatsApp(Protocol):
    """What the seats screen asks of the app: the player's choices at the table, the host's
    player's, the chat, and leaving for the lobby."""

    @property
    def local_host(self) -> object | None:
        """The host this app runs, if it runs one."""

    def table_command(self, kind: str, **fields: Any) -> None: ...

    def set_table(
        self, mode: str, seats: int, bots: int, levels: list[str] | None = None
    ) -> None: ...

    def choose_colour(self, colour: str) -> None: ...

    def ready(self) -> None: ...

    def back_to_lobby(self, note: str | None = None) -> None: ...

    def say(self, text: str) -> None: ...


def next_table(mode: str, seats: int, bots: int, humans: int, option: str) -> tuple[str, int, int]:
    """The table after stepping ``option`` (mode, seats or bots) to its next allowed value,
    round and round; the other two are kept, or brought within what the new one allows."""
    # Only the modes that can seat the players already seated.
    names = [n for n, r in RULESETS.items() if r.max_players >= humans or n == mode]
    if option == "mode":
        start = names.index(mode) if mode in names else -1
        for step in range(1, len(names) + 1):
            candidate = names[(start + step) % len(names)]
            if RULESETS[candidate].max_players >= humans:
                mode = candidate
                break
    rules = ruleset(mode) if mode in RULESETS else ruleset(names[0])
    low, high = max(rules.min_players, humans), rules.max_players
    if option == "seats":
        seats = seats + 1 if seats < high else low
    seats = min(max(seats, low), high)
    if option == "bots":
        bots = bots + 1 if humans + bots < seats else 0
    bots = max(0, min(bots, seats - humans))
    return rules.name, seats, bots


class SeatsScreen(Screen[None]):
    """Seated at a table that has not started: who sits where, who is ready, and the chat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "ready", "Ready", id="seats.ready"),
        Binding("c", "colour", "Colour", id="seats.colour"),
        # The table's options, for the host's own player only.
        Binding("m", "table('mode')", "Mode", id="seats.mode"),
        Binding("s", "table('seats')", "Seats", id="seats.seats"),
        Binding("b", "table('bots')", "Bots", id="seats.bots"),
        Binding("l", "levels", "Levels", id="seats.levels"),
        Binding("x", "free_seat", "Free a seat", id="seats.remove"),
        Binding("escape", "leave", "Leave", id="seats.leave"),
    ]

    @property
    def seats_app(self) -> SeatsApp:
        return cast(SeatsApp, self.app)

    def __init__(self, lang: str, join_at: list[str] | None = None) -> None:
        super().__init__()
        self.lang = lang
        translate_bindings(self, lang)
        self.lobby: dict[str, Any] | None = None
        self.seat = ""
        self.watching = False  # a spectator's: no seat here
        self.join_at = join_at or []  # the host's addresses, when this app hosts the game
        # The game this app hosts deals sealed cards: the seats' list says whose the host's
        # computer reads (a joined app learns it from the lobby's ``sealed``).
        self.sealed = False

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Static(say(self.lang, "seats"), id="seats-title")
            yield Static("…", id="seats")
            yield Static(say(self.lang, "ready_hint"), id="seats-hint")
            yield Static("", id="table-hint")
            yield RichLog(id="lobby-chat", wrap=True, markup=False)
            yield Input(placeholder=say(self.lang, "chat_hint"), id="lobby-say")
        yield Footer()

    def on_mount(self) -> None:
        if self.lobby is not None:  # news that came before the screen had its widgets
            self.show_lobby(self.lobby, self.seat, self.watching)

    def show_lobby(self, lobby: dict[str, Any], seat: str, watching: bool = False) -> None:
        owner_before = self.owns_table()
        self.lobby, self.seat, self.watching = lobby, seat, watching
        if not self.query("#seats"):
            return  # not composed yet (shown once mounted), or already taken down as it quits
        text = Text()
        bots = sum(1 for s in lobby["seats"] if s["kind"] == "bot")
        title = mode_title(lobby["mode"], self.lang)
        table = say(self.lang, "table", mode=title, seats=lobby["total"], bots=bots)
        text.append(table + "\n\n", style="bold")
        for s in lobby["seats"]:
            letter, ink = player_mark(s["colour"])
            text.append(f"{letter} ", style=f"bold {ink}")
            who = shown(s["name"], 24) if s["kind"] != "open" else "—"
            mine = f" ({say(self.lang, 'you')})" if s["seat"] == seat else ""
            text.append(f"{who}{mine:<8} ")
            if s["kind"] == "bot":
                level = level_word(self.lang, s.get("level") or "normal")
                text.append(f"{say(self.lang, 'bot_seat')} · {level}", style="dim")
            elif s["kind"] == "human":
                text.append("✓ ready" if s["ready"] else "…", style="green" if s["ready"] else "")
                if s.get("level"):  # a bot the player runs at its own machine (join --bot)
                    level = level_word(self.lang, s["level"])
                    text.append(f"  {say(self.lang, 'bot_seat')} · {level}", style="dim")
            text.append("\n")
        if self.sealed or lobby.get("sealed") is True:
            line = lobby_line(self.lang, lobby, seat, hosting=self.sealed)
            text.append("\n" + line + "\n", style="dim")
        watchers = [shown(name, 24) for name in lobby.get("watchers") or []]
        if watchers:
            text.append("\n" + say(self.lang, "watchers_line", names=", ".join(watchers)), "dim")
        self.query_one("#seats", Static).update(text)
        # Seated now: no longer waiting for the host's player's approval (EntryDesk).
        hint = "watching_table" if watching else "ready_hint"
        self.query_one("#seats-hint", Static).update(say(self.lang, hint))
        hint = say(self.lang, "table_hint") if self.owns_table() else ""
        if hint and self.join_at:
            hint += "\n" + say(self.lang, "join_at", addresses=", ".join(self.join_at))
        self.query_one("#table-hint", Static).update(hint)
        if self.owns_table() != owner_before:
            self.refresh_bindings()

    def owns_table(self) -> bool:
        return self.lobby is not None and self.lobby.get("owner") == self.seat != ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("table", "free_seat", "levels"):
            return self.owns_table()
        return True

    def on_key(self, event: events.Key) -> None:
        """The table's keys (M, S, B, L, X) are the host's player's: anyone else is told so."""
        table_keys = ("m", "s", "b", "l", "x")
        typing = isinstance(self.focused, Input)  # the chat line takes the letters
        if event.key in table_keys and not self.owns_table() and not typing:
            event.stop()
            self.notify(say(self.lang, "table_not_yours"))

    def action_free_seat(self) -> None:
        """The host's player frees another player's seat (one who has gone, say)."""
        if self.lobby is None or not self.owns_table():
            return
        others = [s for s in self.lobby["seats"] if s["kind"] == "human" and s["seat"] != self.seat]
        if not others:
            self.notify(say(self.lang, "free_none"))
            return

        def chosen(seat: str | None) -> None:
            if seat:
                self.seats_app.table_command("remove", seat=seat)

        self.app.push_screen(FreeSeatScreen(others, self.lang), chosen)

    def action_levels(self) -> None:
        """The host's player steps one bot's level (easy → normal → hard → easy)."""
        if self.lobby is None or not self.owns_table():
            return
        lobby = self.lobby
        bots = [s for s in lobby["seats"] if s["kind"] == "bot"]
        if not bots:
            self.notify(say(self.lang, "level_none"))
            return

        def chosen(seat: str | None) -> None:
            if not seat:
                return
            levels = [
                next_level(s.get("level") or "normal") if s["seat"] == seat else s.get("level")
                for s in bots
            ]
            self.seats_app.set_table(
                lobby["mode"], lobby["total"], len(bots), [lv or "normal" for lv in levels]
            )

        self.app.push_screen(BotLevelScreen(bots, self.lang), chosen)

    def action_table(self, option: str) -> None:
        """Step one of the table's options to its next value the rules allow."""
        if self.lobby is None or not self.owns_table():
            return
        humans = sum(1 for s in self.lobby["seats"] if s["kind"] == "human")
        bots = sum(1 for s in self.lobby["seats"] if s["kind"] == "bot")
        table = next_table(self.lobby["mode"], self.lobby["total"], bots, humans, option)
        self.seats_app.set_table(*table)

    def chat_line(self, seat: str, name: str, line: str) -> None:
        seats = {s["seat"] for s in self.lobby["seats"]} if self.lobby else {seat}
        tag = "" if seat in seats else f" ({say(self.lang, 'watcher_tag')})"
        self.query_one("#lobby-chat", RichLog).write(Text(f"{shown(name, 24)}{tag}: {shown(line)}"))

    def action_colour(self) -> None:
        """Ask for the next colour no other seat has."""
        if self.watching:
            self.notify(say(self.lang, "watch_no_seat"))
            return
        if self.lobby is None:
            return
        mine = next((s["colour"] for s in self.lobby["seats"] if s["seat"] == self.seat), "")
        taken = {s["colour"] for s in self.lobby["seats"] if s["seat"] != self.seat}
        start = COLOURS.index(mine) if mine in COLOURS else -1
        for step in range(1, len(COLOURS)):
            colour = COLOURS[(start + step) % len(COLOURS)]
            if colour not in taken:
                self.seats_app.choose_colour(colour)
                return

    def action_ready(self) -> None:
        if self.watching:
            self.notify(say(self.lang, "watch_no_seat"))
            return
        self.seats_app.ready()

    def host_reached(self, up: bool) -> None:
        """The connection to the host is lost (the client reconnects by itself), or back."""
        hint = self.query_one("#seats-hint", Static)
        if not up:
            hint.update(Text(say(self.lang, "host_gone"), style="bold red"))
        elif self.lobby is not None:
            self.show_lobby(self.lobby, self.seat, self.watching)

    def action_leave(self) -> None:
        """Esc: out of the chat line first; then, for a player who does not host the game,
        back to the list of games (the seat is freed)."""
        chat = self.query_one("#lobby-say", Input)
        if chat.has_focus:
            self.set_focus(None)  # the keys R, C... are the lobby's again
        elif self.seats_app.local_host is not None:
            self.notify(say(self.lang, "leave_hosted_lobby"))
        else:
            self.seats_app.back_to_lobby()

    @on(Input.Submitted, "#lobby-say")
    def say_something(self, event: Input.Submitted) -> None:
        self.seats_app.say(event.value)
        event.input.value = ""
