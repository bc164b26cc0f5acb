"""What the command line's ``risk-lan host`` (headless), ``join``, ``list`` and ``verify``
do, printing what happens as lines of text; ``cli.py`` only parses their arguments."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from risk_lan.bots import DEFAULT_LEVEL, ClassicBot, make_bot
from risk_lan.bots.base import Bot
from risk_lan.bots.exec_bot import DEFAULT_TIMEOUT, ExecBot
from risk_lan.bots.personality import PersonalBot, Personality
from risk_lan.expulsion_deeds import DEEDS, deed
from risk_lan.net.client import Client
from risk_lan.net.discovery import DiscoveryUnavailable, find_games
from risk_lan.net.gameaddress import parse_address, rediscover
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostconsole import USAGE, run_console
from risk_lan.net.host.hoststart import start_host
from risk_lan.net.record.verify import verify_record

# Seconds a host stays up after the end for a player coming back (a crashed app restarted)
# to see how the game ended.
LINGER = 30.0


def _say(line: str) -> None:
    print(line, flush=True)


def _bots(config: HostConfig) -> str:
    """The bots of a table in a few words: "2 bots (hard, easy)"."""
    if not config.bots:
        return "no bots"
    return f"{config.bots} bot{'s' * (config.bots > 1)} ({', '.join(config.bot_levels())})"


async def host_game(
    config: HostConfig, interface: str, port: int, resume: str | None = None
) -> int:
    started = await start_host(config, interface, port, resume=resume)
    if isinstance(started, str):
        _say(f"risk-lan: {started}")
        return 2
    host = started.host
    config = host.config
    humans = config.seats - config.bots
    _say(
        f"hosting {config.name!r} ({config.mode}, {config.seats} seats, {_bots(config)}) "
        f"on {started.interface}:{started.port}"
    )
    await started.announce(_say)
    if humans:
        _say(
            f"waiting for {humans} player(s): risk-lan join <this machine's address>:{started.port}"
        )
        _say(f"type a command to run the lobby ({USAGE})")
    console = asyncio.create_task(run_console(host, _say))
    try:
        await host.done.wait()
        await host.linger(LINGER)
    finally:
        console.cancel()
        await started.stop()
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


async def _open_game() -> str | None:
    """The address of the first game on the LAN with a free seat (None: said why not)."""
    try:
        games = await find_games(3.0)
    except DiscoveryUnavailable as e:
        _say(f"risk-lan: cannot look for games ({e}): give the host's address")
        return None
    open_games = [
        g for g in games if g.state == "lobby" and g.seats.split("/")[0] != g.seats.split("/")[-1]
    ]
    if not open_games:
        _say("risk-lan: no game with a free seat on the LAN")
        return None
    address = f"{open_games[0].address}:{open_games[0].port}"
    _say(f"joining {open_games[0].name!r} at {address}")
    return address


async def join_game(
    address: str | None,
    name: str,
    state: str | None = None,
    record: str | None = None,
    password: str | None = None,
    watch: bool = False,
    personality: str | None = None,
    level: str | None = None,
    think: float | None = None,
    bot_exec: str | None = None,
    exec_timeout: float = DEFAULT_TIMEOUT,
) -> int:
    """Play the seat with the bot of ``level`` (``personality``: a seed for the normal bot's
    ways; ``think``: the thinking time of a bot that thinks; ``bot_exec``: a program's
    command, docs/bots.md) or, with ``watch``, watch the game, printing what happens to it as
    lines of text."""
    if address is None:
        address = await _open_game()
        if address is None:
            return 2
    try:
        host, port = parse_address(address)
    except ValueError as e:
        _say(f"risk-lan: {e}")
        return 2
    bot: Bot | None = None
    program: ExecBot | None = None
    if bot_exec is not None:
        loop = asyncio.get_running_loop()

        def tell(line: str) -> None:  # from the bot's worker thread: the chat is the loop's
            loop.call_soon_threadsafe(client.say, line)

        bot = program = ExecBot(
            bot_exec, fallback=ClassicBot(), timeout=exec_timeout, log=_say, tell=tell
        )
    elif personality is not None:
        ways = Personality.drawn(personality)
        _say(f"the bot's personality: {ways.describe()}")
        bot = PersonalBot(ways, personality)
    elif not watch:
        bot = make_bot(level or DEFAULT_LEVEL, think=think)
        _say(f"the bot plays at the {bot.name} level")
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
    finally:
        if program is not None:
            game = client.witness.game if client.witness is not None else None
            await asyncio.to_thread(program.game_over, game, client.seat)
    code, _, why = (outcome.error or "").partition(": ")
    if code == "expelled":
        # The host's own sentence, to a seat that came back to a game that expelled it.
        if why in DEEDS["en"]:
            why = f"this app sent {deed('en', why)}; a bot plays the seat to the end"
        _say(f"expelled from the game: {why.removeprefix('you were expelled from this game: ')}")
        return 1
    if outcome.error:
        blame = f" (blame: {outcome.culprit})" if outcome.culprit else ""
        _say(f"game stopped: {outcome.error}{blame}")
        return 1
    _say(f"game over: {outcome.winner} wins ({outcome.reason}); transcript {outcome.transcript}")
    return 0


def run(coro: Coroutine[Any, Any, int]) -> int:
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
