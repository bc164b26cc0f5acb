"""A whole bot game between separate processes, plain or sealed: what the sealed deck costs
a game on the network (issue 27 asks no more than 25% slower).

    .venv/bin/python bench/sealed_game.py [--sealed] [--clients 5] [--mode classic]

The host runs here; each seat is a client of its own (`risk-lan join --bot`) on 127.0.0.1,
so a game of 5 clients is 6 processes, all on this machine. It prints the game's wall time
from the first client started to the host's end, its moves, the host's CPU and the clients'
CPU (all of them, and a client's mean): on a LAN, where each peer has a machine of its own,
a peer's CPU is what carries over, not the wall time of 6 processes sharing these cores.
Games differ in length (their dice differ): compare the medians of several runs of each, or
time the whole command plain against sealed (`/usr/bin/time`, or a harness that alternates the two);
the figures a move, last on the line, carry across games of different lengths.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import time

from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host

CLI = ["-m", "risk_lan.cli"]


async def game(clients: int, mode: str, sealed: bool) -> tuple[float, int, str]:
    host = Host(HostConfig(seats=clients, mode=mode, sealed=sealed))
    port = await host.serve("127.0.0.1", 0)
    began = time.perf_counter()
    joiners = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            *CLI,
            "join",
            f"127.0.0.1:{port}",
            "--bot",
            "--name",
            f"b{i}",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        for i in range(clients)
    ]
    await host.done.wait()
    took = time.perf_counter() - began
    for j in joiners:
        await j.wait()
    moves = host.match.n if host.match is not None else 0
    ledger = host.match.deck.ledger if host.match is not None and host.match.deck else None
    deals = "" if ledger is None else f", {len(ledger.deals)} deals of the deck"
    await host.close()
    return took, moves, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sealed", action="store_true", help="deal the cards sealed")
    parser.add_argument("--clients", type=int, default=5, help="client processes, one a seat")
    parser.add_argument("--mode", default="classic")
    args = parser.parse_args()
    cpu = time.process_time()
    took, moves, deals = asyncio.run(game(args.clients, args.mode, args.sealed))
    host = time.process_time() - cpu
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    clients = children.ru_utime + children.ru_stime
    kind = "sealed" if args.sealed else "plain"
    print(
        f"{kind} {args.mode}, {args.clients} clients: {took:.2f} s, {moves} moves{deals},"
        f" host CPU {host:.2f} s, clients' CPU {clients:.2f} s"
        f" ({clients / max(1, args.clients):.2f} s a client);"
        f" a move: {1000 * took / max(1, moves):.2f} ms,"
        f" host CPU {1000 * host / max(1, moves):.2f} ms,"
        f" a client's CPU {1000 * clients / max(1, args.clients * moves):.2f} ms"
    )


if __name__ == "__main__":
    main()
