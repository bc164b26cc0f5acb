"""The host: seats players, runs the one authoritative engine, and runs every roll through
the commit-reveal protocol (docs/fairness.md). Everything a client sends is checked before
it reaches the engine; a client that sends garbage is told why and dropped, and the others
play on."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import HashChain, commit_secret
from protocol.framing import Packed
from protocol.signing import Identity, pack_envelope
from risk_lan.bots import ClassicBot
from risk_lan.net.connection import Connection
from risk_lan.net.host.admission import Admission
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostsave import (
    SAVE_SUFFIX,
    HostSecrets,
    SavedSeat,
    SaveError,
    SaveWriter,
    load_save,
)
from risk_lan.net.host.hosttable import COLOURS, Seat, TableKeeping
from risk_lan.net.host.intake import Intake, error
from risk_lan.net.record import RecordWriter
from risk_lan.net.replay import GameReplay
from risk_lan.paths import logs_dir
from risk_lan.rules import IllegalAction, ruleset

HELLO_TIMEOUT = 10.0


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
    # Who may come in: those who prove they know this password, and (``approve``) those the
    # host's player lets in (a headless host: its console).
    password: str | None = None
    approve: bool = False

    def check(self) -> None:
        """Raise ValueError, saying why, for a table the rule set cannot seat."""
        rules = ruleset(self.mode)
        if not rules.min_players <= self.seats <= rules.max_players:
            raise ValueError(f"{rules.name} is for {rules.players_text()}")
        if not 0 <= self.bots <= self.seats:
            raise ValueError("there cannot be more bots than seats")


class Host(Intake, TableKeeping):
    match_class: type[HostGame] = HostGame  # what runs the game once every seat is ready

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
        self.watchers: list[Seat] = []  # spectators (see TableKeeping._admit_watcher)
        self.secret_commit = commit_secret(self.game_id, self.secret)
        self.chain = HashChain(self.game_id, config.chain_length, self.chain_seed)
        self.address = ("0.0.0.0", 0)
        self.saver: SaveWriter | None = None
        self.game_over_seen = False
        self.state = "lobby"
        # The key of the player who may change the table in the lobby (the host's own player,
        # set by the app that runs this host); None: the table is as configured.
        self.owner_key: bytes | None = None
        self.match: HostGame | None = None
        self.server: asyncio.base_events.Server | None = None
        self.done = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()
        # Called whenever seats fill or the game starts (the LAN announcement follows it).
        self.on_change: Callable[[], None] | None = None
        self.admission = Admission(self, config.password, config.approve)

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
        host.match = host.match_class(host, history)
        # Sent again, to a returning client, in the canonical bytes its transcript hashes.
        envelopes = [Packed(e, pack_envelope(e)) for e in envelopes]
        host.match.transcript_log = list(envelopes)
        if config.record:
            host.match.record = RecordWriter(config.record, envelopes)
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
        if self.config.save and self.match is not None:
            self.saver = SaveWriter(Path(self.config.save), self._secrets(), envelopes)
            self.match.on_publish = self.saver.append
            self.match.on_wait = self.saver.sync

    async def serve(self, host: str = "0.0.0.0", port: int = 0) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: Connection(self._accept), host, port)
        bound = self.server.sockets[0].getsockname()[1]
        self.address = (host, bound)
        self.admission.start()
        if self.match is not None and self.match.task is None:
            self.match.start()  # a resumed game goes on
            self.log(f"resumed game {self.game_id} at move {self.match.n}")
        elif self._all_ready():
            self._begin()
        return bound

    async def close(self) -> None:
        """Stop listening, close every connection, and wait for every handler, the game and
        the server to finish."""
        if self.server is not None:
            self.server.close()
        await self.admission.stop()
        for seat in self.peers():
            if seat.connection:
                seat.connection.close()
        tasks = set(self._handlers)
        if self.match is not None:
            self.match.cancel()
            if self.match.task is not None:
                tasks.add(self.match.task)
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
        game = self.match
        if game is None:
            return
        if not game.everyone_told.is_set():
            missing = [
                s.name
                for s in self.seats
                if s.kind == "human" and s.id not in game.told and not s.expelled
            ]
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

    def report_crash(self, trace: str, stopped: bool = True) -> None:
        """A fault in the host's own code: its trace goes to a file, the table gets a
        sentence. ``stopped``: it stopped the game (else it cost one connection)."""
        folder = logs_dir()
        path = folder / f"host-{self.game_id}.log"
        what = "stopped" if stopped else "dropped a connection"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with path.open("a") as f:
                f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')}\n{trace}\n")
            self.log(f"the host {what} on an error of its own; details in {path}")
        except OSError:
            self.log(f"the host {what} on an error of its own:\n{trace}")

    def log(self, line: str) -> None:
        if self.config.log:
            self.config.log(line)

    def taken(self) -> int:
        return sum(1 for s in self.seats if s.kind != "open")

    def seat_by_id(self, seat_id: str) -> Seat:
        """A seat, or a spectator, by its id."""
        return next(s for s in self.peers() if s.id == seat_id)

    def peers(self) -> list[Seat]:
        """Everyone the table's messages go to: the seats, then the spectators."""
        return self.seats + self.watchers if self.watchers else self.seats

    def _all_ready(self) -> bool:
        return all(s.kind == "bot" or (s.kind == "human" and s.ready) for s in self.seats)

    def _begin(self) -> None:
        if self.state != "lobby":
            return
        self.state = "playing"
        self.match = self.match_class(self)
        self._keep([])
        self.match.start()
        if self.on_change:
            self.on_change()

    # ----- one connection -----------------------------------------------------------------

    def _accept(self, conn: Connection) -> None:
        task = asyncio.create_task(self._handle(conn))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _handle(self, conn: Connection) -> None:
        seat: Seat | None = None
        try:
            first = await asyncio.wait_for(conn.next_batch(), HELLO_TIMEOUT)
            if first is None:
                return  # gone before saying who it is
            await self.admission.clear(conn, first[0])
            seat = self._admit(conn, first[0])
            self.admission.seated(seat)

            def receive(batch: list[dict[str, Any]], seat: Seat = seat) -> None:
                self.admission.heard_from(conn)
                for message in batch:
                    self._receive(seat, message)

            receive(first[1:])
            conn.deliver(receive)  # each message taken in as it is read, in order
            await conn.ended()
        except (ProtocolError, IllegalAction) as e:
            conn.send_last(error(e.code, e.message))
            self.log(f"dropped {seat.id if seat else conn.address}: {e.code}: {e.message}")
        except (TimeoutError, StopAsyncIteration, ConnectionError):
            pass
        except Exception:
            # A fault of the host's own in taking one message: that connection goes, the
            # game and every other player's go on.
            self.report_crash(traceback.format_exc(), stopped=False)
            conn.send_last(error("host_error", "the host could not take that message"))
        finally:
            conn.close()
            self.admission.forget(conn)
            if seat is not None and seat.connection is conn:
                seat.connection = None
                if seat.kind == "watcher":
                    self.log(f"{seat.name} ({seat.id}) stopped watching")
                    if self.match is not None:
                        self.match.catching_up.discard(seat.id)
                    if not self.done.is_set():
                        self._send_lobby()
                elif not self.done.is_set():
                    self.log(f"{seat.name} ({seat.id}) disconnected")
                    if self.match is not None:
                        self.match.disconnected(seat.id)
                    elif self.state == "lobby":
                        self._free(seat)
