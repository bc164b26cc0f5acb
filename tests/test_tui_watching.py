"""The app as a spectator's, and as a player's once out of the game, against a real host over
real sockets: the public table, every key answered, the chat, nothing sent to play."""

from __future__ import annotations

import asyncio

import pytest
from tui_helpers import scenario_host, screen_text, set_position, started, until

from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Listener
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.tui.app import RiskApp
from risk_lan.tui.screens.seats_screen import SeatsScreen
from risk_lan.tui.texts.catalogue import say

pytestmark = pytest.mark.asyncio


class Heard(Listener):
    def __init__(self) -> None:
        self.lines: list[tuple[str, str, str]] = []
        self.lobby_seen: dict | None = None

    def chat(self, seat: str, name: str, text: str) -> None:
        self.lines.append((seat, name, text))

    def lobby(self, message: dict) -> None:
        self.lobby_seen = message


async def test_a_spectator_watches_a_game_in_progress_and_plays_nothing() -> None:
    # ann's client sits and never moves: the game waits on her first claim.
    host = Host(HostConfig(seats=3, bots=2, absent_after=None, mode="secret-mission"))
    port = await host.serve("127.0.0.1", 0)
    heard = Heard()
    ann = Client("ann", listener=heard)
    ann_run = asyncio.create_task(ann.run("127.0.0.1", port))
    app = RiskApp(name="eve", address=("127.0.0.1", port), watch=True, pace=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await started(app, pilot)
            assert app.seat == "w1"
            now = await until(pilot, lambda: "watching" in screen_text(app, "now") and
                              screen_text(app, "now"))  # fmt: skip
            assert "Waiting for ann" in now
            assert screen_text(app, "hand").strip() == say("en", "watcher_hand")
            assert say("en", "watcher_objective") in screen_text(app, "secret")
            # Every turn key, and a pick, says why nothing happens; nothing is sent.
            sent = ann.seen  # the host's broadcasts so far (a move would add one)
            for key in ("f2", "f4", "f6", "f7", "enter"):
                screen.turn.hint = None
                await pilot.press(key)
                await until(pilot, lambda: screen.turn.hint is not None)
                assert screen.turn.hint[0] == "pick_watching", key
            assert say("en", "pick_watching") in screen_text(app, "now")
            assert app.client.kept.seq == 0 and app.client.rolls.chain is None
            # The chat reaches the players, marked as a spectator's.
            await pilot.press("tab")
            for ch in "hello":
                await pilot.press(ch)
            await pilot.press("enter")
            await until(pilot, lambda: ("w1", "eve", "hello") in heard.lines)
            assert "eve (watching): hello" in screen_text(app, "chat")
            assert heard.lobby_seen is not None and heard.lobby_seen["watchers"] == ["eve"]
            assert ann.seen == sent  # still waiting on ann: the spectator moved nothing
            # Only the players are seats, and the screen holds no secret of theirs.
            assert [s.id for s in host.seats] == ["p1", "p2", "p3"]
            view = app.last_update["view"]
            assert all(hand is None for hand in view["hands"].values())
            assert all(o is None for o in view["objectives"].values())
    finally:
        ann_run.cancel()
        await host.close()


async def test_the_ready_and_colour_keys_say_why_to_a_spectator_in_the_lobby() -> None:
    host = Host(HostConfig(seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="eve", address=("127.0.0.1", port), watch=True, pace=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SeatsScreen) and app.screen.lobby)
            assert say("en", "watching_table") in str(app.screen.query_one("#seats-hint").render())
            await pilot.press("r")
            told = say("en", "watch_no_seat")
            await until(pilot, lambda: any(told in str(n.message) for n in app._notifications))
            assert not any(s.ready for s in host.seats) and host.watchers[0].id == "w1"
    finally:
        await host.close()


def out_at_once(s) -> None:
    """ann (p1) holds Alaska alone with 1 army; a bot (p3) whose turn it is has a great army
    next door in Kamchatka; bob (p2), a player who is away, holds the rest, so that the game
    waits on him once ann is out."""
    owners = {"alaska": "p1"} | dict.fromkeys(
        ("kamchatka", "yakutsk", "irkutsk", "mongolia", "japan"), "p3"
    )  # from Kamchatka, Alaska is the one territory to attack
    set_position(s, owners, {"alaska": 1, "kamchatka": 30}, rest="p2", phase="attack",
                 current="p3")  # fmt: skip
    s.auto_defend["p1"] = 1  # ann answers at once


async def test_a_player_out_of_the_game_stays_and_watches_it_to_the_end() -> None:
    host = scenario_host(out_at_once, bots=1, absent_after=None)
    port = await host.serve("127.0.0.1", 0)
    app = RiskApp(name="ann", address=("127.0.0.1", port), auto_ready=True, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.seat == "p1")
        bob = asyncio.create_task(Client("bob").run("127.0.0.1", port))
        screen = await started(app, pilot)
        await until(pilot, lambda: "p1" in screen.turn.game.state.eliminated, timeout=30)
        log = await until(pilot, lambda: say("en", "you_out").split(".")[0] in
                          screen_text(app, "log") and screen_text(app, "log"))  # fmt: skip
        assert "Take my seat back" not in log and not screen.taken_over
        now = screen_text(app, "now")
        assert "You are out of the game, eliminated by" in now
        # Off the rolls, with no bot for it, and never handed back.
        assert "p1" not in host.match.rolls.contributors
        await pilot.press("f9")
        assert not app.client.rolls.sent_reveals
        screen.turn.hint = None
        await pilot.press("f2")
        await until(pilot, lambda: screen.turn.hint is not None)
        assert screen.turn.hint[0] == "pick_out"
        assert "Automatic defence" not in now  # nothing left to defend
        # The game goes on: it waits on bob now, as ann's screen says.
        assert "Waiting for bob" in now and not host.match.game.is_over
    bob.cancel()
    await host.close()
