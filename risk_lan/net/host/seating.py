"""Who is at the table: each seat (a player's, a bot's, an open one) and each spectator, with
what the host knows of it, and the ``Roster`` every part of the host looks them up in and
reaches them through."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from risk_lan.net.connection import Connection
from risk_lan.net.host.allowance import TokenBucket, act_allowance, chat_allowance
from risk_lan.net.host.hostwords import error

# Seat colours, each with a letter of its own so that players who cannot tell colours apart
# can still tell owners apart.
COLOURS = ("red", "blue", "green", "yellow", "black", "white")


@dataclass
class Seat:
    id: str
    name: str
    kind: str  # "human", "bot" (played by the host), "open", or "watcher" (a spectator's)
    colour: str = ""
    key: bytes = b""
    token: bytes = b""
    ready: bool = False
    connection: Connection | None = None
    last_seq: int = 0
    expelled: str = ""  # why the player was expelled (expeller): its key is refused for good
    acts: TokenBucket = field(default_factory=act_allowance)  # for acts that change nothing
    chat: TokenBucket = field(default_factory=chat_allowance)
    # A bot seat's level (easy, normal, hard), or the one a player's client said its bot plays
    # at (exec: a program of the player's); "" for a seat a person plays.
    level: str = ""

    def free(self) -> None:
        """Open again, as if nobody had sat here."""
        self.kind, self.name, self.key, self.token, self.ready = "open", "", b"", b"", False
        self.level = ""
        self.last_seq = 0
        self.acts, self.chat = act_allowance(), chat_allowance()


class Roster:
    """The seats, then the spectators; and the key of the host's own player, who may change
    the table in the lobby (set by the app that runs the host; None: the table is as
    configured)."""

    def __init__(self, seats: list[Seat], owner_key: bytes | None = None) -> None:
        self.seats = seats
        self.watchers: list[Seat] = []  # spectators, connected or not (kind "watcher")
        self.owner_key = owner_key

    def peers(self) -> list[Seat]:
        """Everyone the table's messages go to: the seats, then the spectators."""
        return self.seats + self.watchers if self.watchers else self.seats

    def seat_by_id(self, seat_id: str) -> Seat:
        """A seat, or a spectator, by its id."""
        return next(s for s in self.peers() if s.id == seat_id)

    def taken(self) -> int:
        return sum(1 for s in self.seats if s.kind != "open")

    def all_ready(self) -> bool:
        return all(s.kind == "bot" or (s.kind == "human" and s.ready) for s in self.seats)

    def away(self) -> list[str]:
        """The players' seats whose app is not connected now (an update's ``away``)."""
        return [s.id for s in self.seats if s.kind == "human" and s.connection is None]

    def humans(self) -> list[str]:
        return [s.id for s in self.seats if s.kind == "human"]

    def owns(self, seat: Seat) -> bool:
        return self.owner_key is not None and seat.kind == "human" and seat.key == self.owner_key

    def owner(self) -> Seat | None:
        return next((s for s in self.seats if self.owns(s)), None)

    def refuse(self, seat_id: str, code: str, message: str) -> None:
        """A refusal to one peer, if it is connected."""
        conn = self.seat_by_id(seat_id).connection
        if conn:
            conn.send(error(code, message))

    def send_all(self, message: dict[str, Any]) -> None:
        """A plain message to every connected peer."""
        for s in self.peers():
            if s.connection:
                s.connection.send(message)

    def described(self, seat: Seat, **fields: Any) -> dict[str, Any]:
        """A seat as the table is told of it (``lobby``, ``start``): its id, name, kind and
        colour, a bot's level (a host's bot, or one a player's client says plays the seat),
        and ``fields``."""
        told = {"seat": seat.id, "name": seat.name, "kind": seat.kind, "colour": seat.colour}
        if seat.kind == "bot" or seat.level:
            told["level"] = seat.level
        return told | fields
