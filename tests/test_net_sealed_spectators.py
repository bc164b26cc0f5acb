"""Spectators of a sealed game (issue 27) over TCP on 127.0.0.1: one from the lobby and one
that comes mid-game rebuild the sealed deck's ledger from the history (every step checked),
see tokens only where a card is hidden until the end, and at the end read every card as
every peer does."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from test_net_sealed_deck import dealt_and_played, ledger_facts
from test_net_spectators import Seen, wait_for

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record
from risk_lan.rules.sealing import slot_of


def hidden_named(view: dict[str, Any]) -> list[str]:
    """The cards a view names where they are hidden: in a hand, a mission, an objective, or
    a pile that was shuffled (the pile before its first deal is the deck's cards in their
    printed order, which everyone knows: all names, or all tokens, never a mix)."""
    held = [
        *(c for hand in (view.get("hands") or {}).values() for c in hand or ()),
        *(c for ms in (view.get("missions") or {}).values() for c in ms or ()),
        *(view.get("objectives") or {}).values(),
    ]
    pile = list(view.get("deck") or ())
    if any(slot_of(c) for c in pile):
        held += pile
    return [c for c in held if isinstance(c, str) and slot_of(c) is None]


def test_spectators_of_a_sealed_game_rebuild_the_ledger_see_tokens_and_read_all_at_the_end(
    tmp_path: Path,
) -> None:
    async def main() -> tuple[Host, list[Client], list[Seen], list[Any]]:
        host = Host(HostConfig(seats=3, bots=1, sealed=True, record=str(tmp_path / "g.rec")))
        port = await host.serve("127.0.0.1", 0)
        early, late = Seen(), Seen()
        first = Client("Eve", listener=early, watch=True, record=str(tmp_path / "eve.rec"))
        runs = [asyncio.create_task(first.run("127.0.0.1", port))]
        await wait_for(lambda: early.lobbies, "the spectator's lobby")
        players = [Client(f"c{i}", ClassicBot()) for i in range(2)]
        runs += [asyncio.create_task(c.run("127.0.0.1", port)) for c in players]
        reached = dealt_and_played(20)
        await wait_for(lambda: host.match is not None and reached(host.match), "the deal", 120)
        second = Client("Sam", listener=late, watch=True, record=str(tmp_path / "sam.rec"))
        runs.append(asyncio.create_task(second.run("127.0.0.1", port)))
        try:
            outcomes = await asyncio.wait_for(asyncio.gather(*runs), 240)
        finally:
            await host.close()
        return host, [first, second], [early, late], outcomes

    host, watchers, seen, outcomes = asyncio.run(main())
    assert all(o.error is None for o in outcomes), outcomes
    assert {o.winner for o in outcomes} == {outcomes[0].winner} and outcomes[0].winner
    assert host.match is not None and host.match.deck is not None
    ledger = host.match.deck.ledger
    assert ledger is not None
    every_card = ledger.read_all()
    for watcher, saw in zip(watchers, seen, strict=True):
        # The same ledger as the host's, built from the history alone; no party of it.
        assert watcher.witness is not None and watcher.witness.ledger is not None
        assert ledger_facts(watcher.witness.ledger) == ledger_facts(ledger)
        assert watcher.witness.ledger.journal == ledger.journal
        assert watcher.deck is None
        # Until the end, tokens where a card is hidden; at the end, every card read.
        during = [u["view"] for u in saw.updates if u["view"]["phase"] != "over"]
        assert during and any(slot_of(c) for v in during for c in v["deck"] or ())
        hands = [c for v in during for hand in v["hands"].values() for c in hand or ()]
        assert any(slot_of(c) for c in hands)  # hands held, shown as tokens
        assert all(hidden_named(v) == [] for v in during), [hidden_named(v) for v in during]
        assert watcher.witness.cards_read == every_card and every_card
    for name in ("eve", "sam"):
        verdict = verify_record(tmp_path / f"{name}.rec")
        assert verdict.ok and "every sealed card read" in verdict.message, verdict.message
