"""``risk-lan verify`` on a seat's record that holds the game's broadcasts and no update: what a
player's program writes when it is restarted and a bot of the host plays its seat to the end
(found by the chaos run, tests/chaos.py: two-player, seed 11:10). The honest host is not
blamed; the winner is the one the whole game's replay gives."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_net_cheating import run

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import RecordWriter, read_record
from risk_lan.net.record.verify import verify_record


def test_a_seat_record_without_updates_verifies_and_blames_nobody(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    ann = Client("ann", ClassicBot())
    host = Host(HostConfig(seats=2, bots=1, mode="two-player", record=str(record)))
    outcomes = asyncio.run(run(host, [ann]))
    assert outcomes[0] is not None and outcomes[0].winner, outcomes
    whole = verify_record(record)
    assert whole.ok and whole.winner == outcomes[0].winner, whole

    seat_record = tmp_path / "ann.rec"
    writer = RecordWriter(seat_record)
    writer.write({"type": "seat", "seat": ann.seat, "key": ann.identity.public_key})
    for envelope in read_record(record):
        writer.write(envelope)
    writer.close()
    verdict = verify_record(seat_record)
    assert verdict.ok, verdict
    assert (verdict.winner, verdict.transcript) == (whole.winner, whole.transcript)
    assert verdict.culprit is None


def test_a_seat_record_whose_updates_stop_before_a_win_by_objective_verifies(
    tmp_path: Path,
) -> None:
    """A player's program restarted near the end catches up on the broadcasts, and the game
    ends by another's secret objective before any update reaches it: its seat cannot see
    that objective, and the winner is the end's replay's (found by the chaos run: mission,
    secret-mission and revised-objectives, seed 101)."""
    for attempt in range(4):  # until a game is won by an objective, not by the world
        record = tmp_path / f"ann{attempt}.rec"
        ann = Client("ann", ClassicBot(), record=str(record))
        host = Host(HostConfig(seats=3, bots=2, mode="secret-mission"))
        outcomes = asyncio.run(run(host, [ann]))
        assert outcomes[0] is not None and outcomes[0].winner, outcomes
        if outcomes[0].reason == "objective":
            break
    assert outcomes[0].reason == "objective"
    entries = list(read_record(record))
    updates = [i for i, e in enumerate(entries) if e.get("type") == "update"]
    cut = updates[len(updates) // 2]
    kept = entries[:cut] + [e for e in entries[cut:] if e.get("type") != "update"]
    shortened = tmp_path / "caught_up.rec"
    writer = RecordWriter(shortened)
    for entry in kept:
        writer.write(entry)
    writer.close()
    verdict = verify_record(shortened)
    assert verdict.ok and verdict.winner == outcomes[0].winner, verdict
    assert verdict.culprit is None
