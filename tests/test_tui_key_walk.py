"""Every key answered, under any screen: each Screen class of tui/screens/, opened the way the
app opens it, in English and French, has every key bound on it pressed, and each key either
acts (the screen, the focus, the moves sent or the app's state change) or says why not (a
notification, a hint in the Now panel); a key that leaves everything as it was fails the
test. Ctrl+Q is pressed last on each: it quits, or asks first in a game in progress."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from test_replay_app import record  # noqa: F401  (a whole game's record, played by bots)
from test_tui_independents import two_independents
from test_tui_snapshots import PLAYERS, game_until
from textual.screen import Screen
from textual.widgets import Input, OptionList, RichLog, Static
from tui_helpers import scenario_app, scenario_host, started, until

import risk_lan.tui.screens as screens_package
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Outcome
from risk_lan.net.discovery import FoundGame
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.playback import load
from risk_lan.paths import saves_dir
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.client_messages import GameEnded
from risk_lan.tui.entry_desk import EntryNews
from risk_lan.tui.replay_app import ReplayApp
from risk_lan.tui.screens.bot_level_screen import BotLevelScreen
from risk_lan.tui.screens.free_seat_screen import FreeSeatScreen
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.help_screen import HelpScreen
from risk_lan.tui.screens.independents_screen import IndependentsScreen
from risk_lan.tui.screens.knock_screen import KnockScreen
from risk_lan.tui.screens.leave_screen import LeaveScreen
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.screens.log_screen import LogScreen
from risk_lan.tui.screens.missions_screen import MissionsScreen
from risk_lan.tui.screens.password_screen import PasswordScreen
from risk_lan.tui.screens.replay_screen import ReplayScreen
from risk_lan.tui.screens.saved_games_screen import SavedGamesScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen
from risk_lan.tui.screens.star_trade_screen import StarTradeScreen
from risk_lan.tui.screens.too_small_screen import TooSmallScreen
from risk_lan.tui.widgets.keys_line import KeysLine, key_label
from risk_lan.tui.widgets.world_map import WorldMap

LANGS = ["en", "fr"]
# Not a screen the app opens itself, and why.
NOT_OPENED = {
    "ChoiceScreen": "the base of FreeSeatScreen, BotLevelScreen and SavedGamesScreen, walked "
    "as those",
}


class WalkApp(RiskApp):
    """The app, opening its first screen with ``opening``; the moves it would send, the games
    it would join and the saved games it would host are kept, not sent."""

    def __init__(self, opening, lang: str) -> None:
        super().__init__(name="ann", lang=lang)
        self.opening = opening
        self.calls: list[object] = []

    async def begin(self) -> None:
        await self.opening(self)

    def act(self, *actions) -> None:
        self.calls += actions

    def connect(self, host, port, name=None, watch=False) -> None:
        self.calls.append(("connect", host, port, watch))

    def resume_game(self, save, name) -> None:
        self.calls.append(("resume", save.name))

    def transcript_code(self) -> str:
        return "TEST-CODE"


def observed(app: RiskApp) -> tuple[Any, ...]:
    """What a player can see change, and what the app did: the screens, the focus, every
    text on the screen on top, the notifications, the moves sent, whether it quits."""
    screen = app.screen
    texts: list[object] = []
    for widget in screen.query("*"):
        if isinstance(widget, RichLog):
            texts.append(tuple(line.text for line in widget.lines))
        elif isinstance(widget, OptionList):
            prompts = tuple(str(o.prompt) for o in widget._options)
            texts.append((widget.highlighted, prompts))
        elif isinstance(widget, Input):
            texts.append(widget.value)
        elif isinstance(widget, Static):
            texts.append(str(widget.render()))
        elif isinstance(widget, WorldMap):
            texts.append((repr(widget.state), widget._typed))
        texts.append(widget.scroll_offset)
    return (
        tuple(map(id, app.screen_stack)),
        id(app.focused),
        tuple(id(n) for n in app._notifications),
        len(getattr(app, "calls", ())),
        app._exit,
        tuple(texts),
    )


def bound_keys(screen: Screen) -> list[str]:
    """Every key bound on ``screen`` (shown or not), then the app's own keys that reach it
    (not Textual's: copying, its Ctrl+C note)."""
    keys = [
        k for k, bindings in screen._bindings.key_to_bindings.items() if any(b.id for b in bindings)
    ]
    for key, bindings in screen.app._bindings.key_to_bindings.items():
        ours = [b for b in bindings if (b.id or "").startswith("app.")]
        reaches = ours and (not screen.is_modal or any(b.priority for b in ours))
        if reaches and key not in keys and key != "ctrl+q":
            keys.append(key)
    return [k for k in keys if k != "ctrl+q"]


def keys_line(screen: Screen) -> str:
    """The text of the screen's line of keys, once it is drawn ("" before)."""
    lines = screen.query(KeysLine)
    return str(lines.first().render()) if lines else ""


async def walk(pilot, app: RiskApp, kind: type, reopen: Callable[[], Awaitable[None]]) -> None:
    """Press every key of the screen ``kind`` (reopened with ``reopen`` when a key took it
    away), each after the last one's answer is cleared, and require an answer to each."""
    await until(pilot, lambda: isinstance(app.screen, kind))
    keys = bound_keys(app.screen)
    assert keys, kind
    lang = app.lang
    if app.screen.is_modal:  # every pop-up names its keys, and Ctrl+Q
        shown = await until(pilot, lambda: keys_line(app.screen))
        own = [k for k in keys if k in app.screen._bindings.key_to_bindings]
        for key in [*own, "ctrl+q"]:
            assert key_label(key, lang) in shown, (kind, key, shown)

    async def back() -> None:
        """To the screen walked: out of what a key opened over it, or open again."""
        while not isinstance(app.screen, kind) and kind in {type(s) for s in app.screen_stack}:
            await app.pop_screen()
        if not isinstance(app.screen, kind):
            await reopen()
        await until(pilot, lambda: isinstance(app.screen, kind))

    for key in keys:
        await back()
        app.clear_notifications()
        screen = app.game_screen
        if screen is not None:
            screen.turn.hint = None  # the last key's answer, cleared
            if getattr(screen, "playing", False):
                screen.action_toggle_play()  # a replay paused: it moves by itself when playing
            screen.redraw()
        await pilot.pause()
        before = observed(app)
        # Still, so that a change is the key's: a screen that changed by itself would let a
        # silent key pass.
        await pilot.pause(0.1)
        assert observed(app) == before, f"{kind.__name__} changes by itself before {key}"
        await pilot.press(key)
        try:
            await until(pilot, lambda was=before: observed(app) != was, timeout=4)
        except AssertionError:
            silent = f"{kind.__name__} ({lang}): {key} does nothing, says nothing"
            raise AssertionError(silent) from None
    await back()
    await pilot.press("ctrl+q")
    asked = lambda: app._exit or isinstance(app.screen, LeaveScreen)  # noqa: E731
    await until(pilot, asked, timeout=4)


def table_app(lang: str, mode: str = "classic", step: str = "attack", rounds: int = 3):
    """The app at a game's table, ann at ``step``, from a seeded game of bots."""
    game, events = game_until(step, mode, rounds)
    update = {"view": game.view("p1"), "events": events, "n": 1, "waiting": "p1", "away": []}

    async def opening(app: RiskApp) -> None:
        screen = GameScreen("p1", PLAYERS, lang)
        app.game_screen = screen
        app.last_update = update
        await app.push_screen(screen)
        screen.take_update(update)

    return WalkApp(opening, lang), game


def modal_walk(kind: type, open_it: Callable[[RiskApp, Any], Any], **table: Any):
    @pytest.mark.asyncio
    @pytest.mark.parametrize("lang", LANGS)
    async def test(lang: str) -> None:
        app, game = table_app(lang, **table)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: app.game_screen is not None and app.game_screen.turn.game)

            async def reopen() -> None:
                opened = open_it(app, game)
                if inspect.isawaitable(opened):
                    await opened

            await reopen()
            await walk(pilot, app, kind, reopen)

    test.__name__ = f"test_every_key_of_{kind.__name__}_answers"
    return test


