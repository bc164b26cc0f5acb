"""The lobby, driven with Pilot: a game listed on the LAN is joined by choosing it, the player
picks a free colour, the seats show who is ready, and the game starts when the player says
it is ready; the host's own player sets the mode, the seats and the bots."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import screen_text, until

from risk_lan.cli import build_parser, host_config
from risk_lan.net.client import Client
from risk_lan.net.discovery import FoundGame
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen, next_table
from risk_lan.tui.screens.too_small_screen import TooSmallScreen
from risk_lan.tui.texts.catalogue import say


class ListedApp(RiskApp):
    """The app's lobby showing one game, as discovery would find it, without multicast."""

    def __init__(self, game: FoundGame) -> None:
        super().__init__(name="ann")
        self.found = game

    async def begin(self) -> None:
        lobby = LobbyScreen(self.player_name, self.lang, discover=False)
        await self.push_screen(lobby)
        lobby.show_games([self.found])


async def friday(bots: int) -> tuple[Host, ListedApp]:
    """A host's table for three called Friday, with ``bots`` bots, and an app listing it."""
    host = Host(HostConfig(name="Friday", seats=3, bots=bots))
    port = await host.serve("127.0.0.1", 0)
    found = FoundGame("Friday", "127.0.0.1", port, "classic", f"{bots}/3", "lobby", "4")
    return host, ListedApp(found)


@pytest.mark.asyncio
async def test_choosing_a_listed_game_seats_the_player_and_ready_starts_it() -> None:
    host, app = await friday(bots=2)
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


def test_the_table_steps_through_what_each_rule_set_allows() -> None:
    assert next_table("classic", 4, 1, 1, "mode") == ("classic-2015", 4, 1)
    assert next_table("classic", 6, 2, 1, "mode") == ("classic-2015", 5, 2)  # 5 at most
    assert next_table("classic-2015", 5, 0, 2, "seats") == ("classic-2015", 3, 0)  # round
    assert next_table("classic", 4, 0, 4, "seats") == ("classic", 5, 0)
    assert next_table("classic", 6, 0, 4, "seats") == ("classic", 4, 0)  # round, room for 4
    assert next_table("classic", 4, 2, 1, "bots") == ("classic", 4, 3)
    assert next_table("classic", 4, 3, 1, "bots") == ("classic", 4, 0)  # round
    assert next_table("classic", 6, 3, 2, "seats") == ("classic", 3, 1)  # bots make room
    # Only the modes that seat those already seated: never two players for three.
    assert next_table("capital-short", 3, 0, 3, "mode") == ("team", 3, 0)
    assert next_table("team", 3, 0, 3, "mode") == ("revised", 3, 0)
    assert next_table("revised-support", 3, 0, 3, "mode") == ("classic", 3, 0)
    assert next_table("revised", 6, 0, 1, "mode") == ("revised-objectives", 5, 0)  # 5 at most
    assert next_table("classic", 6, 0, 6, "mode") == ("mission", 6, 0)
    assert next_table("capital-short", 4, 1, 1, "mode") == ("two-player", 2, 1)


@pytest.mark.asyncio
async def test_the_hosts_player_sets_the_table_in_the_lobby() -> None:
    config = HostConfig(name="Friday", seats=3, bots=1)
    app = RiskApp(name="ann", local=LocalHost(config))
    guest = Client("bob", auto_ready=False)
    task: asyncio.Task | None = None
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        await until(pilot, lambda: seats.owns_table())
        assert "M changes the mode" in str(seats.query_one("#table-hint").render())
        host = app.local_host
        assert host is not None and host.server is not None
        port = host.server.sockets[0].getsockname()[1]
        task = asyncio.create_task(guest.run("127.0.0.1", port))
        await until(pilot, lambda: host.taken() == 3 and guest.seat)  # welcomed
        guest.ready()
        await until(pilot, lambda: host.seat_by_id(guest.seat).ready)

        await pilot.press("m")
        await until(pilot, lambda: "2015 rules: 3 seats, 1 played" in text_of(seats, "#seats"))
        assert host.config.mode == "classic-2015"
        assert not host.seat_by_id(guest.seat).ready  # asked again, for the new table
        await pilot.press("s")
        await until(pilot, lambda: "4 seats" in text_of(seats, "#seats"))
        await pilot.press("b")
        await until(pilot, lambda: "2 played by bots" in text_of(seats, "#seats"))
        assert [s.kind for s in host.seats] == ["human", "human", "bot", "bot"]

        guest.ready()
        await pilot.press("r")
        screen = await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen)
        await until(pilot, lambda: screen.turn.game is not None)
        assert screen.turn.game.state.rules.name == "classic-2015"
        assert len(screen.players) == 4
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


