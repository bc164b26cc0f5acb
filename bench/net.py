"""How fast games run over the network: rolls, whole games, and verifying records.

    .venv/bin/python bench/net.py [--peers 2 4 6] [--games 3]

For each number of peers, the host runs here and every seat is a bot client in a process of
its own (`risk-lan join --bot`) on 127.0.0.1. Prints the median and p99 time of one roll
event (the move published until every reveal is in), whole networked games against the same
games in-process, and the time to verify each record. Targets: one roll event <= 1 ms median
with 6 peers; the networked game <= 3x the in-process one; verifying a record <= 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from risk_lan.bots import ClassicBot
from risk_lan.net.host import Host, HostConfig
from risk_lan.net.hostgame import HostGame
from risk_lan.net.verify import verify_record
from risk_lan.simulate import play_game

JOIN = [sys.executable, "-m", "risk_lan.cli", "join"]


class TimedGame(HostGame):
    """Times each roll from publishing its move to the last reveal."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.roll_times: list[float] = []

    async def _chance(self, body):
        started = time.perf_counter()
        source = await super()._chance(body)
        self.roll_times.append(time.perf_counter() - started)
        return source


class TimedHost(Host):
    game_class = TimedGame


async def networked_game(peers: int, record: Path) -> tuple[float, list[float], int]:
    host = TimedHost(HostConfig(seats=peers, bots=0, record=str(record)))
    port = await host.serve("127.0.0.1", 0)
    joiners = [
        await asyncio.create_subprocess_exec(
            *JOIN,
            f"127.0.0.1:{port}",
            "--bot",
            "--name",
            f"b{i}",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        for i in range(peers)
    ]
    await asyncio.sleep(0)
    started = time.perf_counter()
    await host.done.wait()
    took = time.perf_counter() - started
    for j in joiners:
        await j.wait()
    await host.close()
    assert host.game is not None
    return took, host.game.roll_times, host.game.n


def in_process(peers: int, games: int) -> float:
    started = time.perf_counter()
    for g in range(games):
        play_game([ClassicBot() for _ in range(peers)], f"bench-net:{g}")
    return (time.perf_counter() - started) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for peers in args.peers:
            if peers < 3:
                print(f"{peers} peers: classic needs 3 players; measuring 3 seats, {peers} clients")
            seats = max(3, peers)
            rolls: list[float] = []
            games: list[float] = []
            verify: list[float] = []
            moves = 0
            for g in range(args.games):
                record = Path(tmp) / f"{peers}-{g}.rec"
                took, times, n = asyncio.run(networked_game(seats, record))
                games.append(took)
                rolls.extend(times)
                moves += n
                started = time.perf_counter()
                verdict = verify_record(record)
                verify.append(time.perf_counter() - started)
                assert verdict.ok, verdict.message
            rolls.sort()
            p99 = rolls[min(len(rolls) - 1, int(len(rolls) * 0.99))]
            local = in_process(seats, 20)
            print(
                f"{seats} peers: roll event median {statistics.median(rolls) * 1000:.2f} ms, "
                f"p99 {p99 * 1000:.2f} ms ({len(rolls)} rolls); "
                f"networked game {statistics.mean(games):.2f} s ({moves // args.games} moves) "
                f"vs in-process {local * 1000:.1f} ms = {statistics.mean(games) / local:.0f}x; "
                f"verify {max(verify):.2f} s at most",
                flush=True,
            )


if __name__ == "__main__":
    main()
