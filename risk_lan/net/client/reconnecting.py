"""A client's connection kept up: a lost connection is tried again with the seat's token
(or a spectator's), at the same address or, when the host comes back elsewhere, where the
LAN says the game is now. It opens each connection and hands what it reads to the client
(``Sessions``), whose game goes on across them."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from risk_lan.net.client.outcome import Listener, Outcome, stopped_by
from risk_lan.net.client.seatfile import StaleSeat
from risk_lan.net.connection import Connection

# How long a client keeps trying to reach its host again (a host restarting after a crash
# takes a while), and how often it looks for the game on the LAN meanwhile, in case the host
# came back at another address or port.
RECONNECT_FOR = 15 * 60.0
LOOK_ON_LAN_EVERY = 5


class Sessions(Protocol):
    """What the connection kept up needs of the client: to be told of each new connection
    (it says what to send first), to take in what arrives, and what it knows of its seat."""

    @property
    def game_id(self) -> str: ...

    def connected(self, conn: Connection, address: tuple[str, int]) -> dict[str, Any]:
        """A new connection to the host at ``address``: returns the hello to send on it."""

    def take_batch(self, batch: list[dict[str, Any]]) -> Outcome | None:
        """Take in messages that arrived together; the outcome of the game if they end it.
        Raises ``StaleSeat`` when the host no longer knows the kept seat."""

    def disconnected(self) -> None: ...


class Seat(Protocol):
    """What the connection kept up needs of the seat kept on disk."""

    def seated(self) -> bool:
        """Whether the host gave this client a seat (or a spectator's place) to come back to."""

    def forget(self) -> None:
        """Drop a seat the host does not know, to ask for a new one."""


class Reconnection:
    def __init__(
        self,
        sessions: Sessions,
        seat: Seat,
        listener: Listener,
        log: Callable[[str], None],
        retries: int | None = None,
        find_game: Callable[[str], Awaitable[tuple[str, int] | None]] | None = None,
    ) -> None:
        self.sessions = sessions
        self.seat = seat
        self.listener = listener
        self.log = log
        self.retries = retries  # attempts to reconnect (None: for RECONNECT_FOR seconds)
        self.find_game = find_game  # where the game is on the LAN now, by its id
        self.opened = False  # whether the last session opened its connection

    async def run(self, host: str, port: int) -> Outcome:
        """Play until the game ends. A lost connection is retried with the seat's token, at
        the same address or, when the host comes back elsewhere, where the LAN says the game
        is now."""
        sessions = self.sessions
        attempt = 0
        loop = asyncio.get_running_loop()
        lost_at = loop.time()
        while True:
            try:
                outcome = await self._session(host, port)
            except OSError:
                if not self.seat.seated():
                    raise  # never got a seat: the caller says the host cannot be reached
                outcome = None
            except StaleSeat:
                self.seat.forget()
                continue
            if outcome is not None:
                return outcome
            if self.opened or attempt == 0:
                lost_at, attempt = loop.time(), 0
            sessions.disconnected()
            out_of_tries = self.retries is not None and attempt >= self.retries
            if not self.seat.seated() or out_of_tries or loop.time() - lost_at > RECONNECT_FOR:
                return Outcome(error="the connection to the host was lost")
            attempt += 1
            self.log("connection lost; reconnecting")
            self.listener.connection(False)
            await asyncio.sleep(min(0.1 * attempt, 2.0))
            if attempt % LOOK_ON_LAN_EVERY == 0:
                host, port = await self._look_on_lan(host, port)

    async def _session(self, host: str, port: int) -> Outcome | None:
        """Play on one connection until it ends; None when it was lost. Raises OSError when
        the host cannot be reached, ``StaleSeat`` when it no longer knows the kept seat."""
        self.opened = False
        conn = await Connection.open(host, port)
        self.opened = True
        conn.send(self.sessions.connected(conn, (host, port)))
        ended: list[Outcome] = []

        def take(batch: list[dict[str, Any]]) -> None:
            outcome = self.sessions.take_batch(batch)
            if outcome is not None:
                ended.append(outcome)
                conn.stop()

        try:
            conn.deliver(take)  # each batch taken in as it is read
            await conn.ended()
            return ended[0] if ended else None
        except ConnectionError:
            return None
        except (OSError, StaleSeat):
            # The connection, or the seat's file: reconnecting is the answer; a seat the
            # host no longer has is forgotten first.
            raise
        except Exception as e:  # said in a sentence that blames whom it should, never a trace
            return stopped_by(e, f"client-{self.sessions.game_id or 'lobby'}", self.log)
        finally:
            conn.close()

    async def _look_on_lan(self, host: str, port: int) -> tuple[str, int]:
        """Where the game is now, by its id, if the LAN says; else where it was."""
        game_id = self.sessions.game_id
        if self.find_game is None or not game_id:
            return host, port
        found = await self.find_game(game_id)
        if found is not None and found != (host, port):
            self.log(f"the game is now at {found[0]}:{found[1]}")
            return found
        return host, port
