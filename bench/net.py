"""How fast games run over the network: rolls, moves, a blitz, setup, whole games, records.

    .venv/bin/python bench/net.py [--peers 2 3 4 5 6] [--games 3] [--rolls 300]
                                  [--moves 200] [--blitzes 5] [--profile DIR]

A peer is a process that contributes to every roll: the host, which runs here, and each
client, a process of its own (`risk-lan join --bot`) on 127.0.0.1. Every move is a legal one
that the clients check and work out for themselves, on a board set for the bench (mode
mission: see ``RollsGame._stage``). For each number of peers it prints:

- one roll event (a move published until every reveal is in): median and p99 over
  ``--rolls`` attacks of one battle each, with nothing else going on; and game setup, from
  the `start` announcement to every client holding the dealt game;
- the CPU of a roll: each of those moves, its roll and every seat's update, for the host and
  for the busiest client; and of the roll alone (less a move without a roll);
- the CPU of a move without a roll (``--moves`` placements of one army, each published,
  applied and sent to every seat as its update): the host's, and the busiest client's;
- a blitz of about 100 battles (``--blitzes`` of them, the median shown): the host's CPU to
  publish it, roll for it, apply it and send every seat its update, and the busiest
  client's CPU to take it all in (its share of the roll included);
- whole bot games over the network (bots in the client processes, plus one bot in the host
  when classic's three seats need it), and the time to verify each game's record.

A client's CPU is read from /proc (Linux), in nanoseconds, whatever the client does with what
it receives. With ``--profile DIR``, the host's rolls, moves and blitzes and each client's
whole run are profiled with cProfile (timed by CPU) into DIR; the figures then include the
profiler's cost.

The socket floor of a roll: the same frames, sent and answered by peers that only move bytes
(``socket_floor``): what the CPU of a roll costs before this program does anything with them.

Targets with 6 peers: a roll event <= 1 ms median; CPU a roll <= 400 us for the host and
<= 150 us for a client; a blitz of 100 battles <= 5 ms for the host and for a client;
verifying a record <= 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from risk_lan.net.host.broadcaster import Broadcaster
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostserver import Host
from risk_lan.net.host.rolls import Rolls
from risk_lan.net.record.verify import verify_record
from risk_lan.rules import Attack, MoveIn, Place

CLI = ["-m", "risk_lan.cli"]
# A client under cProfile, timed by its CPU: the wall clock would count, in a send that wakes
# another process, the time this one waits for a core.
PROFILED = """
import cProfile, runpy, sys, time
out = sys.argv.pop(1)
profiler = cProfile.Profile(time.process_time)
try:
    profiler.runcall(runpy.run_module, "risk_lan.cli", run_name="__main__")
except SystemExit:
    pass
