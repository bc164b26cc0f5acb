"""A player's client killed mid-game in a sealed game (issue 27) and started again with the
same seat file: its layer on the deck is in the seat file, so it rebuilds the ledger from the
history the host sends, reads its own cards again and plays on to the end, between real
programs over TCP on 127.0.0.1; one stopped between its shuffle's commit and proof proves
it after its restart."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
from pathlib import Path

from test_net_resume import RISK_LAN, moves_in, start_host, wait_for

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.client.outcome import Outcome
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record

READ = re.compile(r"this seat's sealed card (\?\d+) is (\S+)")


def join(port: str, name: str, seat: Path, out: Path) -> subprocess.Popen[bytes]:
    with out.open("a") as f:
        return subprocess.Popen(
            [*RISK_LAN, "join", f"127.0.0.1:{port}", "--bot", "--name", name, "--state", str(seat)],
            stdout=f,
            stderr=subprocess.STDOUT,
        )


def test_a_client_killed_and_started_again_reads_its_cards_again_and_finishes(
    tmp_path: Path,
) -> None:
    record, log = tmp_path / "game.rec", tmp_path / "host.log"
    # The seat's absence is well inside the host's wait: no bot takes it over meanwhile.
    host = start_host(
        tmp_path,
        log,
        *("--seats", "3", "--bots", "1", "--port", "0", "--interface", "127.0.0.1"),
        *("--sealed", "--record", str(record)),
    )
    outs = {name: tmp_path / f"{name}.out" for name in ("ann", "bob")}
    seats = {name: tmp_path / f"{name}.seat" for name in outs}
    clients: dict[str, subprocess.Popen[bytes]] = {}
    restarted: subprocess.Popen[bytes] | None = None
    try:
        wait_for(lambda: "on 127.0.0.1:" in log.read_text(), 20, "the host to listen")
        found = re.search(r"on 127\.0\.0\.1:(\d+)", log.read_text())
        assert found is not None
        port = found.group(1)
        for name in outs:
            clients[name] = join(port, name, seats[name], outs[name])
        # ann has read a card of its own, dealt to it after the first deal's moves.
        wait_for(lambda: moves_in(record) >= 30, 120, "30 moves")
        wait_for(lambda: READ.search(outs["ann"].read_text()), 120, "ann to read a card")
        clients["ann"].send_signal(signal.SIGKILL)
        clients["ann"].wait()
        before = dict(READ.findall(outs["ann"].read_text()))
        at_kill = moves_in(record)
        again = tmp_path / "ann-again.out"
        restarted = join(port, "ann", seats["ann"], again)
        assert restarted.wait(timeout=240) == 0, again.read_text()[-2000:]
        assert clients["bob"].wait(timeout=60) == 0, outs["bob"].read_text()[-2000:]
        assert host.wait(timeout=30) == 0, log.read_text()[-2000:]
    finally:
        for process in [host, *clients.values(), restarted]:
            if process is not None and process.poll() is None:
                process.kill()
    text = again.read_text()
    assert "resuming seat" in text, text[-2000:]
    after = dict(READ.findall(text))
    # Its cards read again under the layer its seat file kept, each the card it was before.
    again_read = {t: c for t, c in after.items() if t in before}
    assert again_read, (before, after)
    assert all(before[t] == c for t, c in again_read.items())
    assert "a bot plays the seat" not in log.read_text()
    assert "every card of the sealed deck read at the end" in text, text[-2000:]
    assert "game over:" in text
    verdict = verify_record(record)
    assert verdict.ok, verdict.message
    assert verdict.winner is not None and verdict.moves > at_kill
    assert "every sealed card read" in verdict.message


def test_a_client_stopped_between_its_shuffles_commit_and_proof_proves_it_after_restart(
    tmp_path: Path,
) -> None:
    """A player's client stops (its memory lost) once it committed to its shuffle of a deal
    and before it proved it; started again from its seat file, it draws the same step from
    its layer and the step's context, proves the very commit the ledger took, and the game
    goes on to its end."""
    record, seat = tmp_path / "game.rec", tmp_path / "c1.seat"

    def committed(match: HostGame, party: str) -> bool:
        ledger = match.deck.ledger if match.deck is not None else None
        return ledger is not None and any(
            not d.done and d.commit is not None and d.dealers[d.step] == party
            for d in ledger.deals.values()
        )

    async def main() -> tuple[list[Outcome], Client]:
        host = Host(HostConfig(seats=3, bots=1, sealed=True, record=str(record)))
        port = await host.serve("127.0.0.1", 0)
        first = Client("c1", ClassicBot(), state_path=seat)
        other = Client("c0", ClassicBot())
        runs = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (other, first)]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        try:
            while not (first.seat and host.match is not None and committed(host.match, first.seat)):
                assert loop.time() < deadline, "the client never committed to a shuffle"
                await asyncio.sleep(0.002)
            # Stopped as a killed program stops: its connection cut, its memory gone.
            assert first.conn is not None
            first.conn.abort()
            runs[1].cancel()
            await asyncio.gather(runs[1], return_exceptions=True)
            again = Client("c1", ClassicBot(), state_path=seat)
            runs[1] = asyncio.create_task(again.run("127.0.0.1", port))
            outcomes = await asyncio.wait_for(asyncio.gather(*runs), 240)
        finally:
            for t in runs:
                t.cancel()
            await host.close()
        return outcomes, again

    outcomes, again = asyncio.run(main())
    assert all(o.error is None for o in outcomes), outcomes
    assert again.deck is not None and again.witness is not None
    assert again.deck.party.cards.items() <= again.witness.cards_read.items()
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner is not None, verdict.message
    assert "every sealed card read" in verdict.message
