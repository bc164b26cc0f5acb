"""Coming into a lobby in the app, driven with Pilot: the password asked in a dialog (again
after a wrong one), the host's player asked whether to let each joiner in (in English and
French), the joiner told it waits and, turned away, told so in a sentence."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import until

from risk_lan.net.client import Client
from risk_lan.net.discovery import FoundGame
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.tui.app import LocalHost, RiskApp
from risk_lan.tui.screens.knock_screen import KnockScreen
from risk_lan.tui.screens.lobby_screen import LobbyScreen
from risk_lan.tui.screens.password_screen import PasswordScreen
from risk_lan.tui.screens.seats_screen import SeatsScreen
from risk_lan.tui.texts.catalogue import say

pytestmark = pytest.mark.asyncio


def seats_text(app: RiskApp) -> str:
    if not isinstance(app.screen, SeatsScreen):
        return ""
    return str(app.screen.query_one("#seats").render())


def asking(app: RiskApp, kind: type, before: object = None) -> object:
    """The dialog of ``kind`` on top, if it is not ``before``."""
    screen = app.screen
    return isinstance(screen, kind) and screen is not before and screen


async def test_the_password_is_asked_in_a_dialog_and_asked_again_when_wrong() -> None:
    host = Host(HostConfig(name="Locked", seats=3, bots=1, password="sesame"))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="zoe", address=("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            asked = await until(pilot, lambda: asking(app, PasswordScreen))
            assert not asked.query("#password-wrong")
            await pilot.press(*"guess", "enter")
            again = await until(pilot, lambda: asking(app, PasswordScreen, asked))
            assert say("en", "password_wrong") in str(again.query_one("#password-wrong").render())
            assert "guess" not in str(again.query_one("#password").render())
            assert host.taken() == 1
            await pilot.press(*"sesame", "enter")
            await until(pilot, lambda: "zoe (you)" in seats_text(app))
            assert [s.name for s in host.seats if s.kind == "human"] == ["zoe"]
    finally:
        await host.close()


@pytest.mark.parametrize(
    ("lang", "yes", "question"), [("en", "y", "carl wants to join"), ("fr", "o", "carl veut")]
)
async def test_the_hosts_player_is_asked_about_each_joiner(lang, yes, question) -> None:
    config = HostConfig(name="Guarded", seats=3, bots=0, approve=True)
    app = RiskApp(name="ann", lang=lang, local=LocalHost(config))
    carl, dan = Client("carl", auto_ready=False), Client("dan", auto_ready=False, retries=0)
    tasks: list[asyncio.Task] = []
    async with app.run_test(size=(120, 40)) as pilot:
        seats = await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen)
        await until(pilot, lambda: seats.owns_table())
        host = app.local_host
        assert host is not None and host.server is not None
        port = host.server.sockets[0].getsockname()[1]
        tasks.append(asyncio.create_task(carl.run("127.0.0.1", port)))
        knock = await until(pilot, lambda: isinstance(app.screen, KnockScreen) and app.screen)
        assert question in str(knock.query_one("#knock-question").render())
        await pilot.press(yes)
        await until(pilot, lambda: carl.seat and "carl" in seats_text(app))
        dan_run = asyncio.create_task(dan.run("127.0.0.1", port))
        knock = await until(pilot, lambda: isinstance(app.screen, KnockScreen) and app.screen)
        assert "dan" in str(knock.query_one("#knock-question").render())
        await pilot.press("n")
        outcome = await asyncio.wait_for(dan_run, 5)
        assert outcome.error and outcome.error.startswith("turned_away:")
        assert isinstance(app.screen, SeatsScreen) and host.taken() == 2
        for task in tasks:
            task.cancel()


async def test_a_joiner_waits_for_approval_and_a_refusal_says_so() -> None:
    host = Host(HostConfig(name="Guarded", seats=3, bots=0, approve=True))
    port = await host.serve("127.0.0.1", 0)
    owner = Client("ann", auto_ready=False)
    host.owner_key = owner.identity.public_key
    owner_task = asyncio.create_task(owner.run("127.0.0.1", port))
    found = FoundGame("Guarded", "127.0.0.1", port, "classic", "1/3", "lobby", "6", "x", "approval")
    app = RiskApp(name="carl", lang="fr")

    async def listed() -> None:
        lobby = LobbyScreen(app.player_name, app.lang, discover=False)
        await app.push_screen(lobby)
        lobby.show_games([found])

    app.begin = listed  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            games = await until(pilot, lambda: app.screen.query("#games") and app.screen)
            assert "(sur accord)" in str(games.query_one("#games").get_option_at_index(0).prompt)
            await pilot.press("tab", "enter")
            waiting = say("fr", "awaiting")
            await until(pilot, lambda: waiting in str(app.screen.query_one("#seats-hint").render()))
            assert host.admission.knocks and host.taken() == 1
            owner.command("admit", id=host.admission.knocks[0].id, yes=False)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            sentence = say("fr", "entry_turned_away")
            await until(pilot, lambda: any(sentence in n.message for n in app._notifications))
    finally:
        owner_task.cancel()
        await host.close()


async def test_a_seat_freed_by_a_headless_hosts_console_is_said_in_the_players_language() -> None:
    host = Host(HostConfig(name="Headless", seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="zoé", lang="fr", address=("127.0.0.1", port))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: "zoé (vous)" in seats_text(app))
            assert host.admission.free("p1") == ""  # what `free p1` on the console does
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            sentence = say("fr", "entry_removed")
            await until(pilot, lambda: any(sentence in n.message for n in app._notifications))
            assert host.taken() == 1
    finally:
        await host.close()
