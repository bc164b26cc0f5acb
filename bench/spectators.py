"""What spectators cost the host: the host's CPU per move in whole bot games, with no
spectator and with the most a table takes (16), each a connection in another process that
reads everything and checks nothing. Prints the CPU per move each way and the difference per
spectator.

    .venv/bin/python bench/spectators.py [--games 3] [--watchers 16]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import time

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host

# The spectators' process: N connections that say hello with watch and read until closed.
WATCHERS = """
import asyncio, sys
from protocol.framing import encode
from protocol.signing import Identity

async def watch(port):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(encode({"type": "hello", "version": 4, "name": "w", "token": None,
                         "key": Identity().public_key, "have": 0, "watch": True}))
    while await reader.read(1 << 16):
        pass

async def main(port, n):
    await asyncio.gather(*(watch(port) for _ in range(n)))

asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
"""


async def one_game(watchers: int) -> tuple[float, int]:
    """(the host process's CPU seconds, moves) for one game with ``watchers`` spectators: the
    host and one bot player run here; the spectators in a process of their own."""
    host = Host(HostConfig(seats=3, bots=2))
    port = await host.serve("127.0.0.1", 0)
    crowd = None
    if watchers:
        crowd = subprocess.Popen([sys.executable, "-c", WATCHERS, str(port), str(watchers)])
        while sum(1 for w in host.watchers if w.connection) < watchers:
            await asyncio.sleep(0.05)
    began = time.process_time()
    outcome = await Client("player", ClassicBot()).run("127.0.0.1", port)
    await asyncio.wait_for(host.done.wait(), 60)
    spent = time.process_time() - began
    moves = host.match.n if host.match is not None else 0
    await host.close()
    if crowd is not None:
        crowd.wait(timeout=30)
    assert outcome.error is None, outcome
    return spent, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--watchers", type=int, default=16)
    args = parser.parse_args()
    per_move = {}
    for n in (0, args.watchers):
        spent = moves = 0
        for _ in range(args.games):
            s, m = asyncio.run(one_game(n))
            spent, moves = spent + s, moves + m
        per_move[n] = spent / moves * 1e6
        print(f"{n:2d} spectators: {moves} moves, {per_move[n]:.0f} µs of CPU a move "
              "(the host and one player's client)")  # fmt: skip
    extra = (per_move[args.watchers] - per_move[0]) / args.watchers
    print(f"each spectator costs the host about {extra:.0f} µs of CPU a move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
