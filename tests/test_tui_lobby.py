"""The lobby, driven with Pilot: a game listed on the LAN is joined by choosing it, the player
picks a free colour, the seats show who is ready, and the game starts when the player says
it is ready."""

from __future__ import annotations

import pytest
from tui_helpers import screen_text, until

from risk_lan.net.discovery import FoundGame
from risk_lan.net.host import Host, HostConfig
from risk_lan.tui.app import RiskApp
from risk_lan.tui.game_screen import GameScreen
from risk_lan.tui.lobby import LobbyScreen, SeatsScreen

pytestmark = pytest.mark.asyncio


class ListedApp(RiskApp):
    """The app's lobby showing one game, as discovery would find it, without multicast."""

    def __init__(self, game: FoundGame) -> None:
        super().__init__(name="ann")
        self.found = game

    async def begin(self) -> None:
        lobby = LobbyScreen(self.player_name, self.lang, discover=False)
        await self.push_screen(lobby)
        lobby.show_games([self.found])


async def test_choosing_a_listed_game_seats_the_player_and_ready_starts_it() -> None:
    host = Host(HostConfig(name="Friday", seats=3, bots=2))
    port = await host.serve("127.0.0.1", 0)
    app = ListedApp(FoundGame("Friday", "127.0.0.1", port, "classic", "2/3", "lobby", "1"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            assert "Friday" in str(app.screen.query_one("#games").get_option_at_index(0).prompt)
            await pilot.click("#name")
            await pilot.press("ctrl+a", "ctrl+k", *"zoe")
            await pilot.press("tab", "enter")  # the list, then its first game
            seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
            await until(pilot, lambda: "zoe (you)" in str(seats.query_one("#seats").render()))
            assert "ready" not in str(seats.query_one("#seats").render()).split("zoe")[1]
            assert host.state == "lobby"
            await pilot.press("c")  # red → the next colour no bot has: yellow
            await until(pilot, lambda: "Y zoe (you)" in str(seats.query_one("#seats").render()))
            assert host.seats[0].colour == "yellow"
            app.choose_colour("blue")  # a bot's: refused, and nothing changes
            await until(pilot, lambda: any("taken" in n.message for n in app._notifications))
            assert host.seats[0].colour == "yellow"
            await pilot.press("r")
            screen = await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen)
            await until(pilot, lambda: screen.turn.game is not None)
            assert host.seats[0].name == "zoe"
            assert "zoe (you)" in screen_text(app, "players")
    finally:
        await host.close()
