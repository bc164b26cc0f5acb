"""Who comes into the lobby, and who keeps a seat there.

A seat in the lobby is held only by a peer that answers: the host pings every lobby seat's
connection (and every joiner waiting for approval) each PING_EVERY seconds, and one it has
heard nothing from for SILENT_AFTER seconds loses its place, the others told why. So
connections that say hello and then nothing can no longer hold a table, even a headless
host's with nobody to free the seats.

Before a seat is given, a game may ask for its password (a challenge the joiner answers
with an HMAC, ``protocol.password``: the password never travels) and for its host's
player's approval (the joiner waits, answering pings, while the host's player is asked; a
headless host is asked on its console). A seat or a spectator coming back with its token
has proved itself already and goes straight in. See docs/protocol.md, "The lobby"."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import (
    CLIENT_MESSAGES,
    MAX_KNOCKING,
    PROTOCOL_VERSION,
    check_size,
    validate,
)
from protocol.password import password_key, proof_holds
from risk_lan.net.connection import Connection
from risk_lan.net.host.hosttable import Table
from risk_lan.net.host.seating import Roster, Seat

PING_EVERY = 2.0
SILENT_AFTER = 6.0
ANSWER_WITHIN = 10.0  # seconds a joiner has to answer the password's challenge
PING = {"type": "ping"}


@dataclass
class Knock:
    """A joiner waiting for the host's player's approval."""

    id: str
    name: str
    conn: Connection
    answer: asyncio.Future[str] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )

    def settle(self, answer: str) -> None:
        if not self.answer.done():
            self.answer.set_result(answer)


class Admission:
    def __init__(
        self,
        roster: Roster,
        table: Table,
        log: Callable[[str], None],
        password: str | None = None,
        approve: bool = False,
    ) -> None:
        self.roster, self.table, self.log = roster, table, log
        self.salt = secrets.token_bytes(16)
        # Stretched once: every joiner's answer is checked against this key.
        self.key = password_key(password, self.salt) if password else None
        self.approve = approve
        self.heard: dict[Connection, float] = {}  # when each connection last said anything
        self.knocks: list[Knock] = []
        self.knocked = 0
        self.task: asyncio.Task[None] | None = None

    # ----- coming in ----------------------------------------------------------------------

    async def clear(self, conn: Connection, hello: dict[str, Any]) -> None:
        """Return once this ``hello`` may go on to a seat (or to watch); raise
        ProtocolError when it may not (a wrong password, a refusal), or ConnectionError
        when the joiner left."""
        check_size(hello)
        validate(hello, {"hello": CLIENT_MESSAGES["hello"]})
        if hello["version"] != PROTOCOL_VERSION:
            return  # refused by the seating, which says why
        if self._known(hello):
            return  # coming back: its token (with the key it came with) proves it was let in
        if self.key is not None:
            await self._challenge(conn, self.key, hello["key"])
        if self.approve and not hello.get("watch") and hello["key"] != self.roster.owner_key:
            await self._knock(conn, hello["name"])
        self.heard[conn] = self._now()

    def _known(self, hello: dict[str, Any]) -> bool:
        """Whether this ``hello`` comes back to a seat or a spectator's place the host gave:
        a made-up token is no way round the password or the approval."""
        token, key = hello.get("token"), hello["key"]
        roster = self.roster
        return bool(token) and any(
            s.token == token and s.key == key for s in (*roster.seats, *roster.watchers)
        )

    async def _challenge(self, conn: Connection, key: bytes, client_key: bytes) -> None:
        nonce = secrets.token_bytes(16)
        conn.send({"type": "challenge", "salt": self.salt, "nonce": nonce})
        batch = await asyncio.wait_for(conn.next_batch(), ANSWER_WITHIN)
        if batch is None:
            raise ConnectionResetError("gone before answering the challenge")
        proof = batch[0]
        check_size(proof)
        validate(proof, {"proof": CLIENT_MESSAGES["proof"]})
        if len(batch) > 1:
            raise ProtocolError("unknown_type", "nothing may follow a proof before the welcome")
        if not proof_holds(key, nonce, client_key, proof["mac"]):
            raise ProtocolError("bad_password", "that is not this game's password")

    async def _knock(self, conn: Connection, name: str) -> None:
        if self.table.state != "lobby" or not any(s.kind == "open" for s in self.roster.seats):
            raise ProtocolError("full", "every seat is taken")
        if len(self.knocks) >= MAX_KNOCKING:
            raise ProtocolError("full", "too many players are waiting for the host's approval")
        self.knocked += 1
        knock = Knock(f"j{self.knocked}", name, conn)
        self.knocks.append(knock)
        self.heard[conn] = self._now()

        def pongs(batch: list[dict[str, Any]]) -> None:
            for message in batch:
                check_size(message)
                validate(message, {"pong": CLIENT_MESSAGES["pong"]})
            self.heard[conn] = self._now()

        conn.send({"type": "awaiting"})
        conn.deliver(pongs)
        self.log(f"{name} asks to join ({knock.id})")
        self._tell_owner()
        ended = asyncio.ensure_future(conn.ended())
        try:
            either: set[asyncio.Future[Any]] = {knock.answer, ended}
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.knocks.remove(knock)
            self._tell_owner()
        if not knock.answer.done():
            ended.result()  # raises what ended it (a message other than pong)
            raise ConnectionResetError("gone while waiting for approval")
        ended.cancel()
        if knock.answer.result() == "full":
            raise ProtocolError("full", "every seat was taken while you waited")
        if knock.answer.result() != "yes":
            raise ProtocolError("turned_away", "the host's player did not let you in")
        self.log(f"{name} ({knock.id}) was let in")

    def decide(self, seat: Seat | None, knock_id: str, yes: bool) -> str:
        """The host's player (``seat``; None: the host's console) lets a joiner in or not;
        returns why it could not ("" if done)."""
        if seat is not None and not self.roster.owns(seat):
            return "only the host's player lets players in"
        knock = next((k for k in self.knocks if k.id == knock_id), None)
        if knock is None:
            return f"nobody is waiting as {knock_id}"
        knock.settle("yes" if yes else "no")
        return ""

    def _tell_owner(self) -> None:
        joiners = [{"id": k.id, "name": k.name} for k in self.knocks]
        owner = self.roster.owner()
        if owner is not None and owner.connection is not None:
            owner.connection.send({"type": "knocks", "joiners": joiners})
        elif self.knocks and self.roster.owner_key is None:
            waiting = ", ".join(f"{k.name} ({k.id})" for k in self.knocks)
            self.log(f"waiting for approval: {waiting}; type 'admit ID' or 'refuse ID'")

    def seated(self, seat: Seat) -> None:
        """A seat was just given: the host's own player hears who is waiting."""
        if self.knocks and self.roster.owns(seat):
            self._tell_owner()

    # ----- staying ------------------------------------------------------------------------

    def heard_from(self, conn: Connection) -> None:
        self.heard[conn] = self._now()

    def forget(self, conn: Connection) -> None:
        self.heard.pop(conn, None)

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self._keep_watch())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
        for knock in self.knocks:
            knock.settle("full")

    async def _keep_watch(self) -> None:
        while self.table.state == "lobby":
            await asyncio.sleep(PING_EVERY)
            self.sweep()
        for knock in self.knocks:
            knock.settle("full")  # the game started: no seat is left for them

    def sweep(self) -> None:
        """Ping everyone the lobby waits on, and let go of anyone silent too long."""
        if self.table.state != "lobby":
            return
        now = self._now()
        for seat in list(self.roster.seats):
            conn = seat.connection
            if seat.kind != "human" or conn is None:
                continue
            # Counted from the first sweep that finds it, however it came in (with a token,
            # say): a connection is never taken to have spoken without a word from it.
            if now - self.heard.setdefault(conn, now) > SILENT_AFTER:
                self._let_go(seat)
            else:
                conn.send(PING)
        for knock in list(self.knocks):
            if now - self.heard.setdefault(knock.conn, now) > SILENT_AFTER:
                knock.conn.send(
                    {"type": "error", "code": "silent", "message": "your app stopped answering"}
                )
                knock.conn.close()
            else:
                knock.conn.send(PING)

    def _let_go(self, seat: Seat) -> None:
        name = seat.name
        self.log(f"{name} stopped answering for {SILENT_AFTER:.0f} s: seat {seat.id} is free")
        if seat.connection is not None:
            why = f"your app stopped answering the host for {SILENT_AFTER:.0f} seconds"
            seat.connection.send({"type": "error", "code": "silent", "message": why})
        self.table.free(seat)  # closes the connection, after the error
        self.notice("silent", name)

    def free(self, seat_id: str) -> str:
        """The headless host's console frees a player's seat in the lobby; returns why it
        could not ("" if done)."""
        seat = next((s for s in self.roster.seats if s.id == seat_id), None)
        if self.table.state != "lobby":
            return "the game has started"
        if seat is None or seat.kind != "human":
            return f"{seat_id} is not a player's seat"
        name = seat.name
        self.log(f"the host freed seat {seat.id} ({name})")
        self.table.free(seat, "the host freed your seat")
        self.notice("freed", name)
        return ""

    def notice(self, code: str, name: str) -> None:
        self.roster.send_all({"type": "notice", "code": code, "name": name})

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()
