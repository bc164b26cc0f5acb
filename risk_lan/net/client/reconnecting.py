"""A client's connection kept up: a lost connection is tried again with the seat's token
(or a spectator's), at the same address or, when the host comes back elsewhere, where the
LAN says the game is now. Part of ``Client``, which runs each session."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from risk_lan.net.client.outcome import Listener, Outcome
from risk_lan.net.client.seatfile import StaleSeat
from risk_lan.net.connection import Connection

# How long a client keeps trying to reach its host again (a host restarting after a crash
# takes a while), and how often it looks for the game on the LAN meanwhile, in case the host
# came back at another address or port.
RECONNECT_FOR = 15 * 60.0
LOOK_ON_LAN_EVERY = 5


class Reconnecting:
    # Client's (annotations only).
    token: bytes | None
    conn: Connection | None
    retries: int | None
    game_id: str
    find_game: Callable[[str], Awaitable[tuple[str, int] | None]] | None
    listener: Listener
    log: Callable[[str], None]
    _session: Any
    _forget_seat: Any
    _release_seat: Any

    async def run(self, host: str, port: int) -> Outcome:
        """Play until the game ends. A lost connection is retried with the seat's token, at
        the same address or, when the host comes back elsewhere, where the LAN says the game
        is now."""
        try:
            return await self._run(host, port)
        finally:
            self._release_seat()  # another program of this user may take the seat up now

    async def _run(self, host: str, port: int) -> Outcome:
        attempt = 0
        loop = asyncio.get_running_loop()
        lost_at = loop.time()
        while True:
            try:
                outcome = await self._session(host, port)
            except OSError:
                if self.token is None:
                    raise  # never got a seat: the caller says the host cannot be reached
                outcome = None
            except StaleSeat:
                self._forget_seat()
                continue
            if outcome is not None:
                return outcome
            if attempt == 0 or self.conn is not None:
                lost_at, attempt = loop.time(), 0
            self.conn = None
            out_of_tries = self.retries is not None and attempt >= self.retries
            if self.token is None or out_of_tries or loop.time() - lost_at > RECONNECT_FOR:
                return Outcome(error="the connection to the host was lost")
            attempt += 1
            self.log("connection lost; reconnecting")
            self.listener.connection(False)
            await asyncio.sleep(min(0.1 * attempt, 2.0))
            if self.find_game is not None and self.game_id and attempt % LOOK_ON_LAN_EVERY == 0:
                found = await self.find_game(self.game_id)
                if found is not None and found != (host, port):
                    self.log(f"the game is now at {found[0]}:{found[1]}")
                    host, port = found
