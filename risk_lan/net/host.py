"""The host: seats players, runs the one authoritative engine, and runs every roll through
the commit-reveal protocol (docs/fairness.md). Everything a client sends is checked before
it reaches the engine; a client that sends garbage is told why and dropped, and the others
play on."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import HashChain, commit_secret
from protocol.messages import CLIENT_MESSAGES, PROTOCOL_VERSION, validate
from protocol.signing import Identity, verify
from risk_lan.bots import ClassicBot
from risk_lan.net.connection import Connection
from risk_lan.net.hostgame import HostGame
from risk_lan.net.hostsave import (
    SAVE_SUFFIX,
    HostSecrets,
    SavedSeat,
    SaveError,
    SaveWriter,
    load_save,
)
from risk_lan.net.hosttable import COLOURS, Seat, TableKeeping
from risk_lan.net.record import RecordWriter
from risk_lan.net.replay import GameReplay
from risk_lan.paths import logs_dir
from risk_lan.rules import IllegalAction, ruleset

HELLO_TIMEOUT = 10.0
# Messages from the host's own player only, to run the table.
OWNER_MESSAGES = frozenset({"remove", "pause", "more_time", "hand_to_bot"})
PLAIN_MESSAGES = frozenset({"ready", "say", "colour", "table", "reclaim", "done"} | OWNER_MESSAGES)


@dataclass
class HostConfig:
    name: str = "risk-lan"
    seats: int = 4
    bots: int = 0
    mode: str = "classic"
    record: str | None = None
    # Where the game is kept as it goes, to resume it after a crash: this file, else a file
    # named after the game in this folder (neither: nowhere).
    save: str | None = None
    save_in: str | None = None
    chain_length: int = 16384
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


class Host(TableKeeping):
    game_class: type[HostGame] = HostGame  # what runs the game once every seat is ready

    def __init__(self, config: HostConfig, saved: HostSecrets | None = None) -> None:
        config.check()
        self.config = config
        if saved is None:
            self.identity = Identity()
            self.game_id = secrets.token_hex(8)
            self.secret = secrets.token_bytes(32)
            self.chain_seed = secrets.token_bytes(32)
            humans = config.seats - config.bots
            self.seats: list[Seat] = [
                Seat(f"p{i + 1}", "", "open" if i < humans else "bot", COLOURS[i])
                for i in range(config.seats)
            ]
            for i, seat in enumerate(s for s in self.seats if s.kind == "bot"):
                seat.name = f"bot-{i + 1}"
        else:
            self.identity = Identity.from_private_bytes(saved.private_key)
            self.game_id, self.secret, self.chain_seed = saved.game, saved.secret, saved.chain_seed
            self.seats = [Seat(s.id, s.name, s.kind, s.colour, s.key, s.token) for s in saved.seats]
        self.secret_commit = commit_secret(self.game_id, self.secret)
        self.chain = HashChain(self.game_id, config.chain_length, self.chain_seed)
        self.address = ("0.0.0.0", 0)
        self.saver: SaveWriter | None = None
        self.game_over_seen = False
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

    @classmethod
    def resume(cls, path: str | Path, **changes: Any) -> Host:
        """The host of a saved game, standing at its last move (raises SaveError, saying why,
        for a file that is not a save of an unfinished game). ``changes`` are HostConfig
        fields to set anew, such as ``log``."""
        saved, envelopes = load_save(path)
        config = HostConfig(
            name=saved.name,
            seats=len(saved.seats),
            bots=sum(1 for s in saved.seats if s.kind == "bot"),
            mode=saved.mode,
            record=saved.record,
            save=str(path),
            chain_length=saved.chain_length,
            absent_after=saved.absent_after,
        )
        config = replace(config, **changes)
        history = GameReplay(saved.secret, signatures=False)
        try:
            for envelope in envelopes:
                history.feed(envelope)
        except (ProtocolError, KeyError, TypeError, ValueError) as e:
            raise SaveError(f"{path} does not hold a game this host can go on with ({e})") from None
        if history.transcript is None:
            raise SaveError(f"{path} holds no game yet")
        if history.over is not None:
            raise SaveError(f"the game in {path} is over")
        host = cls(config, saved)
        host.owner_key = saved.owner_key
        host.address = (saved.interface, saved.port)
        host.state = "playing"
        # The record and the save are written anew from what the save holds, so that a
        # message torn by the crash is in neither.
        host.game = host.game_class(host, history)
        host.game.transcript_log = list(envelopes)
        if config.record:
            host.game.record = RecordWriter(config.record, envelopes)
        host._keep(envelopes)
        return host

    def _secrets(self) -> HostSecrets:
        return HostSecrets(
            game=self.game_id,
            private_key=self.identity.private_bytes(),
            chain_seed=self.chain_seed,
            secret=self.secret,
            chain_length=self.config.chain_length,
            name=self.config.name,
            mode=self.config.mode,
            seats=[SavedSeat(s.id, s.name, s.kind, s.colour, s.key, s.token) for s in self.seats],
            absent_after=self.config.absent_after,
            record=self.config.record,
            interface=self.address[0],
            port=self.address[1],
            owner_key=self.owner_key,
        )

    def _keep(self, envelopes: list[dict[str, Any]]) -> None:
        """Keep the game on disk from now on, if the table asked for it."""
        if self.config.save is None and self.config.save_in:
            self.config = replace(
                self.config, save=str(Path(self.config.save_in) / f"{self.game_id}{SAVE_SUFFIX}")
            )
        if self.config.save and self.game is not None:
            self.saver = SaveWriter(Path(self.config.save), self._secrets(), envelopes)
            self.game.on_publish = self.saver.append
            self.game.on_wait = self.saver.sync

    async def serve(self, host: str = "0.0.0.0", port: int = 0) -> int:
        self.server = await asyncio.start_server(self._handle, host, port)
        bound = self.server.sockets[0].getsockname()[1]
        self.address = (host, bound)
        if self.game is not None and self.game.task is None:
            self.game.start()  # a resumed game goes on
            self.log(f"resumed game {self.game_id} at move {self.game.n}")
        elif self._all_ready():
            self._begin()
        return bound

    async def close(self) -> None:
        """Stop listening, close every connection, and wait for every handler, the game and
        the server to finish."""
        if self.server is not None:
            self.server.close()
        for seat in self.seats:
            if seat.connection:
                seat.connection.close()
        tasks = set(self._handlers)
        if self.game is not None:
            self.game.cancel()
            if self.game.task is not None:
                tasks.add(self.game.task)
        if tasks:
            await asyncio.wait(tasks, timeout=2.0)
        if self.server is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(2.0):
                    await self.server.wait_closed()
        if self.saver is not None:
            self.saver.close()

    async def linger(self, seconds: float) -> None:
        """After the end, keep serving (the history, to a player coming back) until every
        player has seen the end, or ``seconds`` have passed."""
        game = self.game
        if game is None:
            return
        if not game.everyone_told.is_set():
            missing = [s.name for s in self.seats if s.kind == "human" and s.id not in game.told]
            self.log(f"waiting up to {seconds:.0f} s for {', '.join(missing)} to see the end")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await game.everyone_told.wait()
                # Each client closes once it has read the end: closing first could cut off
                # what it has not read yet (a reset drops it).
                while any(s.connection for s in self.seats):
                    await asyncio.sleep(0.05)

    def game_over(self) -> None:
        """The game has ended: its save is no longer needed to resume it."""
        self.game_over_seen = True
        if self.saver is not None:
            self.saver.close(finished=True)

    def report_crash(self, trace: str) -> None:
        """A fault in the host's own code: its trace goes to a file, the table gets a
        sentence."""
        folder = logs_dir()
        path = folder / f"host-{self.game_id}.log"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with path.open("a") as f:
                f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n{trace}\n")
            self.log(f"the host stopped on an error of its own; details in {path}")
        except OSError:
            self.log(f"the host stopped on an error of its own:\n{trace}")

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
        self._keep([])
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
                    elif self.state == "lobby":
                        self._free(seat)

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
            if hello["key"] != seat.key:
                # Checked before anything changes: a wrong key must not cost the seat's
                # player its connection.
                raise ProtocolError("bad_token", "a seat keeps the key it joined with")
            if seat.connection is not None:
                seat.connection.close()
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
            self.game.reconnected(seat.id, hello.get("have") or 0)
        else:
            self._send_lobby()
        return seat

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
        if message.get("type") == "done":
            validate(message, CLIENT_MESSAGES)
            if self.game is not None and self.game.finished:
                self.game.told.add(seat.id)
                self.game.check_told()
            return
        if message.get("type") in OWNER_MESSAGES or message.get("type") == "reclaim":
            validate(message, CLIENT_MESSAGES)
            self._command(seat, message)
            return
        if message.get("type") != "signed":
            raise ProtocolError(
                "malformed",
                "after hello, messages are signed or one of " + ", ".join(sorted(PLAIN_MESSAGES)),
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