def game_over(app: RiskApp, game: Any) -> None:
    app.ended(GameEnded(Outcome(winner="p2", transcript="TEST-CODE")))


def stars(app: RiskApp, game: Any) -> Any:
    assert app.game_screen is not None
    app.game_screen.action_trade()  # F5, which opens the stars' trade in rulebook 004


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_game_screen_answers(lang: str) -> None:
    app, _ = table_app(lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.game_screen is not None and app.game_screen.turn.game)

        async def reopen() -> None:
            pass  # the game screen stays under what its keys open

        await walk(pilot, app, GameScreen, reopen)


test_every_key_of_the_help_answers = modal_walk(HelpScreen, lambda app, g: app.action_help())
test_every_key_of_the_log_answers = modal_walk(
    LogScreen, lambda app, g: app.game_screen.action_show_log()
)
test_every_key_of_the_leave_dialog_answers = modal_walk(
    LeaveScreen, lambda app, g: app.action_quit()
)
test_every_key_of_the_end_of_game_answers = modal_walk(GameOverScreen, game_over)
test_every_key_of_the_missions_answers = modal_walk(
    MissionsScreen, lambda app, g: app.game_screen.action_mode_key("game.missions"),
    mode="risk-mission",
)  # fmt: skip
test_every_key_of_the_star_trade_answers = modal_walk(StarTradeScreen, stars, mode="revised",
                                                      rounds=2)  # fmt: skip
