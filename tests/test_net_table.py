"""The table in the lobby, over real sockets: only the host's own player may change the mode,
the seats and the bots; the seated keep their seats and colours, everyone is asked to be
ready again, and bots are ready again at once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client, Listener
from risk_lan.net.host.announcing import announcement
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.rules import TradeCards

pytestmark = pytest.mark.asyncio


class Watching(Listener):
    def __init__(self) -> None:
        self.lobbies: list[dict[str, Any]] = []
        self.refusals: list[tuple[str, str]] = []

    def lobby(self, message: dict[str, Any]) -> None:
        self.lobbies.append(message)

    def refused(self, code: str, message: str) -> None:
        self.refusals.append((code, message))


async def until(check: Any, timeout: float = 5.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while not (value := check()):
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)
    return value


async def test_only_the_owner_changes_the_table_and_the_seated_keep_their_seats() -> None:
    host = Host(HostConfig(name="Friday", seats=4, bots=1))
    port = await host.serve("127.0.0.1", 0)
    owner_sees, guest_sees = Watching(), Watching()
    owner = Client("ann", listener=owner_sees, auto_ready=False)
    host.owner_key = owner.identity.public_key
    guest = Client("bob", listener=guest_sees, auto_ready=False)
    bot = Client("botty", ClassicBot())  # a bot joined from elsewhere: ready by itself
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (owner, guest)]
    try:
        await until(lambda: owner.seat and guest.seat)
        tasks.append(asyncio.create_task(bot.run("127.0.0.1", port)))
        await until(lambda: host.taken() == 4 and host.seat_by_id(bot.seat).ready)
        guest.ready()
        await until(lambda: host.seat_by_id(guest.seat).ready)
        assert guest_sees.lobbies[-1]["owner"] == owner.seat
        seated = {s.id: (s.name, s.colour) for s in host.seats if s.kind == "human"}

        guest.set_table("classic-2015", 5, 0)  # not the host's player: refused, nothing changes
        await until(lambda: guest_sees.refusals)
        assert guest_sees.refusals[-1][0] == "table"
        assert (host.config.mode, len(host.seats)) == ("classic", 4)

        owner.set_table("classic-2015", 6, 0)  # that rule set seats at most 5
        await until(lambda: owner_sees.refusals)
        assert "3 to 5" in owner_sees.refusals[-1][1]
        owner.set_table("classic", 3, 1)  # three players are seated: no room for a bot
        await until(lambda: len(owner_sees.refusals) == 2)
        assert (host.config.mode, len(host.seats)) == ("classic", 4)

        changes = 0

        def changed() -> None:
            nonlocal changes
            changes += 1

        host.on_change = changed  # what keeps the LAN announcement up to date
        owner.set_table("classic-2015", 5, 1)
        await until(lambda: guest_sees.lobbies[-1]["mode"] == "classic-2015")
        assert changes and announcement(host)["mode"] == "classic-2015"
        assert announcement(host)["seats"] == "4/5"
        lobby = guest_sees.lobbies[-1]
        assert lobby["total"] == 5 and [s["kind"] for s in lobby["seats"]] == (
            ["human"] * 3 + ["open", "bot"]
        )
        assert {s.id: (s.name, s.colour) for s in host.seats if s.kind == "human"} == seated
        assert len({s["colour"] for s in lobby["seats"]}) == 5
        assert len({s["seat"] for s in lobby["seats"]}) == 5
        assert not host.seat_by_id(guest.seat).ready  # ready for the old table only
        await until(lambda: host.seat_by_id(bot.seat).ready)  # the bot is ready again

        owner.set_table("classic-2015", 4, 1)  # and back to a full table; everyone ready
        await until(lambda: host.config.seats == 4 and host.taken() == 4)
        owner.ready()
        guest.ready()
        await until(lambda: host.state == "playing")
        assert host.match is not None and host.config.mode == "classic-2015"
        guest.set_table("classic", 4, 1)  # too late for anyone
        await until(lambda: len(guest_sees.refusals) == 2)
    finally:
        await host.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_move_beyond_the_wires_limits_is_refused_at_home_and_never_sent() -> None:
    # The host closes a connection on an act outside the wire's limits; sent again after
    # each reconnection, it would leave the seat silent for good.
    host = Host(HostConfig(seats=3, bots=2))
    port = await host.serve("127.0.0.1", 0)
    sees = Watching()
    player = Client("ann", listener=sees)
    task = asyncio.create_task(player.run("127.0.0.1", port))
    try:
        await until(lambda: player.view is not None, timeout=20)
        conn, seq = player.conn, player.kept.seq
        assert host.match is not None
        eleven = tuple(sorted(host.match.game.board.territory_ids)[:11])
        player.act(TradeCards(eleven))
        assert sees.refusals == [("unsendable", "this move breaks the protocol's limits")]
        assert (player.kept.seq, player.outstanding, player.queued) == (seq, 0, [])
        player.act(TradeCards(eleven[:10]))  # within the limits: the host answers for it
        await until(lambda: len(sees.refusals) == 2, timeout=10)
        # Judged as a move (out of its phase or its turn), not as a message of a bad shape.
        assert sees.refusals[-1][0] in ("wrong_phase", "not_your_turn"), sees.refusals
        assert player.conn is conn
    finally:
        await host.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
