"""What ``risk-lan host``, ``join`` and ``verify`` do (cli.py only parses their arguments)."""

from __future__ import annotations

import asyncio
import sys

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host import Host, HostConfig
from risk_lan.net.verify import verify_record

DEFAULT_PORT = 47474


def _say(line: str) -> None:
    print(line, flush=True)


def parse_address(text: str) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6]:port`` to (host, port)."""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        return host, int(rest[1:]) if rest.startswith(":") else DEFAULT_PORT
    if text.count(":") == 1:
        host, port = text.split(":")
        return host, int(port)
    return text, DEFAULT_PORT


async def host_game(config: HostConfig, interface: str, port: int) -> int:
    host = Host(config)
    try:
        bound = await host.serve(interface, port)
    except OSError as e:
        _say(f"risk-lan: cannot listen on {interface}:{port}: {e.strerror or e}")
        return 2
    humans = config.seats - config.bots
    _say(
        f"hosting {config.name!r} ({config.mode}, {config.seats} seats, {config.bots} bots) "
        f"on {interface}:{bound}"
    )
    if humans:
        _say(f"waiting for {humans} player(s): risk-lan join <this machine's address>:{bound}")
    try:
        await host.done.wait()
    finally:
        await host.close()
    if config.record:
        _say(f"record written to {config.record}")
    return 0


async def join_game(address: str, name: str) -> int:
    host, port = parse_address(address)
    client = Client(name, ClassicBot(), log=_say)
    try:
        outcome = await client.run(host, port)
    except OSError as e:
        _say(f"risk-lan: cannot reach {host}:{port}: {e.strerror or e}")
        return 2
    if outcome.error:
        blame = f" (blame: {outcome.culprit})" if outcome.culprit else ""
        _say(f"game stopped: {outcome.error}{blame}")
        return 1
    _say(f"game over: {outcome.winner} wins ({outcome.reason}); transcript {outcome.transcript}")
    return 0


def run(coro) -> int:
    try:
        return asyncio.run(coro)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


def verify(path: str) -> int:
    verdict = verify_record(path)
    if verdict.ok:
        _say(f"{verdict.message}; transcript {verdict.transcript}")
        return 0
    blame = f"; it blames {verdict.culprit}" if verdict.culprit else ""
    _say(f"record does not verify: {verdict.message}{blame}")
    return 1
