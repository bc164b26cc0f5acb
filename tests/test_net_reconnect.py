"""A client that drops, or is killed, takes its seat back and the game goes on."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record

JOIN = [sys.executable, "-m", "risk_lan.cli", "join"]


class DroppingClient(Client):
    """Loses its connection once, in the middle of the game."""

    dropped = False

    def _check_update(self, body):
        super()._check_update(body)
        if not self.dropped and body["n"] >= 60 and self.conn is not None:
            self.dropped = True
            self.conn.abort()


def test_a_dropped_connection_is_taken_back_with_the_token(tmp_path: Path) -> None:
    heard: list[str] = []
    record = tmp_path / "game.rec"

    async def play() -> list:
        host = Host(HostConfig(seats=3, bots=1, record=str(record)))
        port = await host.serve("127.0.0.1", 0)
        clients = [
            DroppingClient("drop", ClassicBot(), log=heard.append),
            Client("stay", ClassicBot()),
        ]
        try:
            return await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 120
            )
        finally:
            await host.close()

    outcomes = asyncio.run(play())
    assert "connection lost; reconnecting" in heard
    assert all(o.error is None for o in outcomes), outcomes
    assert (
        outcomes[0].winner == outcomes[1].winner
        and outcomes[0].transcript == outcomes[1].transcript
    )
    assert verify_record(record).ok


def test_a_killed_client_resumes_its_seat_from_its_state_file(tmp_path: Path) -> None:
    record, state = tmp_path / "game.rec", tmp_path / "seat.state"

    async def play() -> tuple[bytes, bytes, int]:
        host = Host(HostConfig(seats=3, bots=1, record=str(record)))
        port = await host.serve("127.0.0.1", 0)
        address = f"127.0.0.1:{port}"

        async def join(*extra: str) -> asyncio.subprocess.Process:
            return await asyncio.create_subprocess_exec(
                *JOIN,
                address,
                "--bot",
                *extra,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
            )

        try:
            doomed = await join("--name", "doomed", "--state", str(state))
            steady = await join("--name", "steady")
            while host.match is None or host.match.n < 80:
                await asyncio.sleep(0.01)
            doomed.send_signal(signal.SIGKILL)
            await doomed.wait()
            back = await join("--name", "doomed", "--state", str(state))
            back_out, _ = await asyncio.wait_for(back.communicate(), 120)
            steady_out, _ = await asyncio.wait_for(steady.communicate(), 120)
            await asyncio.wait_for(host.done.wait(), 10)
            return back_out, steady_out, back.returncode
        finally:
            await host.close()

    back_out, steady_out, code = asyncio.run(play())
    back_text, steady_text = back_out.decode(), steady_out.decode()
    assert code == 0, back_text
    assert "resuming seat" in back_text
    code_back = back_text.rsplit("transcript ", 1)[1].strip()
    assert f"transcript {code_back}" in steady_text
    verdict = verify_record(record)
    assert verdict.ok, verdict.message


class DroppingAtTheDeal(Client):
    """Loses its connection as the deal's update arrives, unread: it comes back to a view
    with no events for a move a shuffle decided."""

    dropped = False
    back_to: tuple[int, int] | None = None  # the first update after: its move, its events

    def _check_update(self, update):
        if not self.dropped and update["n"] == 1:
            self.dropped = True
            assert self.conn is not None
            self.conn.abort()
            return
        if self.dropped and self.back_to is None:
            self.back_to = (update["n"], len(update["events"]))
        super()._check_update(update)


def test_a_player_back_after_missing_a_shuffled_moves_update_blames_no_one() -> None:
    # The update a player comes back to tells no events (they are told once, as the move is
    # made): the deal its shuffle decided is taken on the host's word without them.
    async def play() -> tuple[list, list]:
        host = Host(HostConfig(seats=2, bots=0, mode="revised"))
        port = await host.serve("127.0.0.1", 0)
        clients = [DroppingAtTheDeal(name, ClassicBot()) for name in ("ann", "bob")]
        try:
            outcomes = await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 120
            )
            return [c.back_to for c in clients], outcomes
        finally:
            await host.close()

    back_to, (ann, bob) = asyncio.run(play())
    assert (1, 0) in back_to, back_to  # back at the deal, told no events
    assert ann.error is None and bob.error is None, (ann, bob)
    assert ann.winner == bob.winner and ann.transcript == bob.transcript
