"""The host's status said truly, driven with Pilot against a real host on 127.0.0.1: a host out
of reach (its server closed, every connection cut) and back, a player back after an absence,
what leaving says to a spectator and to a player alone against bots, the command that takes a
hosted game up again (Ctrl+O). That command printed as the host's app stops: in
test_tui_resume_note.py."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.paths import saves_dir
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.screens.leave_screen import LeaveScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


def said(app, widget_id: str) -> str:
    """A panel's or a log's text, its wrapped lines joined again."""
    return " ".join(screen_text(app, widget_id).split())


def reinforcing(s) -> None:
    set_position(s, {"alaska": "p1"}, {"alaska": 3}, rest=("p2", "p3"), phase="reinforce",
                 pool=3)  # fmt: skip


def bea_to_move(s) -> None:
    set_position(s, {"alaska": "p1"}, rest=("p2", "p3"), current="p2")


async def host_out_of_reach(host) -> None:
    """As if the host's machine left the network: nothing reaches it, every connection cut."""
    host.server.close()
    for seat in host.roster.peers():
        if seat.connection:
            seat.connection.close()


async def test_while_the_host_is_out_of_reach_the_screen_says_so_and_keeps_the_staged_moves():
    host = scenario_host(reinforcing, absent_after=60)
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await started(app, pilot)
            await until(pilot, lambda: "a bot takes over in" in said(app, "status"))
            screen.go_to("alaska")
            await pilot.press("enter", "enter")
            assert sum(n for _, n in screen.turn.staged) == 2
            await host_out_of_reach(host)
            await until(pilot, lambda: not screen.connected)
            status, now = said(app, "status"), said(app, "now")
            assert "host out of reach: reconnecting…" in status
            assert "a bot takes over" not in status and "Waiting for" not in status
            assert "The host is out of reach: reconnecting…" in now
            assert "Your staged moves are kept until it is back." in now
            await pilot.press("f2")  # greyed out: its reason is said under the notice too
            await until(pilot, lambda: "Place your reinforcements first" in said(app, "now"))
            assert "The host is out of reach: reconnecting…" in said(app, "now")
            await pilot.press("enter", "f6")  # a third one staged; nothing can be sent
            assert sum(n for _, n in screen.turn.staged) == 3
            assert "nothing is sent until it is back, and what you staged is kept" in said(
                app, "log"
            )
            await pilot.pause(1.2)  # a second of the status line's own counting
            assert "a bot takes over" not in said(app, "status")
            game = host.match.game
            assert game.state.pool == 3 and game.state.armies["alaska"] == 3
            await host.serve("127.0.0.1", port)  # back, where it was
            await until(pilot, lambda: screen.connected)
            await until(pilot, lambda: "The host is back: your staged moves are still here, F6"
                        " sends them." in said(app, "log"))  # fmt: skip
            assert sum(n for _, n in screen.turn.staged) == 3
            await pilot.press("f6")
            await until(pilot, lambda: game.state.armies["alaska"] == 6)
    finally:
        await host.close()


