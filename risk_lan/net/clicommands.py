"""What ``risk-lan host``, ``join`` and ``verify`` do (cli.py only parses their arguments)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from protocol.messages import PROTOCOL_VERSION
from risk_lan.bots import ClassicBot
from risk_lan.bots.personality import PersonalBot, Personality
from risk_lan.net.client import Client
from risk_lan.net.discovery import Advertiser, DiscoveryUnavailable, find_game, find_games
from risk_lan.net.expulsion import DEEDS
from risk_lan.net.host.hostconsole import USAGE, run_console
from risk_lan.net.host.hostsave import SaveError
from risk_lan.net.host.hostserver import Host, HostConfig
from risk_lan.net.verify import verify_record

DEFAULT_PORT = 47474
# Seconds a host stays up after the end for a player coming back (a crashed app restarted)
# to see how the game ended.
LINGER = 30.0


def _say(line: str) -> None:
    print(line, flush=True)


def parse_address(text: str) -> tuple[str, int]:
    """``host``, ``host:port``, ``v6`` or ``[v6]:port`` to (host, port); ValueError, with a
    sentence for the player, for anything else."""
    usage = "give HOST or HOST:PORT, the port a number from 1 to 65535"
    text = text.strip()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r} is not an address: give [IPv6] or [IPv6]:PORT")
        port = rest[1:] if rest else None
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, None  # a name, IPv4, or IPv6 without a port
    if not host:
        raise ValueError(f"no host in {text!r}: {usage}" if text else f"no address: {usage}")
    if port is None:
        return host, DEFAULT_PORT
    if not port:
        raise ValueError(f"the port is missing after {host!r}: {usage}")
    # isdigit alone takes "²" and other digits int() refuses or reads as another number.
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise ValueError(f"{port!r} is not a port number: {usage}")
    return host, int(port)


def announcement(host: Host) -> dict[str, str]:
    """The TXT record of ``host``'s game, as of now (the table may change in the lobby)."""
    return {
        "v": str(PROTOCOL_VERSION),
        "name": host.config.name,
        "id": host.game_id,
        "mode": host.config.mode,
        "seats": f"{host.taken()}/{host.config.seats}",
        "state": host.state,
        # Whether a joiner needs the password or the host's approval (never the password).
        "entry": entry(host.config),
    }


def entry(config: HostConfig) -> str:
    """What a joiner of this game must get past: ``open``, ``password``, ``approval``, or
    ``password,approval``."""
    needs = [n for n, on in (("password", config.password), ("approval", config.approve)) if on]
    return ",".join(needs) or "open"


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
        try:
            await advertiser.start(announcement(host))
        except DiscoveryUnavailable as e:
            say(f"not announced on the LAN: {e}; players can still join by address")
            return advertiser
        host.on_change = changed
        say("announced on the LAN: players can run risk-lan join")
    except BaseException:
        # The caller gets no advertiser to stop: nothing may stay announced behind its back.
        if host.on_change is changed:
            host.on_change = None
        await advertiser.stop()
        raise
    return advertiser


async def rediscover(game_id: str) -> tuple[str, int] | None:
    """Where the game ``game_id`` is announced on the LAN now (its host may have come back at
    another address or port), or None."""
    try:
        found = await find_game(game_id, 3.0)
    except DiscoveryUnavailable:
        return None
    return (found.address, found.port) if found else None


def resumed_host(path: str, log: Callable[[str], None] | None, **changes: Any) -> Host | str:
    """The host of the game saved in ``path``, or why it cannot be resumed. ``changes``:
    HostConfig fields the save does not keep (the password asked of spectators, say)."""
    try:
        return Host.resume(path, log=log, **changes)
    except SaveError as e:
        return str(e)


async def host_game(
    config: HostConfig, interface: str, port: int, resume: str | None = None
) -> int:
    if resume is not None:
        # The password is never saved: a resumed game asks for the one given now, if any.
        host_or_why = resumed_host(
            resume, config.log, password=config.password, approve=config.approve
        )
        if isinstance(host_or_why, str):
            _say(f"risk-lan: {host_or_why}")
            return 2
        host = host_or_why
        config = host.config
        if port == DEFAULT_PORT and host.address[1]:
            port = host.address[1]  # the same port, so clients find it where it was
        if interface == "0.0.0.0":
            interface = host.address[0]
    else:
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
        _say(f"type a command to run the lobby ({USAGE})")
    console = asyncio.create_task(run_console(host, _say))
    try:
        await host.done.wait()
        await host.linger(LINGER)
    finally:
        console.cancel()
        await advertiser.stop()
        await host.close()
    if config.record:
        _say(f"record written to {config.record}")
    if host.saver is not None and not host.game_over_seen:
        _say(f"the game is saved: risk-lan host --resume {host.config.save}")
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


async def join_game(
    address: str | None,
    name: str,
    state: str | None = None,
    record: str | None = None,
    password: str | None = None,
    watch: bool = False,
    personality: str | None = None,
) -> int:
    """Play the seat with the bot (``personality``: a seed for its ways) or, with ``watch``,
    watch the game, printing what happens to it as lines of text."""
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
    try:
        host, port = parse_address(address)
    except ValueError as e:
        _say(f"risk-lan: {e}")
        return 2
    bot = None
    if personality is not None:
        ways = Personality.drawn(personality)
        _say(f"the bot's personality: {ways.describe()}")
        bot = PersonalBot(ways, personality)
    elif not watch:
        bot = ClassicBot()
    client = Client(
        name,
        bot,
        log=_say,
        state_path=Path(state) if state else None,
        find_game=rediscover,
        record=record,
        password=password,
        watch=watch,
    )
    try:
        outcome = await client.run(host, port)
    except OSError as e:
        _say(f"risk-lan: cannot reach {host}:{port}: {e.strerror or e}")
        return 2
    code, _, why = (outcome.error or "").partition(": ")
    if code == "expelled":
        # The host's own sentence, to a seat that came back to a game that expelled it.
        if why in DEEDS:
            why = f"this app sent {DEEDS[why]}; a bot plays the seat to the end"
        _say(f"expelled from the game: {why.removeprefix('you were expelled from this game: ')}")
        return 1
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
