"""A client's side of coming into a lobby and staying there: it answers the host's pings (a
seat in the lobby is held only by a peer that answers), proves it knows the game's password
without sending it, hears that it waits for the host's player's approval, and, for the
host's own player, who is waiting (docs/protocol.md, "The lobby"). Handed to ``Client``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import HOST_MESSAGES, validate
from protocol.password import password_key, password_proof
from risk_lan.net.client.outcome import Listener
from risk_lan.net.connection import Connection

JOINING_MESSAGES = frozenset({"ping", "challenge", "awaiting", "knocks", "notice"})


class Joining:
    def __init__(
        self, password: str | None, listener: Listener, log: Callable[[str], None]
    ) -> None:
        self.password = password
        self.listener = listener
        self.log = log
        self.awaiting = False  # the host's player has been asked to let this player in

    def take(self, message: dict[str, Any], conn: Connection, client_key: bytes) -> None:
        validate(message, HOST_MESSAGES)
        kind = message["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "challenge":
            if not self.password:
                raise ProtocolError("needs_password", "this game asks for a password")
            key = password_key(self.password, message["salt"])
            conn.send({"type": "proof", "mac": password_proof(key, message["nonce"], client_key)})
        elif kind == "awaiting":
            self.log("waiting for the host's player to let this player in")
            self.awaiting = True
            self.listener.awaiting()
        elif kind == "knocks":
            self.listener.knocks(message["joiners"])
        else:
            self.listener.notice(message["code"], message["name"])

    def welcomed(self) -> None:
        self.awaiting = False
