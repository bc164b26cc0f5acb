"""What a client sends, checked before anything acts on it: its size first, then its schema,
envelope and body alike, then its signature. A signed message is kept and relayed only as
rebuilt from its checked parts (``validate_envelope``), so nothing a client adds reaches the
others. Garbage (a message over its size, of no known shape, badly signed) is told why and
its connection closed; a chat line or a move the table will not take is refused and the
connection kept. Either way the others play on and nobody else is blamed.

Each plain message goes to its handler through one table (``Intake.handlers``); a signed one
goes to the game. Acts are held to the game's pace (``actqueue``), chat lines to an
allowance of their own (``allowance``): a seat over it is refused (``chat_too_fast``) until
it has waited.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from protocol.errors import ProtocolError
from protocol.messages import (
    CLIENT_MESSAGES,
    PROTOCOL_VERSION,
    check_size,
    validate,
    validate_envelope,
)
from protocol.signing import Identity, verify
from risk_lan.net.connection import Connection
from risk_lan.net.host.admission import Admission
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hosttable import Table
from risk_lan.net.host.hostwords import error, sentence
from risk_lan.net.host.seating import Roster, Seat

# Messages from the host's own player only, to run the table.
OWNER_MESSAGES = frozenset({"remove", "pause", "more_time", "hand_to_bot"})
PLAIN_MESSAGES = frozenset(
    {"ready", "say", "colour", "table", "reclaim", "done", "pong", "admit"} | OWNER_MESSAGES
)

Handler = Callable[[Seat, dict[str, Any]], None]


class Starts(Protocol):
    """The host as the intake sees it: the game, once one runs, and how it begins."""

    @property
    def match(self) -> HostGame | None: ...

    def begin(self) -> None: ...


class Intake:
    def __init__(
        self,
        roster: Roster,
        table: Table,
        admission: Admission,
        host: Starts,
        identity: Identity,
        game_id: str,
        log: Callable[[str], None],
    ) -> None:
        self.roster, self.table, self.admission, self.host = roster, table, admission, host
        self.identity, self.game_id, self.log = identity, game_id, log
        self.handlers: dict[str, Handler] = {
            "pong": lambda seat, m: None,  # heard: that is all a pong is for
            "admit": self._admit_joiner,
            "ready": self._ready,
            "say": lambda seat, m: table.chat(seat, m["text"]),
            "colour": lambda seat, m: table.recolour(seat, m["colour"]),
            "table": lambda seat, m: table.set_table(
                seat, m["mode"], m["seats"], m["bots"], m.get("levels")
            ),
            "done": self._done,
            "reclaim": lambda seat, m: table.reclaim(seat),
        } | dict.fromkeys(OWNER_MESSAGES, table.command)
        assert set(self.handlers) == PLAIN_MESSAGES

    # ----- hello --------------------------------------------------------------------------

    def admit(self, conn: Connection, hello: dict[str, Any]) -> Seat:
        """The seat (or the spectator's place) a ``hello`` is given, told so."""
        check_size(hello)
        validate(hello, {"hello": CLIENT_MESSAGES["hello"]})
        if hello["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                "version",
                f"this host speaks protocol {PROTOCOL_VERSION}, the client {hello['version']}",
            )
        seats = self.roster.seats
        banned = next((s for s in seats if s.expelled and s.key == hello["key"]), None)
        if banned is not None:
            raise ProtocolError("expelled", sentence(banned.expelled))
        if hello.get("watch"):
            return self.table.admit_watcher(conn, hello)
        seat = self._returning(hello) if hello.get("token") is not None else self._new(hello)
        seat.connection = conn
        conn.send(
            {
                "type": "welcome",
                "version": PROTOCOL_VERSION,
                "game": self.game_id,
                "seat": seat.id,
                "colour": seat.colour,
                "token": seat.token,
                "host_key": self.identity.public_key,
            }
        )
        self.log(f"{seat.name} joined as {seat.id} from {conn.address}")
        match = self.host.match
        if match is not None:
            match.handovers.reconnected(seat.id, hello.get("have") or 0)
        else:
            self.table.send_lobby()
        return seat

    def _returning(self, hello: dict[str, Any]) -> Seat:
        token = hello["token"]
        seat = next((s for s in self.roster.seats if s.token and s.token == token), None)
        if seat is None:
            raise ProtocolError("bad_token", "no seat has this reconnect token")
        if hello["key"] != seat.key:
            # Checked before anything changes: a wrong key must not cost the seat's player
            # its connection.
            raise ProtocolError("bad_token", "a seat keeps the key it joined with")
        if seat.connection is not None:
            seat.connection.close()
        return seat

    def _new(self, hello: dict[str, Any]) -> Seat:
        seat = next((s for s in self.roster.seats if s.kind == "open"), None)
        if seat is None or self.table.state != "lobby":
            raise ProtocolError("full", "every seat is taken")
        seat.kind, seat.name, seat.key = "human", hello["name"], hello["key"]
        seat.level = hello.get("bot") or ""  # as its client says: a bot plays the seat there
        seat.token = secrets.token_bytes(16)
        return seat

    # ----- after hello --------------------------------------------------------------------

    def receive(self, seat: Seat, message: dict[str, Any]) -> None:
        if seat.expelled:
            return  # the rest of what it sent before it was let go
        check_size(message)
        kind = message.get("type")
        if seat.kind == "watcher" and self._from_watcher(seat, kind):
            return
        if kind == "signed":
            self._receive_signed(seat, message)
            return
        if not isinstance(kind, str):
            raise ProtocolError("malformed", "a message's type is a text")
        handler = self.handlers.get(kind)
        if handler is None:
            raise ProtocolError(
                "unknown_type",
                "after hello, messages are signed or one of " + ", ".join(sorted(PLAIN_MESSAGES)),
            )
        if kind == "say" and not seat.chat.take(asyncio.get_running_loop().time()):
            self._refuse(seat, "chat_too_fast", _CHAT_TOO_FAST)
            return
        try:
            validate(message, CLIENT_MESSAGES)
        except ProtocolError as e:
            if e.code != "bad_text":
                raise
            # A chat line the others' screens would not show as it is: refused, and the
            # player told why, without losing the connection.
            self._refuse(seat, e.code, e.message)
            return
        handler(seat, message)

    def _refuse(self, seat: Seat, code: str, why: str) -> None:
        if seat.connection:
            seat.connection.send(error(code, why))

    def _admit_joiner(self, seat: Seat, message: dict[str, Any]) -> None:
        why = self.admission.decide(seat, message["id"], message["yes"])
        if why:
            self._refuse(seat, "table", why)

    def _ready(self, seat: Seat, message: dict[str, Any]) -> None:
        if self.table.ready(seat):
            self.host.begin()

    def _done(self, seat: Seat, message: dict[str, Any]) -> None:
        match = self.host.match
        if match is not None:
            match.told_end(seat.id)

    def _from_watcher(self, watcher: Seat, kind: Any) -> bool:
        """Whether a spectator's message was dealt with here: a spectator may chat and say it
        saw the end; what only a player may send is refused (a signed message, which only a
        seat's key may sign, closes the connection)."""
        if kind == "signed":
            raise ProtocolError(
                "watching", "a spectator sends no move, commitment or reveal", watcher.id
            )
        if kind == "done":
            return True  # the host waits only for its players to have seen the end
        if kind in PLAIN_MESSAGES - {"say", "pong"}:
            why = "you are watching this game: only its players can do that"
            self._refuse(watcher, "watching", why)
            return True
        return False

    def _receive_signed(self, seat: Seat, message: dict[str, Any]) -> None:
        envelope = validate_envelope(message)
        if envelope["from"] != seat.id:
            raise ProtocolError("wrong_seat", f"{seat.id} may only speak for itself", seat.id)
        body = envelope["body"]
        match = self.host.match
        if body["type"] != "reveal":
            # A reveal proves its author by matching the author's committed chain (checked in
            # the game); its signature vouches only for its `seen`, which the game checks at
            # each checkpoint, as every client does.
            try:
                verify(envelope, seat.key)
            except ProtocolError as e:
                if match is None or not match.expeller.expel(seat.id, e, [envelope]):
                    raise
                return
        if body["game"] != self.game_id:
            raise ProtocolError("wrong_game", "that message is for another game", seat.id)
        if match is None:
            raise ProtocolError("not_started", "the game has not started")
        match.receive(seat.id, body, envelope)


_CHAT_TOO_FAST = "too many chat lines at once: wait a moment before the next"