@pytest.mark.asyncio
async def test_a_guest_sees_the_table_but_cannot_change_it() -> None:
    host = Host(HostConfig(name="Friday", seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    owner = Client("ann", auto_ready=False)
    host.owner_key = owner.identity.public_key
    task = asyncio.create_task(owner.run("127.0.0.1", port))
    app = RiskApp(name="zoe", address=("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
            await until(pilot, lambda: "zoe (you)" in text_of(seats, "#seats"))
            assert "Classic world conquest: 3 seats, 1 played by a bot" in text_of(seats, "#seats")
            assert not seats.owns_table() and text_of(seats, "#table-hint") == ""
            await pilot.press("m", "s", "b", "r")
            # Ready, pressed last, comes back from the host: whatever the keys before it sent
            # has reached the host and been dealt with before it.
            await until(pilot, lambda: zoe_ready(seats))
            assert (host.config.mode, host.config.seats, host.config.bots) == ("classic", 3, 1)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await host.close()


def text_of(screen: SeatsScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def zoe_ready(seats: SeatsScreen) -> bool:
    return any(
        "zoe (you)" in line and "✓ ready" in line for line in text_of(seats, "#seats").splitlines()
    )


@pytest.mark.asyncio
async def test_the_hosts_player_frees_another_players_seat() -> None:
    app = RiskApp(name="ann", local=LocalHost(HostConfig(name="Friday", seats=3, bots=1)))
    guest = Client("bob", auto_ready=False, retries=0)
    task: asyncio.Task | None = None
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        await until(pilot, lambda: seats.owns_table())
        host = app.local_host
        port = host.server.sockets[0].getsockname()[1]
        task = asyncio.create_task(guest.run("127.0.0.1", port))
        await until(pilot, lambda: "bob" in text_of(seats, "#seats"))
        await pilot.press("x")
        await until(pilot, lambda: app.screen is not seats)
        await pilot.press("enter")  # bob's, the only other player's
        await until(pilot, lambda: host.seat_by_id("p2").kind == "open")
        await until(pilot, lambda: "bob" not in text_of(seats, "#seats"))
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


@pytest.mark.asyncio
async def test_a_terminal_too_small_says_so_until_it_is_made_larger() -> None:
    app = ListedApp(FoundGame("Friday", "127.0.0.1", 1, "classic", "2/3", "lobby", "1"))
    async with app.run_test(size=(80, 24)) as pilot:
        says = await until(pilot, lambda: isinstance(app.screen, TooSmallScreen) and app.screen)
        text = str(says.query_one("#too-small").render())
        assert "at least 100×30" in text and "80×24 now" in text
        await pilot.resize_terminal(99, 40)
        await until(pilot, lambda: "99×40 now" in str(says.query_one("#too-small").render()))
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.resize_terminal(90, 40)  # smaller again: said again
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))


def test_host_names_the_player_with_name_and_the_game_after_it_unless_game_name() -> None:
    parse = build_parser().parse_args
    assert host_config(parse(["host", "--name", "Ann"])).name == "Ann's game"
    assert host_config(parse(["host", "--player", "Ann"])).name == "Ann's game"  # the old flag
    named = parse(["host", "--name", "Ann", "--game-name", "Friday night"])
    assert named.name == "Ann" and host_config(named).name == "Friday night"


@pytest.mark.asyncio
async def test_the_hosts_lobby_shows_where_others_join() -> None:
    app = RiskApp(name="ann", local=LocalHost(HostConfig(seats=3, bots=1), "127.0.0.1", 0, True))
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        port = app.local_host.address[1]
        await until(
            pilot,
            lambda: (
                f"risk-lan join 127.0.0.1:{port}" in str(seats.query_one("#table-hint").render())
            ),
        )
        await app.action_quit()


@pytest.mark.asyncio
async def test_the_list_keeps_its_order_and_a_game_gone_stays_greyed_out() -> None:
    friday = FoundGame("Friday", "10.0.0.1", 1, "classic", "2/3", "lobby", "4", "aaa")
    saturday = FoundGame("Saturday", "10.0.0.2", 1, "classic", "1/3", "lobby", "4", "bbb")
    app = ListedApp(friday)
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen)
        games = lobby.query_one("#games")
        lobby.show_games([saturday, friday])  # announced in another order: the list keeps its own
        assert [games.get_option_at_index(i).id for i in range(2)] == ["aaa", "bbb"]
        games.highlighted = 1  # Saturday
        lobby.show_games([saturday])  # Friday has gone
        gone = games.get_option_at_index(0)
        assert gone.disabled and "not seen" in str(gone.prompt)
        assert games.get_option_at_index(games.highlighted).id == "bbb"  # still on Saturday
        lobby.show_games([friday, saturday])  # back again
        assert not games.get_option_at_index(0).disabled


@pytest.mark.asyncio
async def test_a_game_gone_when_chosen_brings_the_player_back_to_the_list() -> None:
    nowhere = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = nowhere.sockets[0].getsockname()[1]
    nowhere.close()
    await nowhere.wait_closed()  # nothing listens there any more
    app = ListedApp(FoundGame("Gone", "127.0.0.1", port, "classic", "1/3", "lobby", "4", "g"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.click("#games")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.client is None)
        await until(pilot, lambda: any("no longer there" in n.message for n in app._notifications))


@pytest.mark.asyncio
async def test_esc_leaves_the_chat_then_the_table_of_a_game_not_begun() -> None:
    host, app = await friday(bots=1)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.click("#games")
            await pilot.press("enter")
            seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
            await until(pilot, lambda: host.taken() == 2)  # the player and the bot
            seats.query_one("#lobby-say").focus()
            await pilot.press("escape")
            assert app.screen is seats and not seats.query_one("#lobby-say").has_focus
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await until(pilot, lambda: host.taken() == 1)  # the seat is free again
    finally:
        await host.close()


@pytest.mark.asyncio
async def test_a_full_game_says_so_and_f2_watches_it() -> None:
    host = Host(HostConfig(name="Full", seats=3, bots=2, absent_after=None))
    port = await host.serve("127.0.0.1", 0)
    # zoe takes the last seat, and the game waits on her.
    zoe = asyncio.create_task(Client("zoe").run("127.0.0.1", port))
    app = ListedApp(FoundGame("Full", "127.0.0.1", port, "classic", "3/3", "playing", "4", "f"))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.click("#games")
            await pilot.press("enter")  # every seat taken: back to the list, told to watch
            full = say("en", "game_full")
            await until(pilot, lambda: any(full == n.message for n in app._notifications))
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.client is None)
            # A new list (no multicast here, so empty): F2 says what it needs; then, with the
            # game's address typed, it watches that game.
            await pilot.press("f2")
            chosen = say("en", "watch_choose")
            await until(pilot, lambda: any(chosen == n.message for n in app._notifications))
            await pilot.click("#address")
            await pilot.press(*f"127.0.0.1:{port}", "f2")
            screen = await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen)
            await until(pilot, lambda: screen.turn.game is not None)
            assert app.seat == "w1" and app.client.watch
            assert [s.name for s in host.seats] == ["zoe", "bot-1", "bot-2"]
    finally:
        zoe.cancel()
        await host.close()


@pytest.mark.asyncio
async def test_a_lobby_change_arriving_as_the_app_quits_is_let_go() -> None:
    """The lobby's news (a seat freed, a ping's notice) may come after the app has closed its
    screens: it used to end the app with a traceback."""
    from risk_lan.tui.client_messages import ChatLine, LobbyChanged

    app = RiskApp(name="ann", local=LocalHost(HostConfig(seats=3, bots=1), "127.0.0.1", 0, True))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SeatsScreen))
        await app.action_quit()
    assert not app.screen_stack
    app.lobby_changed(LobbyChanged({"seats": [], "watchers": ["eve"]}))
    assert app.watchers == ["eve"]
    app.chat_line(ChatLine("p2", "bob", "bye"))
