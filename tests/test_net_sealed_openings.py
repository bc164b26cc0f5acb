"""Each opening of a sealed card is checked once by each peer, and never by its maker (issue
27), over TCP on 127.0.0.1: the host checks a player's opening as it judges the act and takes
it in unchecked when the move is made; its own bot's openings, and a client's own, are never
checked where they were made. Every other peer checks each one once."""

from __future__ import annotations

import asyncio
import inspect
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import protocol.sealeddeck as sealeddeck
from protocol.sealeddeck import SealedDeck, step_context
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record


def test_each_opening_is_checked_once_by_each_peer_and_never_by_its_maker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks: Counter[tuple[int, bytes]] = Counter()  # by (ledger, the opening's context)
    real = sealeddeck.check_opening

    def counted(*args: Any) -> Any:
        frame = inspect.currentframe()
        while frame is not None and not isinstance(frame.f_locals.get("self"), SealedDeck):
            frame = frame.f_back
        assert frame is not None
        checks[id(frame.f_locals["self"]), args[-1]] += 1
        return real(*args)

    monkeypatch.setattr(sealeddeck, "check_opening", counted)
    makers: set[str] = set()
    # Who trades cards is the dice's: games until a host bot and a player have opened some.
    for game in range(8):
        makers |= one_game(tmp_path / f"g{game}.rec", checks)
        if "host" in makers and makers - {"host"}:
            break
    assert "host" in makers and makers - {"host"}, makers


def one_game(record: Path, checks: Counter[tuple[int, bytes]]) -> set[str]:
    """A sealed game of two players and two host bots; each opening's checks judged by the
    ledger that made them. Returns the parties that opened cards."""

    async def main() -> tuple[Host, list[Client]]:
        host = Host(HostConfig(seats=4, bots=2, sealed=True, record=str(record)))
        port = await host.serve("127.0.0.1", 0)
        clients = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        runs = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
        try:
            outcomes = await asyncio.wait_for(asyncio.gather(*runs), 240)
        finally:
            await host.close()
        assert all(o.error is None for o in outcomes), outcomes
        return host, clients

    host, clients = asyncio.run(main())
    assert verify_record(record).ok
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None
    ledgers = {"host": hosts}
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None
        ledgers[c.seat] = c.witness.ledger
    opened = [e for e in hosts.journal if e.get("kind") == "open"]
    for entry in opened:
        token, maker = entry["token"], entry["party"]
        context = step_context(hosts.game_id, hosts.slots[token].deal, token, "open", maker)
        for who, ledger in ledgers.items():
            assert checks[id(ledger), context] == (0 if who == maker else 1), (who, token)
    return {e["party"] for e in opened}