test_every_key_of_the_knock_answers = modal_walk(
    KnockScreen,
    lambda app, g: app.entry.take(EntryNews("knocks", [{"id": "j1", "name": "zoe"}])),
)


def lobby_app(lang: str, *games: FoundGame) -> WalkApp:
    async def opening(app: RiskApp) -> None:
        lobby = LobbyScreen(app.player_name, lang, discover=False)
        await app.push_screen(lobby)
        lobby.show_games(list(games))

    return WalkApp(opening, lang)


FRIDAY = FoundGame("Friday", "127.0.0.1", 47474, "classic", "2/4", "lobby", "4", "g-friday")


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_lobby_answers(lang: str) -> None:
    app = lobby_app(lang, FRIDAY)
    async with app.run_test(size=(120, 40)) as pilot:

        async def reopen() -> None:
            await app.opening(app)

        await walk(pilot, app, LobbyScreen, reopen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_saved_games_answers(lang: str) -> None:
    """Ctrl+O in the lobby, with a game this machine hosted and saved."""
    config = HostConfig(name="Friday", seats=3, bots=2, save_in=str(saves_dir()))
    first = RiskApp(name="ann", local=LocalHost(config), auto_ready=True)
    async with first.run_test(size=(120, 40)) as pilot:
        await started(first, pilot)
    app = lobby_app(lang)
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)

        async def reopen() -> None:
            lobby.action_saved_games()

        await reopen()
        await walk(pilot, app, SavedGamesScreen, reopen)


