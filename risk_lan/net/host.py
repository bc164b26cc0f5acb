"""The host: seats players, runs the one authoritative engine, and runs every roll through
the commit-reveal protocol (docs/fairness.md). Everything a client sends is checked before
it reaches the engine; a client that sends garbage is told why and dropped, and the others
play on."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import HashChain, commit_secret
from protocol.messages import CLIENT_MESSAGES, PROTOCOL_VERSION, validate
from protocol.signing import Identity, verify
from risk_lan.bots import ClassicBot
from risk_lan.net.connection import Connection
from risk_lan.net.hostgame import HostGame
from risk_lan.rules import IllegalAction, ruleset

HELLO_TIMEOUT = 10.0
CHAT_INTERVAL = 0.25  # seconds between two chat lines of one seat
# Seat colours, each with a letter of its own so that players who cannot tell colours apart
# can still tell owners apart.
COLOURS = ("red", "blue", "green", "yellow", "black", "white")


@dataclass
class Seat:
    id: str
    name: str
    kind: str  # "human", "bot" (played by the host) or "open"
    colour: str = ""
    key: bytes = b""
    token: bytes = b""
    ready: bool = False
    connection: Connection | None = None
    last_seq: int = 0
    last_said: float = float("-inf")


@dataclass
class HostConfig:
    name: str = "risk-lan"
    seats: int = 4
    bots: int = 0
    mode: str = "classic"
    record: str | None = None
    chain_length: int = 4096
    log: Callable[[str], None] | None = None
    # Seconds a disconnected player may keep the game waiting before a bot takes the seat
    # (None: wait for ever).
    absent_after: float | None = 120.0
    bot_factory: Callable[[], Any] = field(default=ClassicBot)

    def check(self) -> None:
        """Raise ValueError, saying why, for a table the rule set cannot seat."""
        rules = ruleset(self.mode)
        if not rules.min_players <= self.seats <= rules.max_players:
            raise ValueError(f"{rules.name} is for {rules.players_text()}")
        if not 0 <= self.bots <= self.seats:
            raise ValueError("there cannot be more bots than seats")


class Host:
    game_class: type[HostGame] = HostGame  # what runs the game once every seat is ready

    def __init__(self, config: HostConfig) -> None:
        config.check()
        self.config = config
        self.identity = Identity()
        self.game_id = secrets.token_hex(8)
        self.secret = secrets.token_bytes(32)
        self.secret_commit = commit_secret(self.game_id, self.secret)
        self.chain = HashChain(self.game_id, config.chain_length)
        humans = config.seats - config.bots
        self.seats: list[Seat] = [
            Seat(f"p{i + 1}", "", "open" if i < humans else "bot", COLOURS[i])
            for i in range(config.seats)
        ]
        for i, seat in enumerate(s for s in self.seats if s.kind == "bot"):
            seat.name = f"bot-{i + 1}"
        self.state = "lobby"
        # The key of the player who may change the table in the lobby (the host's own player,
        # set by the app that runs this host); None: the table is as configured.
        self.owner_key: bytes | None = None
        self.game: HostGame | None = None
        self.server: asyncio.base_events.Server | None = None
        self.done = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()
        # Called whenever seats fill or the game starts (the LAN announcement follows it).
        self.on_change: Callable[[], None] | None = None

    # ----- serving ------------------------------------------------------------------------

    async def serve(self, host: str = "0.0.0.0", port: int = 0) -> int:
        self.server = await asyncio.start_server(self._handle, host, port)
        bound = self.server.sockets[0].getsockname()[1]
        if self._all_ready():
            self._begin()
        return bound

    async def close(self) -> None:
        """Stop listening, close every connection and let each handler finish."""
        if self.server is not None:
            self.server.close()
        for seat in self.seats:
            if seat.connection:
                seat.connection.close()
        if self.game is not None:
            self.game.cancel()
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=2.0)

    def log(self, line: str) -> None:
        if self.config.log:
            self.config.log(line)

    def taken(self) -> int:
        return sum(1 for s in self.seats if s.kind != "open")

    def seat_by_id(self, seat_id: str) -> Seat:
        return next(s for s in self.seats if s.id == seat_id)

    def _all_ready(self) -> bool:
        return all(s.kind == "bot" or (s.kind == "human" and s.ready) for s in self.seats)

    def _begin(self) -> None:
        if self.state != "lobby":
            return
        self.state = "playing"
        self.game = self.game_class(self)
        self.game.start()
        if self.on_change:
            self.on_change()

    # ----- one connection -----------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer)
        seat: Seat | None = None
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            messages = conn.messages()
            first = await asyncio.wait_for(anext(messages), HELLO_TIMEOUT)
            seat = self._admit(conn, first)
            async for message in messages:
                self._receive(seat, message)
        except (ProtocolError, IllegalAction) as e:
            conn.send({"type": "error", "code": e.code, "message": e.message[:300]})
            self.log(f"dropped {seat.id if seat else conn.address}: {e.code}: {e.message}")
        except (TimeoutError, StopAsyncIteration, ConnectionError):
            pass
        finally:
            self._handlers.discard(task)
            conn.close()
            if seat is not None and seat.connection is conn:
                seat.connection = None
                if not self.done.is_set():
                    self.log(f"{seat.name} ({seat.id}) disconnected")
                    if self.game is not None:
                        self.game.disconnected(seat.id)

    def _admit(self, conn: Connection, hello: dict[str, Any]) -> Seat:
        validate(hello, {"hello": CLIENT_MESSAGES["hello"]})
        if hello["version"] != PROTOCOL_VERSION:
            raise ProtocolError(
                "version",
                f"this host speaks protocol {PROTOCOL_VERSION}, the client {hello['version']}",
            )
        token = hello.get("token")
        if token is not None:
            seat = next((s for s in self.seats if s.token and s.token == token), None)
            if seat is None:
                raise ProtocolError("bad_token", "no seat has this reconnect token")
            if seat.connection is not None:
                seat.connection.close()
            if hello["key"] != seat.key:
                raise ProtocolError("bad_token", "a seat keeps the key it joined with")
        else:
            seat = next((s for s in self.seats if s.kind == "open"), None)
            if seat is None or self.state != "lobby":
                raise ProtocolError("full", "every seat is taken")
            seat.kind, seat.name, seat.key = "human", hello["name"], hello["key"]
            seat.token = secrets.token_bytes(16)
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
        if self.game is not None:
            self.game.reconnected(seat.id)
        else:
            self._send_lobby()
        return seat

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
        }
        for s in self.seats:
            if s.connection:
                s.connection.send(lobby)
        if self.on_change:
            self.on_change()

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

    def _chat(self, seat: Seat, text: str) -> None:
        now = asyncio.get_running_loop().time()
        if now - seat.last_said < CHAT_INTERVAL:
            return  # a flood is dropped quietly: an error here would read as a refused move
        seat.last_said = now
        line = {"type": "chat", "seat": seat.id, "name": seat.name, "text": text}
        self.log(f"{seat.name}: {text}")
        for s in self.seats:
            if s.connection:
                s.connection.send(line)

    def _receive(self, seat: Seat, message: dict[str, Any]) -> None:
        if message.get("type") == "ready":
            validate(message, CLIENT_MESSAGES)
            if seat.ready or self.state != "lobby":
                return
            seat.ready = True
            self._send_lobby()
            if self._all_ready():
                self._begin()
            return
        if message.get("type") == "say":
            validate(message, CLIENT_MESSAGES)
            self._chat(seat, message["text"])
            return
        if message.get("type") == "colour":
            validate(message, CLIENT_MESSAGES)
            self._recolour(seat, message["colour"])
            return
        if message.get("type") == "table":
            validate(message, CLIENT_MESSAGES)
            self._set_table(seat, message["mode"], message["seats"], message["bots"])
            return
        if message.get("type") != "signed":
            raise ProtocolError(
                "malformed", "after hello, messages are 'ready', 'say', 'colour', 'table' or signed"
            )
        if message.get("from") != seat.id:
            raise ProtocolError("wrong_seat", f"{seat.id} may only speak for itself", seat.id)
        body = message.get("body")
        if isinstance(body, dict) and body.get("type") == "reveal":
            # A reveal proves its author by matching the author's committed chain (checked in
            # the game); its signature vouches only for its `seen`, which the game checks at
            # each checkpoint, as every client does.
            body = validate(body, CLIENT_MESSAGES)
        else:
            body = validate(verify(message, seat.key), CLIENT_MESSAGES)
        if body.get("game") != self.game_id:
            raise ProtocolError("wrong_game", "that message is for another game", seat.id)
        if self.game is None:
            raise ProtocolError("not_started", "the game has not started")
        self.game.receive(seat.id, body, message)
