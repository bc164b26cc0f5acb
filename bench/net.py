"""How fast games run over the network: rolls, a blitz, setup, whole games, and records.

    .venv/bin/python bench/net.py [--peers 2 3 4 5 6] [--games 3] [--rolls 100]

A peer is a process that contributes to every roll: the host, which runs here, and each
client, a process of its own (`risk-lan join --bot`) on 127.0.0.1. For each number of peers
it prints:

- one roll event (a move published until every reveal is in): median and p99 over
  ``--rolls`` separate roll events with nothing else going on;
- a blitz of about 100 battles: from publishing the attack until every client has checked
  its dice (shown by their reveals for one more roll, which is counted in);
- game setup: from the `start` announcement to every client holding the dealt game;
- whole bot games over the network (bots in the client processes, plus one bot in the host
  when classic's three seats need it) against the same number of bots playing in-process;
- the time to verify each game's record.

Targets: one roll event <= 1 ms median with 6 peers; a 100-roll blitz <= 5 ms; the networked
game <= 3x the in-process one; verifying a record <= 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from risk_lan.bots import ClassicBot
from risk_lan.net.host import Host, HostConfig
from risk_lan.net.hostgame import HostGame
from risk_lan.net.verify import verify_record
from risk_lan.rules import Attack
from risk_lan.simulate import play_game

JOIN = [sys.executable, "-m", "risk_lan.cli", "join"]
BLITZ_ATTACKERS = 1000
BLITZ_DEFENDERS = 105  # about 100 battles of three dice against two


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


class BenchGame(HostGame):
    """Knows when it began (every seat ready), and when every client has taken in the latest
    update: each client's bot answers an update with an act, and the benches wait for those."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.began = time.perf_counter()

    async def _acks(self, seats: list[str]) -> None:
        """Wait for an act from each of ``seats``; a standing defence is applied."""
        waiting = set(seats)
        while waiting:
            seat, action, request = await self.acts.get()
            waiting.discard(seat)
            if action.type == "auto_defend":
                await self._move(seat, action, request)


class TimedGame(BenchGame):
    """A whole game, timing each roll from publishing its move to the last reveal."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.roll_times: list[float] = []

    async def _chance(self, body):
        started = time.perf_counter()
        source = await super()._chance(body)
        self.roll_times.append(time.perf_counter() - started)
        return source


class RollsGame(BenchGame):
    """Setup, then separate roll events, then one long blitz; no game beyond that."""

    rolls = 100
    client_pids: list[int] = []  # noqa: RUF012 (set by run_host before the game starts)

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.setup_time = 0.0
        self.roll_times: list[float] = []
        self.host_cpu = 0.0  # seconds of CPU over all the rolls
        self.client_cpu: list[float] = []
        self.blitz_time = 0.0
        self.blitz_battles = 0

    async def _play(self) -> None:
        clients = [s.id for s in self.host.seats if s.kind == "human"]
        started = time.perf_counter()
        self._announce()
        await self._gather_commits()
        await self._deal()
        await self._acks(clients)  # every client has the game and has set its defence
        self.setup_time = time.perf_counter() - started
        cpu, clients_cpu = time.process_time(), [process_cpu(p) for p in self.client_pids]
        for _ in range(self.rolls):
            # A host move with nothing to do but roll: the pure cost of the protocol.
            body = self._move_body("host", {"type": "bench"}, None, True)
            started = time.perf_counter()
            await self._chance(body)
            self.roll_times.append(time.perf_counter() - started)
        self.host_cpu = time.process_time() - cpu
        self.client_cpu = [
            process_cpu(p) - c for p, c in zip(self.client_pids, clients_cpu, strict=True)
        ]
        await self._blitz(clients)
        self._finish(None, "bench")

    async def _blitz(self, clients: list[str]) -> None:
        assert self.game is not None
        state = self.game.state
        attacker = next(s.id for s in self.host.seats if s.kind == "bot")
        defender = clients[0]
        seats = [s.id for s in self.host.seats]
        source, target = "alaska", "kamchatka"
        for i, t in enumerate(state.board.territory_ids):
            state.take(t, seats[i % len(seats)])
            state.armies[t] = 1
        state.take(source, attacker)
        state.take(target, defender)
        state.armies[source], state.armies[target] = BLITZ_ATTACKERS, BLITZ_DEFENDERS
        state.phase, state.current, state.pool = "attack", attacker, 0
        started = time.perf_counter()
        await self._move(attacker, Attack(source, target, 3, stop_at=1), None)
        self.blitz_battles = sum(1 for e in self.last_events if e.type == "battle")
        # Clients take messages in order, so their reveals for one more roll say that each
        # has checked every die of the blitz: that roll is counted in.
        await self._chance(self._move_body("host", {"type": "bench"}, None, True))
        self.blitz_time = time.perf_counter() - started

    def _broadcast_updates(self, events: list[Any]) -> None:
        self.last_events = events
        super()._broadcast_updates(events)


def process_cpu(pid: int) -> float:
    """Seconds of CPU (user and system) process ``pid`` has used, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class TimedHost(Host):
    game_class = TimedGame


