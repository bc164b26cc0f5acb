"""The app says who was expelled and why, in English and French: another player's expulsion
in the log and the players panel; its own on its screen, at the end, and when F9 would take
the seat back. A real host on 127.0.0.1, a real cheating client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tui_helpers import screen_text, until

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Outcome
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.hostwords import sentence
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.game_over_screen import GameOverScreen
from risk_lan.tui.screens.game_screen import GameScreen
from risk_lan.tui.texts.stop_reasons import why_stopped

pytestmark = pytest.mark.asyncio
SIZE = (120, 40)


def flat(text: str) -> str:
    return " ".join(text.split())


class GarbageLink(Client):
    """Reveals zeros for the first roll (the deal)."""

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "reveal" and body["roll"] == 1:
            body = {**body, "link": bytes(32)}
        return super()._send_signed(body)


@pytest.mark.parametrize(
    "lang, said, mark",
    [
        ("en", "The host expelled cheat from the game: that player's app sent a share of the"
         " dice that does not match the one it committed to.", "(expelled)"),
        ("fr", "L'hôte a exclu cheat de la partie : l'application de ce joueur a envoyé une"
         " part des dés qui ne correspond pas à celle à laquelle elle s'était engagée.",
         "(exclu)"),
    ],
)  # fmt: skip
async def test_another_player_expelled_is_said_in_the_log_and_marked(
    lang: str, said: str, mark: str
) -> None:
    host = Host(HostConfig(seats=3, bots=1, absent_after=None))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", lang=lang, address=("127.0.0.1", port), auto_ready=True, pace=0)
    cheat = GarbageLink("cheat", ClassicBot())
    cheat.reclaim_when_taken = False
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.client is not None and app.client.seat)
            task = asyncio.create_task(cheat.run("127.0.0.1", port))
            outcome = await asyncio.wait_for(task, 20)
            assert outcome.error == "expelled: bad_reveal"
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await until(pilot, lambda: said in flat(screen_text(app, "log")))
            await until(pilot, lambda: mark in screen_text(app, "players"))
    finally:
        await host.close()


class ExpelledHere(Client):
    """The app's own client, revealing zeros for the deal's roll."""

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "reveal" and body["roll"] == 1:
            body = {**body, "link": bytes(32)}
        return super()._send_signed(body)


@pytest.mark.parametrize(
    "lang, said, f9, title, status",
    [
        ("en", "The host expelled you from the game: your app sent a share of the dice",
         "You were expelled from this game: you cannot take your seat back.",
         "You are out of this game: the others play on.", "expelled: a bot plays your seat"),
        ("fr", "L'hôte vous a exclu de la partie : votre application a envoyé une part des dés",
         "Vous avez été exclu de cette partie : vous ne pouvez pas reprendre votre place.",
         "Vous êtes hors de cette partie : les autres jouent la suite.",
         "exclu : un robot joue votre place"),
    ],
)  # fmt: skip
async def test_the_expelled_player_is_told_and_f9_says_the_seat_cannot_come_back(
    lang: str, said: str, f9: str, title: str, status: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import risk_lan.tui.app as app_module

    monkeypatch.setattr(app_module, "Client", ExpelledHere)
    host = Host(HostConfig(seats=3, bots=1, absent_after=None))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", lang=lang, address=("127.0.0.1", port), auto_ready=True, pace=0)
    other = Client("other", ClassicBot())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.client is not None and app.client.seat)
            task = asyncio.create_task(other.run("127.0.0.1", port))
            over = await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen)
            box = flat(str(over.query_one("#over-box").render()))
            assert box.startswith(title) and said in box, box
            assert said in flat(screen_text(app, "log"))
            assert status in screen_text(app, "status")  # not "game stopped": it goes on
            app.pop_screen()
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert f9 not in flat(screen_text(app, "log"))
            await pilot.press("f9")
            await until(pilot, lambda: f9 in flat(screen_text(app, "log")))
            # The game goes on without it, to a winner.
            outcome = await asyncio.wait_for(task, 60)
            assert outcome.error is None and outcome.winner, outcome
    finally:
        await host.close()


async def test_coming_back_to_a_game_that_expelled_this_app_says_why_in_its_language() -> None:
    # The host's own words to a seat that comes back, as the client reports them.
    outcome = Outcome(error=f"expelled: {sentence('equivocation')}")
    said = why_stopped(outcome, "p1", {}, "fr")
    assert said.startswith("L'hôte vous a exclu de la partie : votre application a envoyé un")
    assert "historique de la partie que l'hôte n'a jamais envoyé" in said
    assert "you" not in said
    said = why_stopped(Outcome(error="expelled: bad_signature"), "p1", {}, "en")
    assert "your app sent a message in its name that its key did not sign" in said