async def seated(pilot, app: RiskApp, host: Host) -> SeatsScreen:
    return await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_seats_answers_a_joiner(lang: str) -> None:
    host = Host(HostConfig(name="Friday", seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", lang=lang, address=("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            seats = await seated(pilot, app, host)
            await until(pilot, lambda: seats.lobby is not None)

            async def reopen() -> None:
                app.connect("127.0.0.1", port)
                screen = await seated(pilot, app, host)
                await until(pilot, lambda: screen.lobby is not None)

            await walk(pilot, app, SeatsScreen, reopen)
    finally:
        await host.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_password_answers(lang: str) -> None:
    """The password a game asks for, as it asks."""
    host = Host(HostConfig(name="Friday", seats=3, bots=0, password="sesame"))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", lang=lang, address=("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:

            async def ask() -> None:
                app.connect("127.0.0.1", port)

            await walk(pilot, app, PasswordScreen, ask)
    finally:
        await host.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_too_small_notice_answers(lang: str) -> None:
    app = lobby_app(lang, FRIDAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        shown = str(app.screen.query_one(KeysLine).render())
        assert key_label("ctrl+q", lang) in shown
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app._exit)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_independents_answers(lang: str) -> None:
    """Ctrl+G in a game of the active independents (two players), against a real host."""
    host = scenario_host(two_independents, bots=1, seats=2, mode="two-player-active")
    app = scenario_app(host, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(app, pilot)

        async def reopen() -> None:
            screen.action_mode_key("game.independents")

        await reopen()
        await walk(pilot, app, IndependentsScreen, reopen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_free_seat_answers(lang: str) -> None:
    """X, the host's player's, over the seats with another player seated."""
    app = RiskApp(name="ann", lang=lang, local=LocalHost(HostConfig(name="Friday", seats=3)))
    guest = Client("bob", auto_ready=False)
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        await until(pilot, lambda: seats.owns_table())
        host = app.local_host
        assert host is not None and host.server is not None
        port = host.server.sockets[0].getsockname()[1]
        task = __import__("asyncio").create_task(guest.run("127.0.0.1", port))
        await until(pilot, lambda: guest.seat and "bob" in str(seats.query_one("#seats").render()))

        async def reopen() -> None:
            seats.action_free_seat()

        await reopen()
        await walk(pilot, app, FreeSeatScreen, reopen)
        task.cancel()


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_the_bot_levels_answers(lang: str) -> None:
    """L, the host's player's, over the seats with two bots: Enter steps the chosen bot's level
    and the lobby shows it."""
    config = HostConfig(name="Friday", seats=3, bots=2, levels=("easy",))
    app = RiskApp(name="ann", lang=lang, local=LocalHost(config))
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        await until(pilot, lambda: seats.owns_table())
        host = app.local_host
        assert host is not None
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, BotLevelScreen))
        await pilot.press("enter")  # the first bot: easy, now normal
        await until(pilot, lambda: [s.level for s in host.seats] == ["", "normal", "normal"])
        word = {"en": "bot · normal", "fr": "robot · moyen"}[lang]
        await until(pilot, lambda: str(seats.query_one("#seats").render()).count(word) == 2)

        async def reopen() -> None:
            seats.action_levels()

        await reopen()
        await walk(pilot, app, BotLevelScreen, reopen)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", LANGS)
async def test_every_key_of_a_replay_answers(lang: str, record) -> None:  # noqa: F811
    """risk-lan replay: its own app, on a whole game's record."""
    app = ReplayApp(load(record), lang)
    async with app.run_test(size=(120, 40)) as pilot:

        async def reopen() -> None:
            pass  # the replay stays under what its keys open

        await walk(pilot, app, ReplayScreen, reopen)


def test_every_screen_is_walked() -> None:
    """A new screen is walked here too (or says where it is walked)."""
    walked = {
        GameScreen, HelpScreen, LogScreen, LeaveScreen, GameOverScreen, MissionsScreen,
        StarTradeScreen, KnockScreen, IndependentsScreen, ReplayScreen, LobbyScreen,
        SavedGamesScreen, SeatsScreen, PasswordScreen, TooSmallScreen, FreeSeatScreen,
        BotLevelScreen,
    }  # fmt: skip
    found = set()
    for info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"risk_lan.tui.screens.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == module.__name__:
                found.add(cls)
    names = {cls.__name__ for cls in walked} | set(NOT_OPENED)
    assert {cls.__name__ for cls in found} <= names
