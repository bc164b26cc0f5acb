"""The table as the host keeps it in the lobby and during the game: seats taken and freed,
spectators coming and going, colours, the mode and the number of seats, chat, and the
commands only the host's own player may give (free a seat, stop the clock, give more time,
hand a seat to a bot). Part of ``Host``, which holds the seats."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from protocol.errors import ProtocolError
from protocol.messages import MAX_WATCHERS, PROTOCOL_VERSION
from risk_lan.net.connection import Connection
from risk_lan.net.host.intake import TokenBucket, act_allowance, chat_allowance

if TYPE_CHECKING:
    from risk_lan.net.host.hostserver import HostConfig

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
    expelled: str = ""  # why the player was expelled (hostexpel): its key is refused for good
    acts: TokenBucket = field(default_factory=act_allowance)  # for acts that change nothing
    chat: TokenBucket = field(default_factory=chat_allowance)


class TableKeeping:
    def _free(self, seat: Seat, why: str = "") -> None:
        """A seat left in the lobby is open again: a seat is held only while its player is
        connected, so a table cannot be filled with players who have gone. ``why``: the
        player is still there, and is told before being let go."""
        if seat.connection is not None:
            if why:
                seat.connection.send({"type": "error", "code": "removed", "message": why})
            seat.connection.close()
            seat.connection = None
        seat.kind, seat.name, seat.key, seat.token, seat.ready = "open", "", b"", b"", False
        seat.last_seq = 0
        seat.acts, seat.chat = act_allowance(), chat_allowance()
        self._send_lobby()

    def _send_lobby(self) -> None:
        lobby = {
            "type": "lobby",
            "seats": [
                {"seat": s.id, "name": s.name, "kind": s.kind, "colour": s.colour, "ready": s.ready}
                for s in self.seats
            ],
            "total": len(self.seats),
            "mode": self.config.mode,
            "state": self.state,
            "owner": next((s.id for s in self.seats if self._owns(s)), None),
            "watchers": [w.name for w in self.watchers if w.connection],
        }
        for s in self.peers():
            if s.connection:
                s.connection.send(lobby)
        if self.on_change:
            self.on_change()

    def _admit_watcher(self, conn: Connection, hello: dict[str, Any]) -> Seat:
        """A spectator: one coming back (its token and key) keeps its id; any other (a token
        forgotten, after a restart of the host, say) is a new one, while the table has room
        for it and the game is not over. Either is sent what the game has published (after
        what it has checked already) and the public view, or the lobby."""
        token = hello.get("token")
        watcher = next((w for w in self.watchers if token and w.token == token), None)
        if watcher is not None and watcher.key != hello["key"]:
            raise ProtocolError("bad_token", "a spectator keeps the key it joined with")
        if watcher is None:
            if self.match is not None and self.match.finished:
                raise ProtocolError("game_over", "the game is over: there is nothing to watch")
            if sum(1 for w in self.watchers if w.connection) >= MAX_WATCHERS:
                raise ProtocolError("full", f"the table has {MAX_WATCHERS} spectators already")
            # Those who left are forgotten, so that the list stays bounded.
            self.watchers = [w for w in self.watchers if w.connection]
            number = max((int(w.id[1:]) for w in self.watchers), default=0) + 1
            watcher = Seat(f"w{number}", hello["name"], "watcher", "", hello["key"])
            watcher.token = secrets.token_bytes(16)
            self.watchers.append(watcher)
        elif watcher.connection is not None:
            watcher.connection.close()
        watcher.connection = conn
        conn.send(
            {
                "type": "welcome",
                "version": PROTOCOL_VERSION,
                "game": self.game_id,
                "seat": watcher.id,
                "colour": "",
                "token": watcher.token,
                "host_key": self.identity.public_key,
                "watching": True,
            }
        )
        self.log(f"{watcher.name} watches the game as {watcher.id} from {conn.address}")
        if self.match is not None:
            self.match.watcher_joined(watcher.id, hello.get("have") or 0)
        self._send_lobby()  # everyone sees who watches
        return watcher

    def _recolour(self, seat: Seat, colour: str) -> None:
        """A player's choice of colour in the lobby: any colour no other seat has."""
        taken = {s.colour for s in self.seats if s is not seat}
        if self.state != "lobby" or colour not in COLOURS or colour in taken:
            if seat.connection:
                why = "the game has started" if self.state != "lobby" else "that colour is taken"
                seat.connection.send({"type": "error", "code": "colour", "message": why})
            return
        seat.colour = colour
        self._send_lobby()

    def _owns(self, seat: Seat) -> bool:
        return self.owner_key is not None and seat.kind == "human" and seat.key == self.owner_key

    def _set_table(self, seat: Seat, mode: str, total: int, bots: int) -> None:
        """The host's player changes the mode, the number of seats or of bots in the lobby.

        Seated players keep their seats and colours; everyone is asked to be ready again,
        since the table they were ready for has changed."""
        humans = [s for s in self.seats if s.kind == "human"]
        changed = replace(self.config, mode=mode, seats=total, bots=bots)
        why = self._table_refusal(seat, changed, len(humans))
        if why:
            if seat.connection:
                seat.connection.send({"type": "error", "code": "table", "message": why})
            return
        self.config = changed
        used_ids = {s.id for s in humans}
        used_colours = {s.colour for s in humans}
        fresh_ids = (f"p{i}" for i in range(1, 2 * total + 1) if f"p{i}" not in used_ids)
        fresh_colours = (c for c in COLOURS if c not in used_colours)
        others = [
            Seat(next(fresh_ids), "", "open", next(fresh_colours))
            for _ in range(total - len(humans))
        ]
        for i, bot in enumerate(others[len(others) - bots :]):
            bot.kind, bot.name = "bot", f"bot-{i + 1}"
        for s in humans:
            s.ready = False
        self.seats = humans + others
        self.log(f"table: {mode}, {total} seats, {bots} bots")
        self._send_lobby()

    def _table_refusal(self, seat: Seat, changed: HostConfig, humans: int) -> str:
        """Why ``seat`` may not set this table ("" if it may)."""
        if not self._owns(seat):
            return "only the host's player sets the table"
        if self.state != "lobby":
            return "the game has started"
        if humans + changed.bots > changed.seats:
            return f"{humans} players are seated: leave them room beside {changed.bots} bots"
        try:
            changed.check()
        except ValueError as e:
            return str(e)
        return ""

    def _command(self, seat: Seat, message: dict[str, Any]) -> None:
        """A seat taking back its seat, or the host's player running the table."""
        kind = message["type"]
        if kind == "reclaim":
            if self.match is not None:
                self.match.reclaim(seat.id)
            return
        why = self._command_refusal(seat, message)
        if why:
            if seat.connection:
                seat.connection.send({"type": "error", "code": "table", "message": why})
            return
        assert kind == "remove" or self.match is not None
        if kind == "remove":
            self.log(f"the host's player freed seat {message['seat']}")
            self._free(self.seat_by_id(message["seat"]), "the host's player freed your seat")
        elif kind == "pause":
            self.match.pause(message["on"])
        elif kind == "more_time":
            self.match.more_time(message["seat"], message["seconds"])
        elif kind == "hand_to_bot":
            self.match.take_over_now(message["seat"])

    def _command_refusal(self, seat: Seat, message: dict[str, Any]) -> str:
        """Why ``seat`` may not run this command ("" if it may)."""
        if not self._owns(seat):
            return "only the host's player runs the table"
        kind = message["type"]
        target = next((s for s in self.seats if s.id == message.get("seat")), None)
        if "seat" in message and target is None:
            return "there is no such seat"
        if kind == "remove":
            if self.state != "lobby":
                return "the game has started: hand the seat to a bot instead"
            if target is seat or target is None or target.kind != "human":
                return "only another player's seat can be freed"
            return ""
        if self.match is None or self.match.finished:
            return "the game is not being played"
        if kind == "hand_to_bot" and (
            target is None or target.kind != "human" or target.id in self.match.bots
        ):
            return "a bot plays that seat already"
        return ""

    def _chat(self, seat: Seat, text: str) -> None:
        line = {"type": "chat", "seat": seat.id, "name": seat.name, "text": text}
        self.log(f"{seat.name}: {text}")
        for s in self.peers():
            if s.connection:
                s.connection.send(line)
