"""Bots by level at a host, over real sockets: each bot seat plays at its level, the table is
told it (`lobby`, `start`), the host's player changes it in the lobby, and a bot that thinks
a while never freezes the host or the client it plays for (its choice is worked out in a
worker thread, while the loop answers everyone else)."""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
import pytest

from risk_lan.bots import ClassicBot, EasyBot, HardBot
from risk_lan.bots.base import Bot
from risk_lan.net.client import Client, Listener
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostsave import SaveError, load_save
from risk_lan.net.host.hostserver import Host
from risk_lan.rules import Action, Game

pytestmark = pytest.mark.asyncio


class SlowBot:
    """The normal bot, thinking ``seconds`` over each choice; ``busy`` is set meanwhile."""

    name = "normal"

    def __init__(self, seconds: float = 1.0) -> None:
        self.inner, self.seconds = ClassicBot(), seconds
        self.busy = threading.Event()
        self.choices = 0

    def opening(self, game: Game, player: str) -> list[Action]:
        return self.inner.opening(game, player)

    def choose(self, game: Game, player: str) -> Action:
        self.busy.set()
        try:
            time.sleep(self.seconds)
            return self.inner.choose(game, player)
        finally:
            self.choices += 1
            self.busy.clear()


@dataclass
class SlowBotsConfig(HostConfig):
    """A table whose bot seats are played by one slow bot."""

    slow: SlowBot | None = None

    def bot(self, level: str) -> Bot:
        assert self.slow is not None
        return self.slow


class Chatty(Listener):
    """Notes each chat line, and whether the slow bot was thinking as it arrived."""

    def __init__(self, slow: SlowBot) -> None:
        self.slow = slow
        self.lines: list[tuple[str, bool]] = []
        self.lobbies: list[dict[str, Any]] = []
        self.players: list[dict[str, Any]] = []
        self.refusals: list[tuple[str, str]] = []

    def chat(self, seat: str, name: str, text: str) -> None:
        self.lines.append((text, self.slow.busy.is_set()))

    def lobby(self, message: dict[str, Any]) -> None:
        self.lobbies.append(message)

    def started(self, players: list[dict[str, Any]]) -> None:
        self.players = players

    def refused(self, code: str, message: str) -> None:
        self.refusals.append((code, message))


async def until(check: Any, timeout: float = 20.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while not (value := check()):
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)
    return value


async def _answered_while_thinking(speaker: Client, sees: Chatty, slow: SlowBot) -> None:
    """While ``slow`` is mid-choice, ``speaker`` says something and hears it back from the
    host before the choice is in."""
    for attempt in range(5):
        await until(slow.busy.is_set)
        line = f"still there? {attempt}"
        speaker.say(line)
        await until(lambda line=line: any(t == line for t, _ in sees.lines))
        if any(busy for _, busy in sees.lines):
            return
    raise AssertionError(f"no answer came while the bot was thinking: {sees.lines}")


async def test_a_host_bot_thinking_a_second_never_stalls_the_others() -> None:
    slow = SlowBot(1.0)
    host = Host(SlowBotsConfig(seats=3, bots=1, slow=slow))
    port = await host.serve("127.0.0.1", 0)
    sees = Chatty(slow)
    players = [Client("ann", ClassicBot(), listener=sees), Client("bob", EasyBot(3))]
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in players]
    try:
        await _answered_while_thinking(players[0], sees, slow)
        assert sees.players and sees.players[2]["level"] == "normal"
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await host.close()


