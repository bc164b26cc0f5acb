"""Coming into a lobby, over real sockets: a game's password is proved, never sent (the
bytes on the wire are checked); a wrong one is refused and changes nothing; the host's player
lets each joiner in or not; a player whose app stops answering loses its seat and the others
are told."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from protocol.messages import PROTOCOL_VERSION
from protocol.password import password_key
from risk_lan.net.client import Client, Listener
from risk_lan.net.connection import Connection
from risk_lan.net.host import admission
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from tests.test_net_lobby_hold import squat, until

pytestmark = pytest.mark.asyncio


class Hears(Listener):
    def __init__(self) -> None:
        self.seat = ""
        self.waiting = False
        self.knocked: list[list[dict[str, Any]]] = []
        self.notices: list[tuple[str, str]] = []
        self.refusals: list[tuple[str, str]] = []

    def refused(self, code: str, message: str) -> None:
        self.refusals.append((code, message))

    def joined(self, seat: str, colour: str) -> None:
        self.seat = seat

    def awaiting(self) -> None:
        self.waiting = True

    def knocks(self, joiners: list[dict[str, Any]]) -> None:
        self.knocked.append(joiners)

    def notice(self, code: str, name: str) -> None:
        self.notices.append((code, name))


async def relay(port: int, wire: bytearray) -> tuple[asyncio.Server, int]:
    """A TCP relay to the host on ``port`` that keeps every byte either way in ``wire``."""

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                wire.extend(data)
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def joined(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host_reader, host_writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.gather(pipe(reader, host_writer), pipe(host_reader, writer))

    server = await asyncio.start_server(joined, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def test_the_password_is_proved_never_sent_and_a_wrong_one_changes_nothing() -> None:
    host = Host(HostConfig(name="Locked", seats=3, bots=1, password="correct horse"))
    port = await host.serve("127.0.0.1", 0)
    wire = bytearray()
    server, relayed = await relay(port, wire)
    try:
        wrong = Client("mallory", password="battery staple", retries=0)
        outcome = await asyncio.wait_for(wrong.run("127.0.0.1", relayed), 10)
        assert outcome.error and outcome.error.startswith("bad_password:")
        none = Client("nobody", retries=0)
        outcome = await asyncio.wait_for(none.run("127.0.0.1", relayed), 10)
        assert outcome.error and outcome.error.startswith("needs_password:")
        assert host.taken() == 1  # the bot's seat alone: nothing changed

        hears = Hears()
        right = Client("alice", password="correct horse", listener=hears, auto_ready=False)
        task = asyncio.create_task(right.run("127.0.0.1", relayed))
        await until(lambda: hears.seat, 10)
        assert [s.name for s in host.seats if s.kind == "human"] == ["alice"]
        for secret in ("correct horse", "battery staple"):
            assert secret.encode() not in wire
            assert password_key(secret, host.admission.salt) not in wire
        assert host.admission.salt in wire  # the challenge did travel
        task.cancel()
    finally:
        server.close()
        await host.close()


async def test_the_hosts_player_lets_one_joiner_in_and_turns_another_away() -> None:
    host = Host(HostConfig(name="Guarded", seats=3, bots=0, approve=True))
    port = await host.serve("127.0.0.1", 0)
    owner_hears, carl_hears, dan_hears = Hears(), Hears(), Hears()
    owner = Client("ann", listener=owner_hears, auto_ready=False)
    host.owner_key = owner.identity.public_key
    carl = Client("carl", listener=carl_hears, auto_ready=False)
    dan = Client("dan", listener=dan_hears, auto_ready=False, retries=0)
    tasks = [asyncio.create_task(owner.run("127.0.0.1", port))]
    try:
        await until(lambda: owner_hears.seat, 5)  # the host's own player asks nobody
        tasks.append(asyncio.create_task(carl.run("127.0.0.1", port)))
        await until(lambda: carl_hears.waiting and owner_hears.knocked, 5)
        assert owner_hears.knocked[-1] == [{"id": "j1", "name": "carl"}]
        assert not carl_hears.seat and host.taken() == 1
        dan_run = asyncio.create_task(dan.run("127.0.0.1", port))
        await until(lambda: len(owner_hears.knocked[-1]) == 2, 5)

        owner.command("admit", id="j1", yes=True)
        await until(lambda: carl_hears.seat, 5)
        assert [s.name for s in host.seats if s.kind == "human"] == ["ann", "carl"]
        carl.command("admit", id="j2", yes=True)  # not the host's player: refused
        await until(lambda: carl_hears.refusals, 5)
        assert carl_hears.refusals[-1][0] == "table" and not dan_run.done()
        owner.command("admit", id="j2", yes=False)
        outcome = await asyncio.wait_for(dan_run, 5)
        assert outcome.error and outcome.error.startswith("turned_away:")
        await until(lambda: owner_hears.knocked[-1] == [], 5)
        assert host.taken() == 2
    finally:
        for task in tasks:
            task.cancel()
        await host.close()


async def test_a_silent_player_loses_its_seat_and_the_others_are_told(monkeypatch) -> None:
    monkeypatch.setattr(admission, "PING_EVERY", 0.2)
    monkeypatch.setattr(admission, "SILENT_AFTER", 0.6)
    host = Host(HostConfig(name="Busy", seats=3, bots=0))
    port = await host.serve("127.0.0.1", 0)
    hears = Hears()
    honest = Client("erin", listener=hears, auto_ready=False)
    task = asyncio.create_task(honest.run("127.0.0.1", port))
    try:
        await until(lambda: hears.seat, 5)
        said = await asyncio.wait_for(squat(port, "ghost"), 5)
        assert said[-1]["code"] == "silent"
        await until(lambda: hears.notices, 5)
        assert hears.notices == [("silent", "ghost")]
        await asyncio.sleep(1.0)  # several pings answered: the honest seat stays
        assert [s.name for s in host.seats if s.kind == "human"] == ["erin"]
    finally:
        task.cancel()
        await host.close()


async def test_a_seat_kept_on_disk_and_freed_in_the_lobby_gives_way_to_a_new_one(tmp_path) -> None:
    """An app killed in the lobby (or let go for not answering) comes back with a token the
    host no longer has: it forgets that seat and asks for a new one, rather than stop."""
    host = Host(HostConfig(name="Again", seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    kept = tmp_path / "seat.json"
    first_hears, again_hears = Hears(), Hears()
    first = Client("carl", listener=first_hears, auto_ready=False, state_path=kept)
    task = asyncio.create_task(first.run("127.0.0.1", port))
    try:
        await until(lambda: first_hears.seat and kept.exists(), 5)
        task.cancel()
        await until(lambda: host.taken() == 1, 5)  # gone from the lobby: the seat is free
        again = Client("carl", listener=again_hears, auto_ready=False, state_path=kept)
        task = asyncio.create_task(again.run("127.0.0.1", port))
        await until(lambda: again_hears.seat or task.done(), 5)
        assert not task.done(), task.result()
        assert [s.name for s in host.seats if s.kind == "human"] == ["carl"]
    finally:
        task.cancel()
        await host.close()


async def test_a_connection_back_with_a_token_must_answer_too(monkeypatch) -> None:
    """A seat's token and key taken up by a connection that then says nothing: it is let go
    like any other silent one (it was counted as ever fresh, never having spoken)."""
    monkeypatch.setattr(admission, "PING_EVERY", 0.2)
    monkeypatch.setattr(admission, "SILENT_AFTER", 0.6)
    host = Host(HostConfig(name="Tokens", seats=3, bots=1))
    port = await host.serve("127.0.0.1", 0)
    hears = Hears()
    carl = Client("carl", listener=hears, auto_ready=False, retries=0)
    task = asyncio.create_task(carl.run("127.0.0.1", port))
    try:
        await until(lambda: hears.seat and carl.kept.token, 5)
        conn = await Connection.open("127.0.0.1", port)
        hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "carl", "have": 0}
        conn.send({**hello, "key": carl.identity.public_key, "token": carl.kept.token})
        said = await asyncio.wait_for(collect(conn), 5)
        assert said[0]["type"] == "welcome" and said[-1]["code"] == "silent"
        await until(lambda: host.taken() == 1, 5)
    finally:
        task.cancel()
        await host.close()


async def collect(conn: Connection) -> list[dict[str, Any]]:
    said = [m async for m in conn.messages()]
    conn.close()
    return said


async def test_a_game_resumed_with_a_password_asks_it_of_spectators(tmp_path) -> None:
    """The password is never saved: ``risk-lan host --resume FILE --password`` asks for the
    one given then."""
    from risk_lan.net.host.hoststart import resumed_host

    save = tmp_path / "game.save"
    host = Host(HostConfig(name="Kept", seats=3, bots=2, save=str(save), absent_after=None))
    port = await host.serve("127.0.0.1", 0)
    idle = Client("ida", auto_ready=True)  # plays nothing: the game waits for it
    task = asyncio.create_task(idle.run("127.0.0.1", port))
    try:
        await until(lambda: host.match is not None and save.exists(), 10)
    finally:
        task.cancel()
        await host.close()
    again = resumed_host(str(save), HostConfig(password="sesame"))
    assert not isinstance(again, str), again
    port = await again.serve("127.0.0.1", 0)
    try:
        stranger = Client("eve", watch=True, retries=0)
        outcome = await asyncio.wait_for(stranger.run("127.0.0.1", port), 10)
        assert outcome.error and outcome.error.startswith("needs_password:")
        hears = Hears()
        friend = Client("fay", watch=True, password="sesame", listener=hears)
        watching = asyncio.create_task(friend.run("127.0.0.1", port))
        await until(lambda: hears.seat == "w1", 10)
        watching.cancel()
    finally:
        await again.close()


async def test_a_made_up_token_is_no_way_round_the_password() -> None:
    """A token proves a seat or a spectator's place the host gave; one made up, for a seat or
    to watch, is asked the password like any newcomer (it used to be let in to watch)."""
    import secrets

    host = Host(HostConfig(name="Locked", seats=3, bots=1, password="correct horse"))
    port = await host.serve("127.0.0.1", 0)
    try:
        for watch in (True, False):
            stranger = Client("mallory", watch=watch, retries=0)
            stranger.kept.token = secrets.token_bytes(16)
            outcome = await asyncio.wait_for(stranger.run("127.0.0.1", port), 10)
            assert outcome.error and outcome.error.startswith("needs_password:"), outcome
        assert host.taken() == 1 and not host.watchers
    finally:
        await host.close()