profiler.dump_stats(out)
"""
# A peer that only moves bytes: each frame of the host's ends in b"!"; to each it answers with
# a reveal's worth of bytes if the frame asks for one (its second byte is b"?").
ECHO = """
import asyncio, sys
class Echo(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport = transport
    def data_received(self, data):
        asks = data.count(b"?!")
        if asks:
            self.transport.write(b"r" * int(sys.argv[2]) * asks)
    def connection_lost(self, exc):
        self.done.set_result(None)
async def main():
    loop = asyncio.get_running_loop()
    echo = Echo()
    echo.done = loop.create_future()
    await loop.create_connection(lambda: echo, "127.0.0.1", int(sys.argv[1]))
    await echo.done
asyncio.run(main())
"""
# The sizes of a roll's frames here (bytes): the move, each reveal, the reveals with an update.
MOVE_FRAME, REVEAL_FRAME, REVEALS_FRAME = 300, 230, 1750
BLITZ_ATTACKERS = 1000
BLITZ_DEFENDERS = 105  # about 100 battles of three dice against two
SETTLE = 0.02  # seconds a client's CPU is watched to say whether it is still busy


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def us(seconds: float) -> str:
    return f"{seconds * 1e6:.0f} us"


def process_cpu(pid: int) -> float:
    """Seconds of CPU process ``pid`` has run, all its threads, from /proc (Linux)."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            total += int((task / "schedstat").read_text().split()[0])
    except (OSError, ValueError):
        return 0.0
    return total / 1e9


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
                await self._checked_move(seat, action, request)


@dataclass
class Spent:
    """Seconds of CPU spent on one of something: by the host, and by each client."""

    host: float = 0.0
    clients: list[float] = field(default_factory=list)

    def line(self, what: str) -> str:
        return f"{what}: host {us(self.host)}, busiest client {us(max(self.clients, default=0))}"


class TimedRolls(Rolls):
    """Times each roll, while its game says so."""

    async def chance(self, body):
        game = self.numbers
        started = time.perf_counter()
        source = await super().chance(body)
        if game.timing:
            game.roll_times.append(time.perf_counter() - started)
        return source


class StagingBroadcaster(Broadcaster):
    """Sets the bench's board in place of the deal's, and keeps the latest events."""

    def broadcast_updates(self, events: list[Any]) -> None:
        game = self.position
        if not game.pairs:
            game._stage()  # the deal's outcome
        game.last_events = events
        super().broadcast_updates(events)


class RollsGame(BenchGame):
    """The deal, on a board set for the bench (``_stage``), then moves without a roll, roll
    events and blitzes; nothing more. Every move is a legal one, which the clients work out
    for themselves."""

    # Territories dealt by a shuffle, whose outcome clients take on the host's word.
    mode = "mission"
    rolls_class = TimedRolls
    broadcaster_class = StagingBroadcaster
    roll_count = 300
    moves = 200
    blitzes = 5
    profile: Path | None = None
    client_pids: list[int] = []  # noqa: RUF012 (set by run_host before the game starts)

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.setup_time = 0.0
        self.timing = False  # whether roll events are timed
        self.roll_times: list[float] = []
        self.roll_cpu = Spent()
        self.move_cpu = Spent()
        self.blitz_cpu: list[Spent] = []
        self.blitz_battles: list[int] = []
        self.last_events: list[Any] = []
        self.pairs: list[tuple[str, str]] = []  # (attacker's, defender's), adjacent
        self.attacker = next(s.id for s in host.seats if s.kind == "bot")
        self.defender = next(s.id for s in host.seats if s.kind == "human")

    async def _play(self) -> None:
        clients = [s.id for s in self.host.seats if s.kind == "human"]
        started = time.perf_counter()
        self._announce()
        await self.rolls.gather_commits()
        await self._deal()
        await self._acks(clients)  # every client has the game and has set its defence
        self.setup_time = time.perf_counter() - started
        assert self.game is not None
        await self._settle()
        (source, target), attacker = self.pairs[0], self.attacker
        async with self._measure("moves", self.moves) as self.move_cpu:
            for _ in range(self.moves):
                await self._checked_move(attacker, Place(source, 1), None)
        await self._checked_move(attacker, Place(source, self.game.state.pool), None)
        assert self.game.state.pool == 0  # an attack may follow
        self.timing = True
        async with self._measure("rolls", self.roll_count) as self.roll_cpu:
            for _ in range(self.roll_count):
                await self._checked_move(attacker, Attack(source, target, 1), None)  # one battle
        self.timing = False
        for source, target in self.pairs[1:]:
            async with self._measure("blitz", 1) as spent:
                await self._checked_move(attacker, Attack(source, target, 3, stop_at=1), None)
            self.blitz_cpu.append(spent)
            self.blitz_battles.append(sum(1 for e in self.last_events if e.type == "battle"))
            move_in = self.game.state.move_in
            if move_in is not None:
                await self._checked_move(attacker, MoveIn(move_in.minimum), None)
        self._finish(None, "bench")

    def _stage(self) -> None:
        """Set the board the bench plays on in place of the deal's. A client takes a dealt game
        on the host's word (a shuffle made it, checked only once the host's secret is out,
        where this one fails), and works out every move after it from there. A host bot reinforces
        with a pool of ``moves`` armies, then attacks: one battle at a time on the first pair
        of territories, where a million armies face a million; a blitz of about 100 battles
        on each further pair."""
        assert self.game is not None
        state = self.game.state
        seats = [s.id for s in self.host.seats]
        for i, t in enumerate(state.board.territory_ids):
            state.take(t, seats[i % len(seats)])
            state.armies[t] = 1
        self.pairs = adjacent_pairs(state.board, 1 + self.blitzes)
        for k, (source, target) in enumerate(self.pairs):
            state.take(source, self.attacker)
            state.take(target, self.defender)
            armies = (1_000_000, 1_000_000) if k == 0 else (BLITZ_ATTACKERS, BLITZ_DEFENDERS)
            state.armies[source], state.armies[target] = armies
        state.phase, state.current, state.first_player = "reinforce", self.attacker, self.attacker
        state.pool, state.turn, state.round = self.moves + 1, 1, 1
        state.setup_left = dict.fromkeys(state.players, 0)
        state.objectives = dict.fromkeys(state.players, "territories_24")  # out of reach here
        state.trade_window, state.conquered, state.attack, state.move_in = "none", False, None, None

    async def _settle(self) -> None:
        """Wait until no client is busy (moves without a roll do not wait for the clients,
        which may be taking in many of them still)."""
        busy = [process_cpu(p) for p in self.client_pids]
        for _ in range(500):
            await asyncio.sleep(SETTLE)
            now = [process_cpu(p) for p in self.client_pids]
            if all(b - a < SETTLE / 50 for a, b in zip(busy, now, strict=True)):
                return
            busy = now

    @asynccontextmanager
    async def _measure(self, name: str, count: int) -> AsyncIterator[Spent]:
        """The CPU the block costs the host and each client, for one of ``count``."""
        spent = Spent()
        profiler = cProfile.Profile(time.process_time) if self.profile else None
        clients = [process_cpu(p) for p in self.client_pids]
        cpu = time.process_time()
        if profiler:
            profiler.enable()
        yield spent
        await asyncio.sleep(0)  # what the block queued is written
        if profiler:
            profiler.disable()
        spent.host = (time.process_time() - cpu) / max(count, 1)
        await self._settle()  # the clients take in what they were sent
        spent.clients = [
            (process_cpu(p) - c) / max(count, 1)
            for p, c in zip(self.client_pids, clients, strict=True)
        ]
        if profiler and self.profile:
            profiler.dump_stats(self.profile / f"host-{len(self.contributors)}-{name}.prof")


def adjacent_pairs(board: Any, count: int) -> list[tuple[str, str]]:
    """``count`` pairs of neighbouring territories, no territory in two of them."""
    used: set[str] = set()
    pairs = []
    for t in board.territory_ids:
        other = next((n for n in board.neighbours[t] if n not in used and n != t), None)
        if t in used or other is None:
            continue
        used |= {t, other}
        pairs.append((t, other))
        if len(pairs) == count:
            return pairs
    raise ValueError(f"the board has fewer than {count} separate pairs of neighbours")


class TimedHost(Host):
    match_class = BenchGame


class RollsHost(Host):
    match_class = RollsGame


async def join(port: int, clients: int, profile: Path | None) -> list[asyncio.subprocess.Process]:
    joiners = []
    for i in range(clients):
        cli = CLI
        if profile is not None:
            cli = ["-c", PROFILED, str(profile / f"client-{clients + 1}-b{i}.prof")]
        joiners.append(
            await asyncio.create_subprocess_exec(
                sys.executable,
                *cli,
                "join",
                f"127.0.0.1:{port}",
                "--bot",
                "--name",
                f"b{i}",
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
        )
    return joiners


async def run_host(host: Host, clients: int, profile: Path | None = None) -> float:
    port = await host.serve("127.0.0.1", 0)
    joiners = await join(port, clients, profile)
    RollsGame.client_pids = [j.pid for j in joiners]
    await host.done.wait()
    assert isinstance(host.match, BenchGame)
    took = time.perf_counter() - host.match.began
    for j in joiners:
        await j.wait()
    await host.close()
    return took


class Floor(asyncio.Protocol):
    """The host's end of one connection of ``socket_floor``: counts the answers."""

    def __init__(self, arrived: list[int], enough: asyncio.Event, peers: int) -> None:
        self.arrived, self.enough, self.peers = arrived, enough, peers

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.arrived[0] += len(data)
        if self.arrived[0] >= self.peers * REVEAL_FRAME:
            self.enough.set()


async def socket_floor(clients: int, rounds: int) -> Spent:
    """The CPU a roll's messages cost with nothing done with them: the host sends each client
    a move, waits for every client's reveal, and sends each the reveals and an update, as
    bytes of the same sizes, over the same sockets and event loop, with no decoding, checks,
    signatures or game. What the bench measures above it is this program's own work."""
    loop = asyncio.get_running_loop()
    links: list[Floor] = []
    arrived, enough = [0], asyncio.Event()

    def accept() -> Floor:
        link = Floor(arrived, enough, clients)
        links.append(link)
        return link

    server = await loop.create_server(accept, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    peers = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", ECHO, str(port), str(REVEAL_FRAME)
        )
        for _ in range(clients)
    ]
    while len(links) < clients:
        await asyncio.sleep(0.01)
    move, reveals = b"m" * (MOVE_FRAME - 2) + b"?!", b"v" * (REVEALS_FRAME - 1) + b"!"
    before = [process_cpu(p.pid) for p in peers]
    cpu = time.process_time()
    for _ in range(rounds):
        arrived[0] = 0
        enough.clear()
        for link in links:
            link.transport.write(move)
        await enough.wait()
        for link in links:
            link.transport.write(reveals)
    spent = Spent((time.process_time() - cpu) / rounds)
    await asyncio.sleep(0.2)  # the last frames are read
    spent.clients = [(process_cpu(p.pid) - b) / rounds for p, b in zip(peers, before, strict=True)]
    for link in links:
        link.transport.close()
    server.close()
    for p in peers:
        await p.wait()
    return spent


def seats_for(peers: int) -> tuple[int, int]:
    """(seats, host bots) for ``peers`` contributors: one client a peer after the host."""
    clients = peers - 1
    return max(3, clients), max(3, clients) - clients


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rolls", type=int, default=300)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--blitzes", type=int, default=5)
    parser.add_argument("--profile", type=Path, help="write cProfile files into this folder")
    args = parser.parse_args()
    RollsGame.roll_count, RollsGame.moves, RollsGame.blitzes = args.rolls, args.moves, args.blitzes
    RollsGame.profile = args.profile
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for peers in args.peers:
            seats, bots = seats_for(peers)
            clients = seats - bots
            table = HostConfig(seats=seats + (bots == 0), bots=max(bots, 1), mode=RollsGame.mode)
            host = RollsHost(table)
            asyncio.run(run_host(host, clients, args.profile))
            bench = host.match
            assert isinstance(bench, RollsGame)
            rolls = sorted(bench.roll_times)
            p99 = rolls[min(len(rolls) - 1, int(len(rolls) * 0.99))]
            print(
                f"{peers} peers: roll event median {ms(statistics.median(rolls))}, p99 {ms(p99)} "
                f"({len(rolls)} rolls); setup {ms(bench.setup_time)}; on {os.cpu_count()} cores",
                flush=True,
            )
            blitz = Spent(
                statistics.median(s.host for s in bench.blitz_cpu),
                [statistics.median(max(s.clients, default=0.0) for s in bench.blitz_cpu)],
            )
            roll, move = bench.roll_cpu, bench.move_cpu
            alone = Spent(roll.host - move.host, [max(roll.clients) - max(move.clients)])
            print(
                f"{peers} peers: {roll.line('CPU a roll')} ({alone.line('the roll alone')})",
                flush=True,
            )
            print(f"{peers} peers: {bench.move_cpu.line('CPU a move without a roll')}", flush=True)
            floor = asyncio.run(socket_floor(clients, args.rolls))
            print(f"{peers} peers: {floor.line('the socket floor of a roll')}", flush=True)
            battles = statistics.median(bench.blitz_battles)
            print(
                f"{peers} peers: {blitz.line(f'CPU a blitz of {battles:.0f} battles')}", flush=True
            )
            games: list[float] = []
            verify: list[float] = []
            moves = 0
            for g in range(args.games):
                record = Path(tmp) / f"{peers}-{g}.rec"
                host = TimedHost(HostConfig(seats=seats, bots=bots, record=str(record)))
                games.append(asyncio.run(run_host(host, clients)))
                assert host.match is not None
                moves += host.match.n
                started = time.perf_counter()
                verdict = verify_record(record)
                verify.append(time.perf_counter() - started)
                assert verdict.ok, verdict.message
            if args.games:
                networked = statistics.mean(games)
                print(
                    f"{peers} peers: networked game {networked:.2f} s ({moves // args.games} "
                    f"moves, {ms(networked / (moves / args.games))} a move); verify "
                    f"{max(verify):.2f} s at most",
                    flush=True,
                )


if __name__ == "__main__":
    main()