class RollsHost(Host):
    game_class = RollsGame


async def join(port: int, clients: int) -> list[asyncio.subprocess.Process]:
    return [
        await asyncio.create_subprocess_exec(
            *JOIN,
            f"127.0.0.1:{port}",
            "--bot",
            "--name",
            f"b{i}",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        for i in range(clients)
    ]


async def run_host(host: Host, clients: int) -> float:
    port = await host.serve("127.0.0.1", 0)
    joiners = await join(port, clients)
    RollsGame.client_pids = [j.pid for j in joiners]
    await host.done.wait()
    assert isinstance(host.game, BenchGame)
    took = time.perf_counter() - host.game.began
    for j in joiners:
        await j.wait()
    await host.close()
    return took


def seats_for(peers: int) -> tuple[int, int]:
    """(seats, host bots) for ``peers`` contributors: one client a peer after the host."""
    clients = peers - 1
    return max(3, clients), max(3, clients) - clients


def in_process(peers: int, games: int) -> float:
    started = time.perf_counter()
    for g in range(games):
        play_game([ClassicBot() for _ in range(peers)], f"bench-net:{g}")
    return (time.perf_counter() - started) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rolls", type=int, default=100)
    args = parser.parse_args()
    RollsGame.rolls = args.rolls
    with tempfile.TemporaryDirectory() as tmp:
        for peers in args.peers:
            seats, bots = seats_for(peers)
            clients = seats - bots
            host = RollsHost(HostConfig(seats=seats + (1 if bots == 0 else 0), bots=max(bots, 1)))
            asyncio.run(run_host(host, clients))
            bench = host.game
            assert isinstance(bench, RollsGame)
            rolls = sorted(bench.roll_times)
            p99 = rolls[min(len(rolls) - 1, int(len(rolls) * 0.99))]
            print(
                f"{peers} peers: roll event median {ms(statistics.median(rolls))}, p99 {ms(p99)} "
                f"({len(rolls)} rolls); blitz of {bench.blitz_battles} battles "
                f"{ms(bench.blitz_time)}; setup {ms(bench.setup_time)}",
                flush=True,
            )
            per_roll = 1e6 / len(rolls)
            client_cpu = max(bench.client_cpu, default=0.0) * per_roll
            print(
                f"{peers} peers: CPU a roll: host {bench.host_cpu * per_roll:.0f} us, busiest "
                f"client {client_cpu:.0f} us, all {sum(bench.client_cpu) * per_roll:.0f} us "
                f"+ host, on {os.cpu_count()} cores",
                flush=True,
            )
            games: list[float] = []
            verify: list[float] = []
            moves = 0
            for g in range(args.games):
                record = Path(tmp) / f"{peers}-{g}.rec"
                host = TimedHost(HostConfig(seats=seats, bots=bots, record=str(record)))
                games.append(asyncio.run(run_host(host, clients)))
                assert host.game is not None
                moves += host.game.n
                started = time.perf_counter()
                verdict = verify_record(record)
                verify.append(time.perf_counter() - started)
                assert verdict.ok, verdict.message
            local = in_process(seats, 20)
            networked = statistics.mean(games)
            print(
                f"{peers} peers: networked game {networked:.2f} s ({moves // args.games} moves, "
                f"{ms(networked / (moves / args.games))} a move) vs in-process {ms(local)} = "
                f"{networked / local:.0f}x; verify {max(verify):.2f} s at most",
                flush=True,
            )


if __name__ == "__main__":
    main()
