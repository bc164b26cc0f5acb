"""A sealed host resumed while a shuffle's challenge roll waits for its reveals (issue 27),
over TCP on 127.0.0.1, and a player who never comes back: its seat goes to a host bot, which
cancels the roll (no roll has two results), and the deal goes on with a new challenge roll,
as it does when the host was never stopped. The resumed host once stopped there instead
("the roll of deal-1's shuffle was cancelled": the chaos run's host_error)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_net_sealed_resume import crash, until

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.verify import verify_record


def challenge_waiting(match: HostGame) -> bool:
    """A deal's challenge roll published, its reveals not all in."""
    pending = match.rolls.pending
    return pending is not None and pending.get("type") == "deal_roll"


def test_a_resumed_host_whose_challenge_roll_a_takeover_cancels_deals_on(tmp_path: Path) -> None:
    record, save = tmp_path / "game.rec", tmp_path / "game.save"
    config = HostConfig(seats=3, bots=1, sealed=True, record=str(record), save=str(save))

    async def main() -> Host:
        first = Host(config)
        port = await first.serve("127.0.0.1", 0)
        stays, goes = Client("c0", ClassicBot()), Client("c1", ClassicBot())
        kept = asyncio.create_task(stays.run("127.0.0.1", port))
        gone = asyncio.create_task(goes.run("127.0.0.1", port))
        try:
            await until(lambda: first.match is not None and challenge_waiting(first.match), 120,
                        "a challenge roll")  # fmt: skip
            gone.cancel()  # c1's program stops with the host, for good
            crash(first)
            await first.close()
            # c1's seat is taken over at once: the roll the save left waiting is cancelled.
            resumed = Host.resume(save, absent_after=0.5)
            await resumed.serve("127.0.0.1", port)
            try:
                outcome = await asyncio.wait_for(kept, 240)
                assert outcome.error is None and outcome.winner, outcome
                await asyncio.wait_for(resumed.done.wait(), 30)
            finally:
                await resumed.close()
            return resumed
        finally:
            for task in (kept, gone):
                task.cancel()
            await asyncio.gather(kept, gone, return_exceptions=True)
            await first.close()

    resumed = asyncio.run(main())
    assert resumed.match is not None and resumed.match.game is not None
    assert resumed.match.game.is_over
    verdict = verify_record(record)
    assert verdict.ok and verdict.winner is not None, verdict.message
    assert "every sealed card read" in verdict.message
