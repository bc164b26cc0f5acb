"""The headless host's console: lines typed on its standard input run the lobby, since no
app is there to do it. ``seats`` lists the seats, ``free SEAT`` frees a player's seat (a
seat a stranger holds, say), ``admit ID`` and ``refuse ID`` answer a joiner waiting for
approval (``risk-lan host --approve``). Anything else is answered with the list of
commands."""

from __future__ import annotations

import asyncio
import os
import stat
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from risk_lan.net.host.hostserver import Host
    from risk_lan.net.host.seating import Seat

USAGE = "commands: seats | free SEAT | admit ID | refuse ID"


def command(host: Host, line: str) -> str:
    """What the console answers ``line`` with (having done what it says)."""
    words = line.split()
    if not words:
        return ""
    verb, rest = words[0].lower(), words[1:]
    if verb == "seats" and not rest:
        return "; ".join(_seat_line(host, s) for s in host.seats)
    if verb == "free" and len(rest) == 1:
        return host.admission.free(rest[0]) or f"seat {rest[0]} is free"
    if verb in ("admit", "refuse") and len(rest) == 1:
        why = host.admission.decide(None, rest[0], verb == "admit")
        return why or f"{rest[0]}: {'let in' if verb == 'admit' else 'turned away'}"
    return USAGE


def _seat_line(host: Host, seat: Seat) -> str:
    if seat.kind == "open":
        return f"{seat.id} open"
    ready = ", ready" if seat.ready else ""
    kind = f"{seat.level} {seat.kind}" if seat.kind == "bot" else seat.kind
    return f"{seat.id} {seat.name} ({kind}{ready})"


async def run_console(host: Host, say: Callable[[str], None]) -> None:
    """Read commands from standard input until it ends (nothing to read: no console)."""
    if not _can_wait_on_stdin():
        return  # a file or /dev/null: the lobby runs by itself, with no console
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    try:
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    except (OSError, ValueError):
        return  # standard input is a file or closed: the lobby runs by itself
    while line := await reader.readline():
        answer = command(host, line.decode(errors="replace"))
        if answer:
            say(answer)


def _can_wait_on_stdin() -> bool:
    """Whether the event loop can wait on standard input: a terminal, a pipe or a socket.
    A file or /dev/null cannot be polled, and the loop would say so in a traceback."""
    try:
        fd = sys.stdin.fileno()
        mode = os.fstat(fd).st_mode
    except (AttributeError, OSError, ValueError):
        return False
    return os.isatty(fd) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
