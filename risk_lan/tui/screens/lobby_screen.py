"""Before the game: the games on the LAN (live), an address to type, the player's name."""

from __future__ import annotations

import asyncio
from typing import ClassVar, Protocol, cast

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from risk_lan.net.client.seatfile import find_seat
from risk_lan.net.discovery import DiscoveryUnavailable, FoundGame, find_games
from risk_lan.net.gameaddress import parse_address
from risk_lan.net.host.hostsave import SavedGame, list_saves
from risk_lan.paths import seats_dir
from risk_lan.tui.screens.saved_games_screen import SavedGamesScreen
from risk_lan.tui.texts.catalogue import say, shown, translate_bindings


class LobbyApp(Protocol):
    """What the lobby asks of the app: a saved game hosted again, or a game joined."""

    def resume_game(self, save: SavedGame, name: str) -> None: ...

    def connect(
        self, host: str, port: int, name: str | None = None, watch: bool = False
    ) -> None: ...


BROWSE_EVERY = 2.0  # seconds of listening for announcements per refresh of the list


class LobbyScreen(Screen[None]):
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
            watch = getattr(self.app, "spectating", False)  # risk-lan join --watch: any game
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
            if _kept(game):
                line.append(f"  ({say(self.lang, 'listed_yours')})", style="bold green")
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
                name = self.query_one("#name", Input).value.strip()[:24] or say(
                    self.lang, "default_player"
                )
                self.app.pop_screen()
                cast(LobbyApp, self.app).resume_game(save, name)

        self.app.push_screen(SavedGamesScreen(saves, self.lang), chosen)

    @on(OptionList.OptionSelected, "#games")
    def game_chosen(self, event: OptionList.OptionSelected) -> None:
        found = self.seen.get(event.option.id or "")
        if found is not None and found[1]:
            self._join(f"{found[0].address}:{found[0].port}")

    @on(Input.Submitted, "#name")
    def name_typed(self, event: Input.Submitted) -> None:
        """Enter after typing the name joins the game chosen in the list, or says what to do."""
        found = self._highlighted()
        if found is not None and found[1]:
            self._join(f"{found[0].address}:{found[0].port}")
        else:
            gone = "lobby_enter_gone" if found is not None else "lobby_enter_no_game"
            self.notify(say(self.lang, gone), severity="warning")

    @on(Input.Submitted, "#address")
    def address_typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self._join(event.value.strip())
        else:
            self.notify(say(self.lang, "address_empty"), severity="warning")

    def action_watch(self) -> None:
        """Watch a game as a spectator: the address typed, else the game highlighted."""
        typed = self.query_one("#address", Input).value.strip()
        found = self._highlighted()
        if typed:
            self._join(typed, watch=True)
        elif found is not None and found[1]:
            self._join(f"{found[0].address}:{found[0].port}", watch=True)
        else:
            self.notify(say(self.lang, "watch_choose"), severity="warning")

    def _highlighted(self) -> tuple[FoundGame, bool] | None:
        """The game highlighted in the list and whether it is still announced, if any."""
        options = self.query_one("#games", OptionList)
        chosen = options.highlighted
        key = options.get_option_at_index(chosen).id if chosen is not None else None
        return self.seen.get(key or "")

    def _join(self, address: str, watch: bool = False) -> None:
        try:
            host, port = parse_address(address)
        except ValueError:
            self.notify(say(self.lang, "address_hint"), severity="error")
            return
        name = self.query_one("#name", Input).value.strip()[:24] or say(self.lang, "default_player")
        self.workers.cancel_group(self, "browse")
        self.app.pop_screen()
        cast(LobbyApp, self.app).connect(host, port, name, watch)


def _kept(game: FoundGame) -> bool:
    """Whether this machine keeps a seat of the player's in ``game`` (one left mid-game):
    joining it takes the seat back, as ``RiskApp.run_client`` finds it."""
    if game.game_id and find_seat(seats_dir(), game=game.game_id) is not None:
        return True
    return find_seat(seats_dir(), address=(game.address, game.port)) is not None


def _key(game: FoundGame) -> str:
    """Which game an announcement is of: its id (the same after a host's restart elsewhere),
    else where it is."""
    return game.game_id or f"{game.address}:{game.port}"