async def test_the_host_back_says_so_without_staged_moves_in_french() -> None:
    host = scenario_host(bea_to_move, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", lang="fr", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await started(app, pilot)
            await host_out_of_reach(host)
            await until(pilot, lambda: not screen.connected)
            now = said(app, "now")
            assert "L'hôte est injoignable : reconnexion…" in now and "gardés" not in now
            assert "hôte injoignable" in said(app, "status")
            await host.serve("127.0.0.1", port)
            await until(pilot, lambda: "L'hôte est de retour : la partie continue." in said(
                app, "log"))  # fmt: skip
    finally:
        await host.close()


async def test_a_player_back_after_a_short_absence_is_not_told_a_bot_plays_its_seat() -> None:
    # Earlier in the game a bot held ann's seat, and ann took it back (F9): that is history.
    # bea, a person who never moves, keeps the game where it is meanwhile.
    host = scenario_host(bea_to_move, bots=1, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    bea = Client("bea", retries=0)
    try:
        first = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
        async with first.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: host.seats[0].connection is not None)
            bea.task = asyncio.create_task(bea.run("127.0.0.1", port))
            screen = await started(first, pilot)
            host.match.handovers.take_over_now("p1")
            await until(pilot, lambda: screen.taken_over)
            await pilot.press("f9")
            await until(pilot, lambda: not screen.taken_over)
        # A few seconds away, no bot took the seat: run again, the app takes it back.
        again = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
        async with again.run_test(size=SIZE) as pilot:
            screen = await started(again, pilot)
            await until(pilot, lambda: "You were away; nobody played for you." in said(
                again, "log"))  # fmt: skip
            assert "A bot is playing your seat" not in said(again, "log")
            assert "A bot is playing your seat" not in said(again, "now")
            assert not screen.taken_over
    finally:
        await host.close()
        bea.task.cancel()


async def test_a_player_whose_seat_a_bot_took_while_away_is_told_so() -> None:
    host = scenario_host(bea_to_move, bots=1, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    bea = Client("bea", retries=0)
    try:
        first = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
        async with first.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: host.seats[0].connection is not None)
            bea.task = asyncio.create_task(bea.run("127.0.0.1", port))
            await started(first, pilot)
        await until_host(lambda: host.seats[0].connection is None)
        host.match.handovers.take_over_now("p1")  # the host's player hands it to a bot
        again = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
        async with again.run_test(size=SIZE) as pilot:
            screen = await started(again, pilot)
            await until(pilot, lambda: "You were away, and a bot took your seat meanwhile"
                        in said(again, "log"))  # fmt: skip
            await until(pilot, lambda: "You play your seat again." in said(again, "log"))
            assert not screen.taken_over
            assert "Press F9" not in said(again, "log")
    finally:
        await host.close()
        bea.task.cancel()


async def until_host(condition) -> None:
    for _ in range(200):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


async def test_a_spectators_leave_dialog_speaks_to_a_spectator() -> None:
    host = scenario_host(bea_to_move, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="sam", address=("127.0.0.1", port), watch=True)
    ann = Client("ann", retries=0)  # the one player, ready at once: the game starts
    try:
        async with app.run_test(size=SIZE) as pilot:
            ann.task = asyncio.create_task(ann.run("127.0.0.1", port))
            await started(app, pilot)
            await pilot.press("ctrl+q")
            leave = await until(pilot, lambda: isinstance(app.screen, LeaveScreen) and app.screen)
            text = str(leave.query_one("#leave-text").render()).replace("\n", " ")
            assert "your seat" not in text
            assert "You only watch this game: the players play on without you." in text
    finally:
        await host.close()
        ann.task.cancel()


async def test_leaving_a_game_alone_against_bots_says_it_stops_and_how_to_resume_it() -> None:
    config = HostConfig(seats=3, bots=2, save_in=str(saves_dir()), absent_after=None)
    app = RiskApp(name="ann", lang="fr", local=LocalHost(config), auto_ready=True)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        saved = app.local_host.config.save
        await pilot.press("ctrl+q")
        leave = await until(pilot, lambda: isinstance(app.screen, LeaveScreen) and app.screen)
        text = str(leave.query_one("#leave-text").render()).replace("\n", " ")
        assert "pour tous" not in text
        assert "Vous jouez seul contre des robots : quitter arrête la partie." in text
        assert f"risk-lan host --resume {saved}" in text
        await pilot.press("ctrl+o")  # over the dialog too
        shown = await until(pilot, lambda: " ".join(n.message for n in app._notifications))
        assert f"Pour reprendre cette partie une fois arrêtée : risk-lan host --resume {saved}" in (
            shown
        )


async def test_ctrl_o_before_the_hosted_game_begins_says_nothing_is_saved_yet() -> None:
    """The seats of a hosted game: no save exists before the game begins, so no command
    names one."""
    config = HostConfig(seats=3, bots=1, save_in=str(saves_dir()))
    app = RiskApp(name="ann", local=LocalHost(config), auto_ready=True)
    async with app.run_test(size=SIZE) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        await until(pilot, lambda: app.local_host is not None and seats.lobby is not None)
        await pilot.press("ctrl+o")
        shown = await until(pilot, lambda: [n.message for n in app._notifications])
        assert "The game has not begun: nothing is saved yet." in " ".join(shown)
        assert "--resume" not in " ".join(shown)


async def test_ctrl_o_over_a_pop_up_of_the_list_of_games_says_no_game_runs_here() -> None:
    app = RiskApp(name="ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")  # the lobby's help, a pop-up over the list
        await pilot.press("ctrl+o")
        shown = await until(pilot, lambda: [n.message for n in app._notifications])
        assert "No game is running here" in " ".join(shown)


async def test_ctrl_o_in_the_game_writes_the_command_in_the_log() -> None:
    host = scenario_host(bea_to_move, absent_after=None)
    app = scenario_app(host)  # the host's own config: not saved
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: "This game is not saved: it cannot be taken up again" in said(
            app, "log"))  # fmt: skip
        # The same from the palette, for the player who hosts the game.
        await pilot.press("ctrl+p", *"takes this game", "enter")
        await until(pilot, lambda: said(app, "log").count("This game is not saved") == 2)


