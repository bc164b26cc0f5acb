"""Before the game: the games on the LAN (live), an address to type, the player's name; then,
once seated, the seats with who is ready, and the chat."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from risk_lan.net.discovery import DiscoveryUnavailable, FoundGame, find_games
from risk_lan.net.gameaddress import parse_address
from risk_lan.net.host.hostsave import SavedGame, list_saves
from risk_lan.net.host.seating import COLOURS
from risk_lan.rules import RULESETS, ruleset
from risk_lan.tui.choices import FreeSeatScreen, SavedGamesScreen, mode_title
from risk_lan.tui.panels import player_mark
from risk_lan.tui.texts import say, shown, translate_bindings

BROWSE_EVERY = 2.0  # seconds of listening for announcements per refresh of the list


class LobbyScreen(Screen):
    """Pick a game found on the LAN, or type an address."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "refresh", "Look again", id="lobby.refresh"),
        Binding("ctrl+o", "saved_games", "Resume a game", id="lobby.resume"),
        Binding("f2", "watch", "Watch", id="lobby.watch"),
    ]

    def __init__(self, name: str, lang: str, discover: bool = True) -> None:
        super().__init__()
        self.player_name = name
        self.lang = lang
        translate_bindings(self, lang)
        self.discover = discover  # look for games on the LAN (tests show a list of their own)
        self.games: list[FoundGame] = []
        # Every game seen, in the order first seen (the list keeps its order as it is read),
        # and whether it is still announced: one no longer heard of stays, greyed out and
        # marked "not seen" (it may have ended, or its announcement been lost), not to be
        # joined until it is heard of again.
        self.seen: dict[str, tuple[FoundGame, bool]] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            watch = getattr(self.app, "watch", False)  # risk-lan join --watch: any game
            yield Static(say(self.lang, "lobby_title_watch" if watch else "lobby_title"),
                         id="lobby-title")  # fmt: skip
            yield Input(value=self.player_name, placeholder=say(self.lang, "name_hint"), id="name")
            yield OptionList(id="games")
            yield Static(say(self.lang, "no_games"), id="lobby-status")
            yield Input(placeholder=say(self.lang, "address_hint"), id="address")
        yield Footer()

    def on_mount(self) -> None:
        if self.discover:
            self.browse()

    @work(exclusive=True, group="browse")
    async def browse(self) -> None:
        """Keep the list of games up to date as they appear and vanish."""
        status = self.query_one("#lobby-status", Static)
        while True:
            try:
                games = await find_games(BROWSE_EVERY)
            except DiscoveryUnavailable as e:
                status.update(Text(f"{shown(e)}: {say(self.lang, 'address_hint')}"))
                return
            self.show_games(games)
            await asyncio.sleep(0.5)

    def show_games(self, games: list[FoundGame]) -> None:
        self.games = games
        found = {_key(g): g for g in games}
        for key, (game, _) in self.seen.items():
            self.seen[key] = (found.get(key, game), key in found)
        for key, game in found.items():
            self.seen.setdefault(key, (game, True))
        options = self.query_one("#games", OptionList)
        highlighted = options.highlighted
        chosen = options.get_option_at_index(highlighted).id if highlighted is not None else None
        options.clear_options()
        for key, (game, here) in self.seen.items():
            # Anyone on the LAN may announce anything: each field is shown as plain text, cut
            # to its column.
            line = Text(style="" if here else "dim strike")
            line.append(f"{shown(game.name, 24):<24}", style="bold")
            line.append(f" {shown(game.mode, 14):<14} {shown(game.seats, 5):>5}")
            state = shown(game.state, 8) if here else say(self.lang, "game_gone")
            line.append(f"  {state:<8}")
            # What a joiner must get past (the announcement never holds the password).
            needs = [n for n in ("password", "approval") if n in game.entry.split(",")]
            if needs:
                listed = ", ".join(say(self.lang, f"listed_{n}") for n in needs)
                line.append(f"  ({listed})", style="yellow")
            line.append(f"  {shown(game.address, 40)}:{game.port}", style="dim")
            options.add_option(Option(line, id=key, disabled=not here))
        keys = list(self.seen)
        if chosen in keys:
            options.highlighted = keys.index(chosen)  # the same game, wherever the list moved
        elif games:
            options.highlighted = next(i for i, k in enumerate(keys) if self.seen[k][1])
        status = self.query_one("#lobby-status", Static)
        status.update("" if games else say(self.lang, "no_games"))

    def action_refresh(self) -> None:
        self.browse()

    def action_saved_games(self) -> None:
        """The games this machine hosted and saved: one chosen goes on, hosted here."""
        saves = list_saves()
        if not saves:
            self.notify(say(self.lang, "saves_none"))
            return

        def chosen(save: SavedGame | None) -> None:
            if save is not None:
                self.workers.cancel_group(self, "browse")
                name = self.query_one("#name", Input).value.strip()[:24] or "player"
                self.app.pop_screen()
                self.app.resume_game(save, name)

        self.app.push_screen(SavedGamesScreen(saves, self.lang), chosen)

    @on(OptionList.OptionSelected, "#games")
    def game_chosen(self, event: OptionList.OptionSelected) -> None:
        found = self.seen.get(event.option.id or "")
        if found is not None and found[1]:
            self._join(f"{found[0].address}:{found[0].port}")

    @on(Input.Submitted, "#address")
    def address_typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self._join(event.value.strip())

    def action_watch(self) -> None:
        """Watch a game as a spectator: the address typed, else the game highlighted."""
        typed = self.query_one("#address", Input).value.strip()
        options = self.query_one("#games", OptionList)
        chosen = options.highlighted
        key = options.get_option_at_index(chosen).id if chosen is not None else None
        found = self.seen.get(key or "")
        if typed:
            self._join(typed, watch=True)
        elif found is not None and found[1]:
            self._join(f"{found[0].address}:{found[0].port}", watch=True)
        else:
            self.notify(say(self.lang, "watch_choose"), severity="warning")

    def _join(self, address: str, watch: bool = False) -> None:
        try:
            host, port = parse_address(address)
        except ValueError:
            self.notify(say(self.lang, "address_hint"), severity="error")
            return
        name = self.query_one("#name", Input).value.strip()[:24] or "player"
        self.workers.cancel_group(self, "browse")
        self.app.pop_screen()
        self.app.connect(host, port, name, watch)


