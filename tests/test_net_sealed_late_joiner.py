"""A spectator who joins a sealed game late (issue 27), over TCP on 127.0.0.1: it rebuilds the
ledger from the history alone, with no view between the moves, and must follow every deal
made in it. Under ``secret-mission`` the objectives are dealt by the move that ends the setup,
after the territories' deal: when that deal was the host's word until the end, a late
spectator's game stayed unknown from the start, it never made the objectives' deal, and it
stopped at the host's first shuffle of that deal, blaming the host (the chaos run's "shuffle
commit" blame)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_net_sealed_deck import ledger_facts
from test_net_spectators import wait_for

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record


def objectives_dealt(match: HostGame) -> bool:
    """The setup over and the objectives' deal (the game's second) shuffled by every party."""
    ledger = match.deck.ledger if match.deck is not None else None
    return ledger is not None and "deal-2" in ledger.deals and ledger.deals["deal-2"].done


def test_a_spectator_joining_after_the_objectives_deal_follows_the_sealed_game(
    tmp_path: Path,
) -> None:
    async def main() -> tuple[Host, Client, list[object]]:
        config = HostConfig(
            seats=3, bots=1, sealed=True, mode="secret-mission", record=str(tmp_path / "g.rec")
        )
        host = Host(config)
        port = await host.serve("127.0.0.1", 0)
        players = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        runs = [asyncio.create_task(c.run("127.0.0.1", port)) for c in players]
        await wait_for(
            lambda: host.match is not None and objectives_dealt(host.match), "the deal", 120
        )
        late = Client("Sam", watch=True, record=str(tmp_path / "sam.rec"))
        runs.append(asyncio.create_task(late.run("127.0.0.1", port)))
        try:
            outcomes = await asyncio.wait_for(asyncio.gather(*runs), 240)
        finally:
            await host.close()
        return host, late, list(outcomes)

    host, late, outcomes = asyncio.run(main())
    assert all(o.error is None for o in outcomes), outcomes  # type: ignore[attr-defined]
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None and len(ledger.deals) >= 2
    assert late.witness is not None and late.witness.ledger is not None
    assert ledger_facts(late.witness.ledger) == ledger_facts(ledger)
    assert late.witness.cards_read == ledger.read_all()
    verdict = verify_record(tmp_path / "sam.rec")
    assert verdict.ok, verdict.message