async def test_ctrl_o_of_a_joined_player_says_only_the_host_can() -> None:
    host = scenario_host(bea_to_move, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await started(app, pilot)
            await pilot.press("ctrl+o")
            await until(pilot, lambda: "Only the player who hosts this game can take it up"
                        in said(app, "log"))  # fmt: skip
    finally:
        await host.close()


async def test_the_seats_screen_says_the_host_is_out_of_reach() -> None:
    host = scenario_host(bea_to_move, bots=1, absent_after=None)  # waits for a second player
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
            await until(pilot, lambda: seats.lobby is not None)
            await host_out_of_reach(host)
            await until(pilot, lambda: "The host is out of reach: reconnecting…" in said(
                app, "seats-hint"))  # fmt: skip
            await host.serve("127.0.0.1", port)
            await until(pilot, lambda: "ready" in said(app, "seats-hint"))
    finally:
        await host.close()


async def test_a_seat_taken_while_the_connection_was_down_is_told_at_a_pace_too() -> None:
    host = scenario_host(bea_to_move, bots=1, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    bea = Client("bea", retries=0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: host.seats[0].connection is not None)
            bea.task = asyncio.create_task(bea.run("127.0.0.1", port))
            screen = await started(app, pilot)
            await pilot.press("ctrl+t")  # the others' moves at a pace: views may wait
            host.seats[0].connection.close()  # ann's connection drops...
            host.match.handovers.take_over_now("p1")  # ...and a bot takes her seat meanwhile
            await until(pilot, lambda: "You play your seat again." in said(app, "log"))
            log = said(app, "log")
            assert "You were away, and a bot took your seat meanwhile" in log
            assert "nobody played for you" not in log
            assert not screen.taken_over
    finally:
        await host.close()
        bea.task.cancel()


async def test_a_view_shown_at_a_pace_while_the_host_is_gone_leaves_the_history_to_come() -> None:
    # At a pace, a view heard before the connection dropped may be shown only after: it ends
    # no history, which the host sends when it is back (a bot took the seat meanwhile).
    host = scenario_host(bea_to_move, bots=1, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    bea = Client("bea", retries=0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: host.seats[0].connection is not None)
            bea.task = asyncio.create_task(bea.run("127.0.0.1", port))
            screen = await started(app, pilot)
            host.server.close()  # ann cannot come back until the test says so
            host.seats[0].connection.close()
            await until(pilot, lambda: not screen.connected)
            host.match.handovers.take_over_now("p1")
            screen.take_update(app.last_update)  # as the pace shows a view heard before
            await host.serve("127.0.0.1", port)
            await until(pilot, lambda: "You play your seat again." in said(app, "log"))
            log = said(app, "log")
            assert "You were away, and a bot took your seat meanwhile" in log
            assert "A bot is playing your seat" not in log
    finally:
        await host.close()
        bea.task.cancel()
