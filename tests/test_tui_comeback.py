"""An app that stops mid-game and is run again takes its seat back where it was: the seat, its
keys and its secrets are kept under the user's data folder (a test's own, see conftest.py)."""

from __future__ import annotations

import pytest
from tui_helpers import scenario_host, set_position, started, until

from risk_lan.net.client.seatfile import find_seat, load, seat_path
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.paths import saves_dir, seats_dir
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.screens.leave_screen import LeaveScreen
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.screens.saved_games_screen import SavedGamesScreen

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)
NORTH = ["alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec"]


def choosing_headquarters(s) -> None:
    set_position(s, dict.fromkeys(NORTH, "p1"), rest=("p2", "p3"), phase="capital")


async def test_a_sealed_headquarters_is_opened_by_the_app_run_again() -> None:
    host = scenario_host(choosing_headquarters, mode="capital", absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    try:
        first = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True, pace=0)
        async with first.run_test(size=SIZE) as pilot:
            screen = await started(first, pilot)
            await until(pilot, lambda: screen.turn.step().name == "capital")
            # This app stops before it can open its seal (as if the terminal were closed).
            screen.turn.openings = lambda: []
            screen.go_to("alaska")
            await pilot.press("enter", "f6")
            await until(pilot, lambda: "p1" in host.match.game.state.capital_seals)
            # Held by this app while it runs, so that no other app takes it: read it directly.
            kept = seat_path(seats_dir(), host.game_id, "p1")
            assert find_seat(seats_dir(), address=("127.0.0.1", port)) is None
            assert load(kept).secrets["capital"][0] == "alaska"
            game = host.match.game
            await until(pilot, lambda: game.state.phase == "capital_reveal")
        # Every seal is in: the game waits for ann's headquarters.
        again = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True, pace=0)
        async with again.run_test(size=SIZE) as pilot:
            await started(again, pilot)
            await until(pilot, lambda: game.state.capitals.get("p1") == "alaska")
            assert again.seat == "p1"
    finally:
        await host.close()


async def test_the_host_s_app_resumes_its_saved_game_with_its_own_seat() -> None:
    config = HostConfig(seats=3, bots=2, save_in=str(saves_dir()), absent_after=None)
    first = RiskApp(name="ann", local=LocalHost(config), auto_ready=True, pace=0)
    async with first.run_test(size=SIZE) as pilot:
        await started(first, pilot)
        host = first.local_host
        saved, game_id = host.config.save, host.game_id
        await pilot.press("ctrl+q")
        leave = await until(pilot, lambda: isinstance(first.screen, LeaveScreen) and first.screen)
        said = str(leave.query_one("#leave-text").render()).replace("\n", " ")
        assert f"It is saved, and risk-lan host --resume {saved} takes it up again" in said
        await pilot.click("#leave")
        await until(pilot, lambda: first._exit)
    assert find_seat(seats_dir(), game=game_id) is not None
    again = RiskApp(name="ann", local=LocalHost(config, resume=saved), auto_ready=True, pace=0)
    async with again.run_test(size=SIZE) as pilot:
        await started(again, pilot)
        host = again.local_host
        assert host.game_id == game_id and again.seat == "p1"
        assert host.owner_key == again.client.identity.public_key  # still the table's owner


async def test_a_save_that_cannot_be_resumed_says_why() -> None:
    app = RiskApp(name="ann", local=LocalHost(HostConfig(), resume="/nonexistent/game.save"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app._exit)
    assert app.return_code == 2


async def test_the_lobby_lists_saved_games_and_resumes_one() -> None:
    config = HostConfig(name="Friday", seats=3, bots=2, save_in=str(saves_dir()))
    first = RiskApp(name="ann", local=LocalHost(config), auto_ready=True, pace=0)
    async with first.run_test(size=SIZE) as pilot:
        await started(first, pilot)
        game_id = first.local_host.game_id
    lobby_app = RiskApp(name="ann")
    lobby_app.begin = lambda: lobby_app.push_screen(LobbyScreen("ann", "en", discover=False))
    async with lobby_app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(lobby_app.screen, LobbyScreen))
        await pilot.press("ctrl+o")
        saves = await until(
            pilot, lambda: isinstance(lobby_app.screen, SavedGamesScreen) and lobby_app.screen
        )
        assert "Friday" in str(saves.query_one("#saves").get_option_at_index(0).prompt)
        await pilot.press("enter")
        await started(lobby_app, pilot)
        assert lobby_app.local_host.game_id == game_id and lobby_app.seat == "p1"