async def test_a_clients_bot_thinking_a_second_never_stalls_its_loop() -> None:
    # Host, players and the slow bot's client share this one loop: a choice made on the loop
    # would hold every answer back until it was made.
    slow = SlowBot(1.0)
    host = Host(HostConfig(seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    sees = Chatty(slow)
    clients = [Client("ann", ClassicBot(), listener=sees), Client("slow", slow)]
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
    try:
        await _answered_while_thinking(clients[0], sees, slow)
        await until(lambda: slow.choices >= 2)  # its choices are played: the game goes on
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await host.close()


async def test_the_lobby_and_the_start_tell_each_bots_level_and_the_owner_changes_it() -> None:
    host = Host(HostConfig(seats=4, bots=2, levels=("easy",)))
    port = await host.serve("127.0.0.1", 0)
    owner_sees, guest_sees = Chatty(SlowBot()), Chatty(SlowBot())
    owner = Client("ann", listener=owner_sees, auto_ready=False)
    host.owner_key = owner.identity.public_key
    guest = Client("bob", listener=guest_sees, auto_ready=False)
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (owner, guest)]

    def levels(sees: Chatty) -> list[str | None]:
        seats = sees.lobbies[-1]["seats"] if sees.lobbies else []
        return [s.get("level") for s in seats]

    try:
        await until(lambda: owner.seat and guest.seat)
        await until(lambda: levels(guest_sees) == [None, None, "easy", "normal"])
        guest.set_table("classic", 4, 2, ["hard", "hard"])  # not the host's player: refused
        await until(lambda: guest_sees.refusals)
        owner.set_table("classic", 4, 2, ["normal", "genius"])  # no such level: refused
        await until(lambda: owner_sees.refusals)
        assert "not a bot level" in owner_sees.refusals[-1][1]
        assert [s.level for s in host.seats] == ["", "", "easy", "normal"]

        owner.set_table("classic", 4, 2, ["normal", "easy"])
        await until(lambda: levels(guest_sees) == [None, None, "normal", "easy"])
        owner.set_table("classic", 5, 3)  # levels left out: the bots keep theirs
        await until(lambda: levels(guest_sees) == [None, None, "normal", "easy", "normal"])
        owner.ready()
        guest.ready()
        await until(lambda: guest_sees.players)
        told = {p["name"]: p.get("level") for p in guest_sees.players}
        assert told == {
            "ann": None,
            "bob": None,
            "bot-1": "normal",
            "bot-2": "easy",
            "bot-3": "normal",
        }
        match = host.match
        assert match is not None
        bots = match.handovers.bots
        assert sorted(bot.name for bot in bots.values()) == ["easy", "normal", "normal"]
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await host.close()


async def test_a_seat_a_clients_bot_plays_is_told_to_the_table_with_its_level() -> None:
    # ``join --bot hard`` and ``join --bot-exec``: the client says so in its hello.
    host = Host(HostConfig(seats=3, bots=0))
    port = await host.serve("127.0.0.1", 0)
    sees = Chatty(SlowBot())
    clients = [
        Client("ann", listener=sees, auto_ready=False),
        Client("hal", HardBot(1, think=0.05)),
        Client("eve", EasyBot(2)),
    ]
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
    try:
        await until(lambda: sees.lobbies and len([s for s in sees.lobbies[-1]["seats"]
                                                   if s["kind"] == "human"]) == 3)  # fmt: skip
        seats = {s["name"]: (s["kind"], s.get("level")) for s in sees.lobbies[-1]["seats"]}
        assert seats == {"ann": ("human", None), "hal": ("human", "hard"), "eve": ("human", "easy")}
        clients[0].ready()
        await until(lambda: sees.players)
        assert {p["name"]: p.get("level") for p in sees.players} == {
            "ann": None,
            "hal": "hard",
            "eve": "easy",
        }
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await host.close()


def _moves_saved(path: Path) -> int:
    try:
        return sum(1 for e in load_save(path)[1] if e.get("body", {}).get("type") == "move")
    except SaveError:
        return 0


async def test_a_save_keeps_the_levels_and_one_from_before_levels_resumes_with_normal_bots(
    tmp_path: Path,
) -> None:
    save = tmp_path / "game.save"
    host = Host(HostConfig(seats=3, bots=2, levels=("easy", "normal"), save=str(save)))
    port = await host.serve("127.0.0.1", 0)
    player = Client("ann", ClassicBot())
    task = asyncio.create_task(player.run("127.0.0.1", port))
    try:
        await until(lambda: _moves_saved(save) >= 5)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await host.close()
    resumed = Host.resume(save)
    assert [(s.kind, s.level) for s in resumed.seats] == [
        ("human", ""),
        ("bot", "easy"),
        ("bot", "normal"),
    ]
    assert resumed.match is not None
    assert sorted(b.name for b in resumed.match.handovers.bots.values()) == ["easy", "normal"]

    # The same game, as a risk-lan of before levels saved it: no level on any seat.
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(save.read_bytes())
    header, *rest = list(unpacker)
    for seat in header["host"]["seats"]:
        del seat["level"]
    old = tmp_path / "old.save"
    old.write_bytes(b"".join(msgpack.packb(item, use_bin_type=True) for item in [header, *rest]))
    resumed = Host.resume(old)
    assert [s.level for s in resumed.seats] == ["", "normal", "normal"]
    assert resumed.match is not None
    assert [b.name for b in resumed.match.handovers.bots.values()] == ["normal", "normal"]
