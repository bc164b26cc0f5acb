"""Helpers for the app's tests: a real host whose game starts from a chosen position, the app
joined to it as the first seat, and waiting for what the screen shows.

The host, the protocol, the dice and the client are the real ones; only the opening position
is written directly instead of being played out, so each test starts at the step it tests.
The clients would catch that position as the host's cheat (it does not follow from the
moves): while a scenario is set up, they take the deal's outcome on the host's word, as they
do where a shuffle decides it (``ScenarioWitness``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from rulebook_helpers import write_position
from textual.app import ScreenStackError
from textual.css.query import NoMatches
from textual.pilot import Pilot

from risk_lan.net.client import client
from risk_lan.net.client.witness import Witness
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.rules import GameState, check_invariants, classic_board
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.widgets.world_map import TYPE_AHEAD_PAUSE

BOARD = classic_board()
PLAYERS = ("p1", "p2", "p3")


def set_position(
    s: GameState,
    owners: dict[str, str],
    armies: dict[str, int] | None = None,
    *,
    rest: str = "p3",
    hands: dict[str, list[str]] | None = None,
    phase: str = "attack",
    current: str = "p1",
    pool: int = 0,
) -> None:
    """Write a mid-game position into ``s`` (see rulebook_helpers.write_position), with the
    trade step that classic rules open at the start of a turn."""
    write_position(s, owners, armies, rest=rest, hands=hands, phase=phase, current=current,
                   pool=pool)  # fmt: skip
    s.trades, s.trade_window = 0, "turn_start" if phase == "reinforce" else "none"
    s.setup_left = dict.fromkeys(PLAYERS, 0)
    # At the start of a turn, five cards or more make a trade due (classic rules).
    s.start_trade_due = phase == "reinforce" and len(s.hands[current]) >= 5
    check_invariants(s)


class ScenarioWitness(Witness):
    """Takes the first move's outcome (the deal) on the host's word, whatever the mode."""

    def _apply(self, move: dict[str, Any], source: Any) -> None:
        super()._apply(move, source)
        if move["n"] == 1:
            self.unknown = True

    def _check_at_end(self, over: dict[str, Any]) -> None:
        """Nothing to check the game against: its position was written, not dealt."""


def scenario_host(
    position: Callable[[GameState], None],
    bots: int = 2,
    seats: int = 3,
    match_class: type[HostGame] = HostGame,
    **config: Any,
) -> Host:
    """A host of ``seats`` seats (the app's, then other players', then ``bots`` bots) whose
    game, a ``match_class``, opens at ``position``."""

    class ScenarioBroadcaster(match_class.broadcaster_class):  # type: ignore[name-defined,misc]
        # Set as the deal's outcome, which the clients take on the host's word until the
        # game's end (when they would find it was not the deal the shuffle gave).
        positioned = False

        def broadcast_updates(self, events: list[Any]) -> None:
            if not self.positioned:
                self.positioned = True
                assert self.position.game is not None
                position(self.position.game.state)
            super().broadcast_updates(events)

    class ScenarioGame(match_class):  # type: ignore[valid-type,misc]
        broadcaster_class = ScenarioBroadcaster

    class ScenarioHost(Host):
        match_class = ScenarioGame

    # Undone after the test (conftest.py).
    client.Witness = ScenarioWitness  # type: ignore[misc]

    return ScenarioHost(HostConfig(seats=seats, bots=bots, **config))


def scenario_app(host: Host, lang: str = "en", pace: int = 0) -> RiskApp:
    """The app joined to ``host``'s game as the first seat, ready at once. The others' moves
    are shown as they come unless a ``pace`` is given (the app's own default paces them), so
    that a test of something else waits on nothing but the host."""
    return RiskApp(
        name="ann", lang=lang, local=LocalHost(host.config), auto_ready=True, host=host, pace=pace
    )


async def until(pilot: Pilot, condition: Callable[[], Any], timeout: float = 15.0) -> Any:
    """Wait (letting the app and the host work) until ``condition()`` is true; returns it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        try:
            value = condition()
        except (ScreenStackError, NoMatches):
            value = None  # the app has not pushed its first screen, or mounted its widgets, yet
        if value:
            return value
        await pilot.pause(0.05)
    raise AssertionError(f"timed out waiting for {condition}")


def screen_text(app: RiskApp, widget_id: str) -> str:
    """The plain text a Static or RichLog shows, on the game screen once there is one (even
    under the end-of-game screen), else on the current screen."""
    screen = app.game_screen if app.game_screen is not None else app.screen
    widget = screen.query_one(f"#{widget_id}")
    lines = getattr(widget, "lines", None)
    if lines is not None:  # a RichLog
        return "\n".join(line.text for line in lines)
    return str(widget.render())


class TypingClock:
    """The map's type-ahead clock in a test: it moves only when the test says that the
    player paused, so a test starts a new name at once instead of waiting the pause out."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def pause(self) -> None:
        """As if the player waited longer than the type-ahead pause before the next key."""
        self.now += TYPE_AHEAD_PAUSE + 0.1


def typing_pause(pilot: Pilot) -> None:
    """The player pauses, so that what it types next is a new name on the map it types into
    (whose clock becomes the test's on the first pause)."""
    from risk_lan.tui.widgets.world_map import WorldMap

    world = pilot.app.screen.query_one(WorldMap)
    if not isinstance(world.clock, TypingClock):
        world.clock = TypingClock(time.monotonic())  # after every key the map saw
    world.clock.pause()


async def type_text(pilot: Pilot, text: str) -> None:
    typing_pause(pilot)  # the map's type-ahead starts a new name after a pause
    for ch in text:
        await pilot.press(ch)


async def pick(pilot: Pilot, *names: str) -> None:
    """Pick territories on the map by typing their names, each followed by Enter."""
    for name in names:
        typing_pause(pilot)  # a new name after the type-ahead pause
        for ch in name:
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")


async def started(app: RiskApp, pilot: Pilot) -> Any:
    """The game screen, once it shows a game."""
    from risk_lan.tui.screens.game_screen import GameScreen

    screen = await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen)
    await until(pilot, lambda: screen.turn.game is not None)
    return screen


def verified_battle(log: str) -> bool:
    """Whether the log shows a battle its client worked out and marked so (the mark ends
    the battle's line, which a narrow log wraps)."""
    battle = log.find(" vs ")
    return battle >= 0 and log.find("verified", battle) > battle
