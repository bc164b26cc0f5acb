"""What ``risk-lan host``, ``join`` and ``verify`` do (cli.py only parses their arguments)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path

from protocol.messages import PROTOCOL_VERSION
from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.discovery import Advertiser, DiscoveryUnavailable, find_games
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


def announcement(host: Host) -> dict[str, str]:
    """The TXT record of ``host``'s game, as of now (the table may change in the lobby)."""
    return {
        "v": str(PROTOCOL_VERSION),
        "name": host.config.name,
        "mode": host.config.mode,
        "seats": f"{host.taken()}/{host.config.seats}",
        "state": host.state,
    }


async def announce(host: Host, interface: str, port: int, say: Callable[[str], None]) -> Advertiser:
    """Announce ``host``'s game on the LAN and keep the announcement up to date as seats fill
    and the game starts (``say`` tells whether it could be announced)."""
    advertiser = Advertiser(host.config.name, port, interface)
    pending: set[asyncio.Task[None]] = set()

    def changed() -> None:
        task = asyncio.create_task(advertiser.update(announcement(host)))
        pending.add(task)
        task.add_done_callback(pending.discard)

    try:
        await advertiser.start(announcement(host))
        host.on_change = changed
        say("announced on the LAN: players can run risk-lan join")
    except DiscoveryUnavailable as e:
        say(f"not announced on the LAN: {e}; players can still join by address")
    return advertiser


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
    advertiser = await announce(host, interface, bound, _say)
    if humans:
        _say(f"waiting for {humans} player(s): risk-lan join <this machine's address>:{bound}")
    try:
        await host.done.wait()
    finally:
        await advertiser.stop()
        await host.close()
    if config.record:
        _say(f"record written to {config.record}")
    return 0


async def list_games(timeout: float) -> int:
    try:
        games = await find_games(timeout)
    except DiscoveryUnavailable as e:
        _say(f"risk-lan: cannot look for games: {e}")
        return 0
    for game in games:
        _say(game.line())
    return 0


async def join_game(address: str | None, name: str, state: str | None = None) -> int:
    if address is None:
        try:
            games = await find_games(3.0)
        except DiscoveryUnavailable as e:
            _say(f"risk-lan: cannot look for games ({e}): give the host's address")
            return 2
        open_games = [
            g
            for g in games
            if g.state == "lobby" and g.seats.split("/")[0] != g.seats.split("/")[-1]
        ]
        if not open_games:
            _say("risk-lan: no game with a free seat on the LAN")
            return 2
        address = f"{open_games[0].address}:{open_games[0].port}"
        _say(f"joining {open_games[0].name!r} at {address}")
    host, port = parse_address(address)
    client = Client(name, ClassicBot(), log=_say, state_path=Path(state) if state else None)
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
