"""The host: seats players, runs the one authoritative engine, and runs every roll through
the commit-reveal protocol (docs/fairness.md). Everything a client sends is checked before
it reaches the engine; a client that sends garbage is told why and dropped, and the others
play on.

``Host`` serves the connections and keeps the game on disk; it is made of parts handed what
they need: the ``Roster`` of seats, the ``Table``, the ``Admission`` at the door, the
``Intake`` of what clients send, and, once every seat is ready, the ``HostGame``."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from protocol.errors import ProtocolError
from protocol.fairness import HashChain, commit_secret
from protocol.framing import Packed
from protocol.signing import Identity, pack_envelope
from risk_lan.bots import DEFAULT_LEVEL
from risk_lan.net.connection import Connection
from risk_lan.net.host.admission import Admission
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostgame import HostGame
from risk_lan.net.host.hostsave import (
    SAVE_SUFFIX,
    HostSecrets,
    SavedSeat,
    SaveError,
    SaveWriter,
    load_save,
)
from risk_lan.net.host.hosttable import Table
from risk_lan.net.host.hostwords import error
from risk_lan.net.host.intake import Intake
from risk_lan.net.host.seating import COLOURS, Roster, Seat
from risk_lan.net.record.broadcastcheck import GameReplay
from risk_lan.net.record.recordfile import RecordWriter
from risk_lan.paths import logs_dir
from risk_lan.rules import IllegalAction

HELLO_TIMEOUT = 10.0


def _new_seats(config: HostConfig) -> list[Seat]:
    humans = config.seats - config.bots
    seats = [
        Seat(f"p{i + 1}", "", "open" if i < humans else "bot", COLOURS[i])
        for i in range(config.seats)
    ]
    levels = config.bot_levels()
    for i, seat in enumerate(s for s in seats if s.kind == "bot"):
        seat.name, seat.level = f"{config.bot_name}-{i + 1}", levels[i]
    return seats


def _level(saved: SavedSeat) -> str:
    """A saved bot seat's level: a save written before there were levels has none, and its
    bots were all normal ones."""
    return (saved.level or DEFAULT_LEVEL) if saved.kind == "bot" else ""


class Host:
    match_class: type[HostGame] = HostGame  # what runs the game once every seat is ready

    def __init__(self, config: HostConfig, saved: HostSecrets | None = None) -> None:
        config.check()
        if saved is None:
            self.identity = Identity()
            self.game_id = secrets.token_hex(8)
            self.secret = secrets.token_bytes(32)
            self.chain_seed = secrets.token_bytes(32)
            self.roster = Roster(_new_seats(config))
        else:
            self.identity = Identity.from_private_bytes(saved.private_key)
            self.game_id, self.secret, self.chain_seed = saved.game, saved.secret, saved.chain_seed
            seats = [
                Seat(s.id, s.name, s.kind, s.colour, s.key, s.token, level=_level(s))
                for s in saved.seats
            ]
            self.roster = Roster(seats, saved.owner_key)
        # A sealed game's layer on the deck, as saved (None: the game makes a new one).
        self.deck_layer = saved.deck_layer if saved is not None and saved.deck_layer else None
        self.secret_commit = commit_secret(self.game_id, self.secret)
        self.chain = HashChain(self.game_id, config.chain_length, self.chain_seed)
        self.address = ("0.0.0.0", 0)
        self.saver: SaveWriter | None = None
        self.game_over_seen = False
        self.match: HostGame | None = None
        self.server: asyncio.base_events.Server | None = None
        self.done = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()
        self.table = Table(self.roster, config, self, self.identity, self.game_id, self.log)
        self.admission = Admission(
            self.roster, self.table, self.log, config.password, config.approve
        )
        self.intake = Intake(
            self.roster, self.table, self.admission, self, self.identity, self.game_id, self.log
        )

    # ----- the table, as those who run the host see it -----------------------------------

    @property
    def config(self) -> HostConfig:
        return self.table.config

    @property
    def state(self) -> str:
        """ "lobby", then "playing"."""
        return self.table.state

    @property
    def seats(self) -> list[Seat]:
        return self.roster.seats

    @property
    def watchers(self) -> list[Seat]:
        return self.roster.watchers

    @property
    def owner_key(self) -> bytes | None:
        """The key of the player who may change the table in the lobby (the host's own
        player, set by the app that runs this host); None: the table is as configured."""
        return self.roster.owner_key

    @owner_key.setter
    def owner_key(self, key: bytes | None) -> None:
        self.roster.owner_key = key

    @property
    def on_change(self) -> Callable[[], None] | None:
        """Called whenever seats fill or the game starts (the LAN announcement follows)."""
        return self.table.on_change

    @on_change.setter
    def on_change(self, call: Callable[[], None] | None) -> None:
        self.table.on_change = call

    def taken(self) -> int:
        return self.roster.taken()

    def seat_by_id(self, seat_id: str) -> Seat:
        """A seat, or a spectator, by its id."""
        return self.roster.seat_by_id(seat_id)

    def log(self, line: str) -> None:
        if self.config.log:
            self.config.log(line)

    # ----- serving ------------------------------------------------------------------------

    @classmethod
    def resume(cls, path: str | Path, **changes: Any) -> Host:
        """The host of a saved game, standing at its last move (raises SaveError, saying why,
        for a file that is not a save of an unfinished game). ``changes`` are HostConfig
        fields to set anew, such as ``log``."""
        saved, envelopes = load_save(path)
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
        sealed = bool(history.start.get("sealed"))
        if sealed and not saved.deck_layer:
            raise SaveError(
                f"the game in {path} deals sealed cards and its save does not hold the host's"
                " layer on the deck (it was saved by an older risk-lan): it cannot be resumed"
            )
        config = HostConfig(
            name=saved.name,
            seats=len(saved.seats),
            bots=sum(1 for s in saved.seats if s.kind == "bot"),
            levels=tuple(_level(s) for s in saved.seats if s.kind == "bot"),
            mode=saved.mode,
            record=saved.record,
            save=str(path),
            chain_length=saved.chain_length,
            absent_after=saved.absent_after,
            sealed=sealed,
        )
        config = replace(config, **changes)
        host = cls(config, saved)
        host.address = (saved.interface, saved.port)
        host.table.state = "playing"
        # The record and the save are written anew from what the save holds, so that a
        # message torn by the crash is in neither.
        host.match = host.match_class(host, history)
        # Sent again, to a returning client, in the canonical bytes its transcript hashes.
        envelopes = [Packed(e, pack_envelope(e)) for e in envelopes]
        broadcaster = host.match.broadcaster
        broadcaster.transcript_log = list(envelopes)
        if config.record:
            broadcaster.record = RecordWriter(config.record, envelopes)
        host._keep(envelopes)
        return host

    def _secrets(self) -> HostSecrets:
        config = self.config
        return HostSecrets(
            game=self.game_id,
            private_key=self.identity.private_bytes(),
            chain_seed=self.chain_seed,
            secret=self.secret,
            chain_length=config.chain_length,
            name=config.name,
            mode=config.mode,
            seats=[
                SavedSeat(s.id, s.name, s.kind, s.colour, s.key, s.token, s.level)
                for s in self.seats
            ],
            absent_after=config.absent_after,
            record=config.record,
            interface=self.address[0],
            port=self.address[1],
            owner_key=self.owner_key,
            deck_layer=self.match.deck_layer() if self.match is not None else b"",
        )

    @property
    def save_path(self) -> str | None:
        """Where the game is saved, from its first move on (None: it is not saved)."""
        config = self.config
        if config.save is None and config.save_in:
            return str(Path(config.save_in) / f"{self.game_id}{SAVE_SUFFIX}")
        return config.save

    @property
    def resumable(self) -> bool:
        """Whether ``risk-lan host --resume`` can take the game up again: it has begun, is
        saved and is not over."""
        return self.match is not None and bool(self.config.save) and not self.game_over_seen

    def _keep(self, envelopes: list[dict[str, Any]]) -> None:
        """Keep the game on disk from now on, if the table asked for it."""
        config = self.config
        if config.save is None and config.save_in:
            self.table.config = replace(config, save=self.save_path)
        if self.config.save and self.match is not None:
            self.saver = SaveWriter(Path(self.config.save), self._secrets(), envelopes)
            self.match.broadcaster.on_publish = self.saver.append
            self.match.handovers.on_wait = self.saver.sync

    async def serve(self, host: str = "0.0.0.0", port: int = 0) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: Connection(self._accept), host, port)
        bound = int(self.server.sockets[0].getsockname()[1])
        self.address = (host, bound)
        self.admission.start()
        if self.match is not None and self.match.task is None:
            self.match.start()  # a resumed game goes on
            self.log(f"resumed game {self.game_id} at move {self.match.n}")
        elif self.roster.all_ready():
            self.begin()
        return bound

    async def close(self) -> None:
        """Stop listening, close every connection, and wait for every handler, the game and
        the server to finish."""
        if self.server is not None:
            self.server.close()
        await self.admission.stop()
        for seat in self.roster.peers():
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

    def begin(self) -> None:
        """Every seat is ready: the game begins."""
        if self.table.state != "lobby":
            return
        self.table.state = "playing"
        self.match = self.match_class(self)
        self._keep([])
        self.match.start()
        if self.table.on_change:
            self.table.on_change()

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
            seat = self.intake.admit(conn, first[0])
            self.admission.seated(seat)

            def receive(batch: list[dict[str, Any]], seat: Seat = seat) -> None:
                self.admission.heard_from(conn)
                for message in batch:
                    self.intake.receive(seat, message)

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
                self._gone(seat)

    def _gone(self, seat: Seat) -> None:
        """A seat's or a spectator's connection ended."""
        seat.connection = None
        if seat.kind == "watcher":
            self.log(f"{seat.name} ({seat.id}) stopped watching")
            if self.match is not None:
                self.match.broadcaster.catching_up.discard(seat.id)
            if not self.done.is_set():
                self.table.send_lobby()
        elif not self.done.is_set():
            self.log(f"{seat.name} ({seat.id}) disconnected")
            if self.match is not None:
                self.match.handovers.disconnected(seat.id)
            elif self.table.state == "lobby":
                self.table.free(seat)