def _key(game: FoundGame) -> str:
    """Which game an announcement is of: its id (the same after a host's restart elsewhere),
    else where it is."""
    return game.game_id or f"{game.address}:{game.port}"


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


class SeatsScreen(Screen):
    """Seated at a table that has not started: who sits where, who is ready, and the chat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "ready", "Ready", id="seats.ready"),
        Binding("c", "colour", "Colour", id="seats.colour"),
        # The table's options, for the host's own player only.
        Binding("m", "table('mode')", "Mode", id="seats.mode"),
        Binding("s", "table('seats')", "Seats", id="seats.seats"),
        Binding("b", "table('bots')", "Bots", id="seats.bots"),
        Binding("x", "free_seat", "Free a seat", id="seats.remove"),
        Binding("escape", "leave", "Leave", id="seats.leave"),
    ]

    def __init__(self, lang: str, join_at: list[str] | None = None) -> None:
        super().__init__()
        self.lang = lang
        translate_bindings(self, lang)
        self.lobby: dict[str, Any] | None = None
        self.seat = ""
        self.watching = False  # a spectator's: no seat here
        self.join_at = join_at or []  # the host's addresses, when this app hosts the game

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box"):
            yield Static(say(self.lang, "seats"), id="seats-title")
            yield Static("…", id="seats")
            yield Static(say(self.lang, "ready_hint"), id="seats-hint")
            yield Static("", id="table-hint")
            yield RichLog(id="lobby-chat", wrap=True, markup=False)
            yield Input(placeholder=say(self.lang, "chat_hint"), id="lobby-say")
        yield Footer()

    def show_lobby(self, lobby: dict[str, Any], seat: str, watching: bool = False) -> None:
        owner_before = self.owns_table()
        self.lobby, self.seat, self.watching = lobby, seat, watching
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
                text.append("bot", style="dim")
            elif s["kind"] == "human":
                text.append("✓ ready" if s["ready"] else "…", style="green" if s["ready"] else "")
            text.append("\n")
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
        if action in ("table", "free_seat"):
            return self.owns_table()
        return True

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
                self.app.table_command("remove", seat=seat)

        self.app.push_screen(FreeSeatScreen(others, self.lang), chosen)

    def action_table(self, option: str) -> None:
        """Step one of the table's options to its next value the rules allow."""
        if self.lobby is None or not self.owns_table():
            return
        humans = sum(1 for s in self.lobby["seats"] if s["kind"] == "human")
        bots = sum(1 for s in self.lobby["seats"] if s["kind"] == "bot")
        table = next_table(self.lobby["mode"], self.lobby["total"], bots, humans, option)
        self.app.set_table(*table)

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
                self.app.choose_colour(colour)
                return

    def action_ready(self) -> None:
        if self.watching:
            self.notify(say(self.lang, "watch_no_seat"))
            return
        self.app.ready()

    def action_leave(self) -> None:
        """Esc: out of the chat line first; then, for a player who does not host the game,
        back to the list of games (the seat is freed)."""
        chat = self.query_one("#lobby-say", Input)
        if chat.has_focus:
            self.set_focus(None)  # the keys R, C... are the lobby's again
        elif self.app.local_host is not None:
            self.notify(say(self.lang, "leave_hosted_lobby"))
        else:
            self.app.back_to_lobby()

    @on(Input.Submitted, "#lobby-say")
    def say_something(self, event: Input.Submitted) -> None:
        self.app.say(event.value)
        event.input.value = ""
