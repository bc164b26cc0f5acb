"""The sealed deck between real peers over TCP on 127.0.0.1 (issue 27): the parties, their
layer keys and escrows in the commitments, the same ledger at every peer and in
``risk-lan verify``; a seat whose escrow is false is refused and named."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.sealeddeck import SealedDeck
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.recordfile import read_record
from risk_lan.net.record.verify import closing_secret, verify_record


def ledger_facts(ledger: SealedDeck) -> tuple[Any, ...]:
    """What every peer's ledger must hold alike: the parties and their keys, each escrow."""
    return (
        ledger.order,
        {p: (bytes(q.layer), q.signing) for p, q in ledger.parties.items()},
        {p: ([bytes(c) for c in e.commitments], e.sealed) for p, e in ledger.escrows.items()},
    )


def deal_facts(ledger: SealedDeck) -> dict[str, Any]:
    """Each deal's tokens, cards, dealers, steps made and points now."""
    return {
        d.id: (d.tokens, d.cards, d.dealers, d.step, [bytes(p) for p in d.deck])
        for d in ledger.deals.values()
    }


async def play_until(
    host: Host, clients: list[Client], reached: Callable[[HostGame], bool], timeout: float
) -> None:
    """Play until the host's game has ``reached`` a point, then stop it (an ``over`` every
    peer and the record take in, which ``risk-lan verify`` accepts as a game stopped)."""
    port = await host.serve("127.0.0.1", 0)
    tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while host.match is None or not reached(host.match):
            assert loop.time() < deadline, "the game did not get there in time"
            assert not any(t.done() for t in tasks), [t.result() for t in tasks if t.done()]
            await asyncio.sleep(0.02)
        host.match.abort(ProtocolError("stopped", "the test has seen what it waited for"))
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks), 30)
        assert all(o.error is None for o in outcomes), outcomes
    finally:
        for t in tasks:
            t.cancel()
        await host.close()


def dealt_and_played(after: int) -> Callable[[HostGame], bool]:
    """The first deal is done, and ``after`` moves more were made."""
    dealt_at: list[int] = []

    def reached(match: HostGame) -> bool:
        ledger = match.deck.ledger if match.deck is not None else None
        if ledger is None or "deal-1" not in ledger.deals or not ledger.deals["deal-1"].done:
            return False
        dealt_at[:] = dealt_at or [match.n]
        return match.n >= dealt_at[0] + after

    return reached


def test_every_peer_and_the_record_hold_the_same_parties_layers_and_escrows(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.rec"
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record)))
    asyncio.run(play_until(host, clients, lambda match: match.n >= 1, timeout=60))
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None and hosts.order == ["host", *(c.seat for c in clients)]
    assert len(hosts.escrows) == 4 and hosts.pending() == []
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None and c.deck is not None
        assert ledger_facts(c.witness.ledger) == ledger_facts(hosts)
        # Each seat opened the share of every other party's escrow sealed to it.
        assert set(c.deck.party.holder.shares) == set(hosts.order) - {c.seat}
        assert c.deck.complaints == []
    assert set(host.match.deck.party.holder.shares) == {c.seat for c in clients}
    envelopes = list(read_record(record))
    replay = GameReplay(closing_secret(envelopes))
    for envelope in envelopes:
        replay.feed(envelope)
    assert replay.ledger is not None and ledger_facts(replay.ledger) == ledger_facts(hosts)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message


class FalseEscrowClient(Client):
    """Commits with an escrow whose proof is not its layer's."""

    def _send_signed(self, body: dict[str, Any]) -> dict[str, Any]:
        if body["type"] == "commit" and "escrow" in body:
            proof = bytearray(body["escrow"]["proof"])
            proof[0] ^= 1
            body = {**body, "escrow": {**body["escrow"], "proof": bytes(proof)}}
        return super()._send_signed(body)


def test_a_seat_whose_escrow_is_false_is_refused_and_named(tmp_path: Path) -> None:
    lines: list[str] = []
    cheat = FalseEscrowClient("cheat", ClassicBot(), retries=0)
    clients = [Client("c0", ClassicBot()), Client("c1", ClassicBot()), cheat]

    async def game() -> Host:
        host = Host(HostConfig(seats=3, sealed=True, log=lines.append, absent_after=None))
        port = await host.serve("127.0.0.1", 0)
        tasks = [asyncio.create_task(c.run("127.0.0.1", port)) for c in clients]
        try:
            deadline = asyncio.get_running_loop().time() + 30
            while not any("bad_escrow" in line for line in lines):
                assert asyncio.get_running_loop().time() < deadline, lines
                await asyncio.sleep(0.05)
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await host.close()
        return host

    host = asyncio.run(game())
    refused = next(line for line in lines if "bad_escrow" in line)
    assert f"dropped {cheat.seat}: bad_escrow" in refused and "cheat" not in refused[:8]
    assert host.match is not None and not host.match.rolls.commits_published
    assert cheat.seat not in host.match.rolls.commits


def test_the_pile_is_dealt_sealed_by_every_party_alike_and_the_record_verifies(
    tmp_path: Path,
) -> None:
    """A 3-player classic game (the host and 3 clients as parties): the pile is shuffled by
    each party in turn, each shuffle checked by every peer with its challenge roll's
    randomness; every peer's ledger ends the deal with the same points, the transcripts
    agree, and the record verifies, deck steps included."""
    record = tmp_path / "game.rec"
    lines: list[str] = []
    clients = [Client(f"c{i}", ClassicBot()) for i in range(3)]
    host = Host(HostConfig(seats=3, sealed=True, record=str(record), log=lines.append))
    asyncio.run(play_until(host, clients, dealt_and_played(3), timeout=90))
    assert host.match is not None and host.match.deck is not None
    hosts = host.match.deck.ledger
    assert hosts is not None
    deal = hosts.deals["deal-1"]
    assert deal.dealers == ["host", *(c.seat for c in clients)] and deal.done
    assert len(deal.cards) == 44 and set(deal.tokens) == {f"?{i}" for i in range(44)}
    assert hosts.pending() == []
    code = host.match.broadcaster.transcript.code
    for c in clients:
        assert c.witness is not None and c.witness.ledger is not None
        assert deal_facts(c.witness.ledger) == deal_facts(hosts)
        assert c.witness.code == code
    envelopes = list(read_record(record))
    kinds = [e["body"]["type"] for e in envelopes]
    # Each party: its commit, its challenge roll and the reveals for it, its shuffle.
    assert kinds.count("deal_roll") == 4 and kinds.count("deck_step") == 8
    replay = GameReplay(closing_secret(envelopes))
    for envelope in envelopes:
        replay.feed(envelope)
    assert replay.ledger is not None and deal_facts(replay.ledger) == deal_facts(hosts)
    verdict = verify_record(record)
    assert verdict.ok and verdict.transcript == code, verdict.message
