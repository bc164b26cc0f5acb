"""What the table tells the player beyond the game, driven with Pilot against a real host on
127.0.0.1: whom the game waits for and until when, seats a bot takes and gives back, a game
that stops, and leaving a game in progress."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import (
    scenario_app,
    scenario_host,
    screen_text,
    set_position,
    started,
    until,
)

from risk_lan.net.client import Client
from risk_lan.net.host.hostgame import HostGame
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.leave_screen import LeaveScreen

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


def said(app, widget_id: str) -> str:
    """A panel's or a log's text, its wrapped lines joined again."""
    return screen_text(app, widget_id).replace("\n", " ")


def bea_to_move(s) -> None:
    set_position(s, {"alaska": "p1"}, rest=("p2", "p3"), current="p2")


async def test_the_waiting_line_counts_down_while_a_joined_player_is_away() -> None:
    host = scenario_host(bea_to_move, bots=1, absent_after=9)
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        bea = await joined_by_bea(app, host, pilot)
        await started(app, pilot)
        line = await until(pilot, lambda: "Waiting for bea to move" in screen_text(app, "status")
                           and screen_text(app, "status"))  # fmt: skip
        assert "a bot takes over in 0:0" in line
        await until(pilot, lambda: screen_text(app, "status") != line)  # it counts, by itself
        bea.conn.close()
        await until(pilot, lambda: "Waiting for bea: away for" in screen_text(app, "status"))
        await until(pilot, lambda: "A bot plays bea's seat from now on." in screen_text(app, "log"))
        await until(pilot, lambda: "Waiting for bea" not in screen_text(app, "status"))
        await bea.task


async def joined_by_bea(app, host, pilot) -> Client:
    """bea, a person who never moves, takes seat p2 from elsewhere."""
    await until(pilot, lambda: host.seats[0].connection is not None)
    port = host.server.sockets[0].getsockname()[1]
    bea = Client("bea", retries=0)
    bea.task = asyncio.create_task(bea.run("127.0.0.1", port))
    return bea


async def test_a_bot_takes_the_players_own_seat_and_f9_takes_it_back() -> None:
    # The game then waits on bea for ever: it goes no further while the test looks.
    host = scenario_host(
        lambda s: set_position(s, {"alaska": "p1"}, {"alaska": 5}, rest="p2"),
        bots=1,
        absent_after=None,
    )
    app = scenario_app(host, lang="fr")
    async with app.run_test(size=SIZE) as pilot:
        bea = await joined_by_bea(app, host, pilot)
        screen = await started(app, pilot)
        app.table_command("hand_to_bot", seat="p1")  # the host's player may hand its own seat
        await until(pilot, lambda: screen.taken_over)
        assert "Un robot joue votre place. Appuyez sur F9 pour la reprendre." in said(app, "now")
        assert "Un robot joue votre place. Appuyez sur F9 pour la reprendre." in said(app, "log")
        await pilot.press("f4")  # refused, saying why
        await until(pilot, lambda: "appuyez d'abord sur F9 pour la reprendre" in said(app, "log"))
        await pilot.press("f9")
        await until(pilot, lambda: not screen.taken_over)
        assert "Vous jouez de nouveau votre place." in said(app, "log")
        assert host.match is not None and "p1" not in host.match.handovers.bots
        bea.conn.close()
        await bea.task


class FaultyGame(HostGame):
    """A host with a bug of its own: the first move of the app's player breaks it."""

    async def _move(self, seat, action, request):
        if seat == "p1":
            raise RuntimeError("a fault in the host's own code")
        return await super()._move(seat, action, request)


async def test_a_stopped_game_locks_the_screen_and_says_why() -> None:
    host = scenario_host(
        lambda s: set_position(s, {"alaska": "p1"}, rest="p2"), match_class=FaultyGame
    )
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("f4")  # Alaska alone: nothing to move, the turn ends
        over = await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen)
        text = str(over.query_one("#over-box").render())
        assert "The game has stopped." in text
        assert "a fault of its own, in risk-lan itself: no player caused it." in text.replace(
            "\n", " "
        )
        assert "host_error" not in text
        await pilot.press("escape")
        assert screen.stopped and "game stopped" in screen_text(app, "status")
        assert "connected" not in screen_text(app, "status")
        assert "The game has stopped." in screen_text(app, "now")
        await pilot.press("f2")
        assert "nothing more can be played" in said(app, "log")
        await pilot.press("ctrl+q")  # over: no question asked
        await until(pilot, lambda: app._exit)


async def test_ctrl_q_in_a_game_asks_first() -> None:
    host = scenario_host(lambda s: set_position(s, {"alaska": "p1"}, rest="p2"))
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(app, pilot)
        await pilot.press("ctrl+q")
        leave = await until(pilot, lambda: isinstance(app.screen, LeaveScreen) and app.screen)
        text = str(leave.query_one("#leave-text").render()).replace("\n", " ")
        # Alone against bots: the game ends, for no one else.
        assert "You play alone against bots: leaving ends the game, and it is not saved" in text
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert not app._exit
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await pilot.click("#leave")
        await until(pilot, lambda: app._exit)


async def test_ctrl_q_in_the_lobby_quits_at_once() -> None:
    from test_tui_lobby import ListedApp

    from risk_lan.net.discovery import FoundGame

    app = ListedApp(FoundGame("Friday", "127.0.0.1", 1, "classic", "1/3", "lobby", "1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app._exit)


async def palette(pilot, words: str) -> None:
    await pilot.press("ctrl+p")
    for ch in words:
        await pilot.press("space" if ch == " " else ch)
    await pilot.pause(0.5)
    await pilot.press("enter")


async def test_the_hosts_player_runs_the_clock() -> None:
    host = scenario_host(bea_to_move, bots=1, absent_after=30)
    app = scenario_app(host)
    async with app.run_test(size=SIZE) as pilot:
        bea = await joined_by_bea(app, host, pilot)
        await started(app, pilot)
        await until(pilot, lambda: "a bot takes over in 0:2" in said(app, "status"))
        await pilot.press("f10")
        await until(pilot, lambda: "Waiting for bea to move" in said(app, "status")
                    and "(clock stopped)" in said(app, "status"))  # fmt: skip
        assert host.match is not None and host.match.handovers.clock.paused
        await pilot.press("f10")
        await until(pilot, lambda: "a bot takes over in 0:" in said(app, "status"))
        await palette(pilot, "give bea")
        await until(pilot, lambda: "a bot takes over in 1:" in said(app, "status"))
        await palette(pilot, "hand bea")
        await until(pilot, lambda: "A bot plays bea's seat from now on." in said(app, "log"))
        bea.conn.close()
        await bea.task


async def test_a_joined_player_has_no_clock_controls() -> None:
    host = scenario_host(lambda s: set_position(s, {"alaska": "p1"}, rest=("p2", "p3")))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await started(app, pilot)
            assert not screen.news.host_controls and not screen.check_action("pause_clock", ())
            sent: list[str] = []
            app.table_command = lambda kind, **fields: sent.append(kind)
            await pilot.press("f10")  # not offered to a joined player: nothing is sent
            await pilot.press("ctrl+q")
            leave = await until(pilot, lambda: isinstance(app.screen, LeaveScreen) and app.screen)
            assert sent == []  # F10 was dealt with before Ctrl+Q, whose screen shows
            text = str(leave.query_one("#leave-text").render()).replace("\n", " ")
            assert "a bot may take your seat. Run risk-lan join again to take it back." in text
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen)
    finally:
        await host.close()
