"""Everything the host's game says to the table, and the one place it meets the seats'
connections: each broadcast signed, added to the transcript, written to the save and the
record, and only then sent; each seat's private update; the clock; and the history sent to a
returning client at the pace it reads.

The turn loop (``hostgame``), the rolls (``rolls``) and the seats' comings and goings
(``handovers``) decide what to say; they say it only through a ``Broadcaster``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from protocol.framing import Packed
from protocol.signing import Identity, pack_envelope
from protocol.transcript import Transcript
from risk_lan.narrate import narrate
from risk_lan.net.connection import Connection
from risk_lan.net.host.seating import Roster, Seat
from risk_lan.net.record.recordfile import RecordWriter
from risk_lan.net.updates import Update, on_the_wire, private_update, split_update
from risk_lan.rules import Event, Game

HISTORY_CHUNK = 256  # broadcasts a returning client is sent before waiting for it to read


class Position(Protocol):
    """What the broadcaster reads of the game it speaks for."""

    @property
    def game(self) -> Game | None: ...

    @property
    def applied(self) -> int:
        """The last move applied (an update tells the state after it)."""
        ...


class Broadcaster:
    def __init__(
        self,
        roster: Roster,
        identity: Identity,
        game_id: str,
        position: Position,
        log: Callable[[str], None] | None,
    ) -> None:
        self.roster, self.identity, self.id = roster, identity, game_id
        self.position = position
        self.log = log  # narrates each move, when set
        self.transcript = Transcript(game_id)
        self.transcript_log: list[dict[str, Any]] = []
        self.record: RecordWriter | None = None
        self.on_publish: Callable[[dict[str, Any]], None] | None = None  # the save's writer
        # Seats being sent the history: nothing else reaches them meanwhile.
        self.catching_up: set[str] = set()
        # By seat: (its connection, its last update).
        self.views_sent: dict[str, tuple[Connection | None, Update]] = {}
        self._catch_ups: set[asyncio.Task[None]] = set()
        # Told when a returning client has the whole history (set by the game).
        self.on_caught_up: Callable[[str], None] = lambda seat: None

    def cancel(self) -> None:
        for task in self._catch_ups:
            task.cancel()

    def publish(self, body: dict[str, Any]) -> dict[str, Any]:
        signed = self.identity.sign("host", body, self.transcript.hash)
        # Sent, hashed and recorded as its canonical bytes (protocol.md, "The transcript").
        envelope = Packed(signed, pack_envelope(signed))
        self.transcript.add(envelope)
        self.transcript_log.append(envelope)
        if self.on_publish is not None:
            self.on_publish(envelope)  # on disk before anyone can have seen it
        if self.record is not None:
            self.record.write(envelope)
        for s in self.roster.peers():
            if s.connection and s.id not in self.catching_up:
                s.connection.send(envelope)
        return envelope

    def refuse(self, seat: str, code: str, message: str) -> None:
        self.roster.refuse(seat, code, message)

    def tell_everyone(self, message: dict[str, Any]) -> None:
        """A plain message to every connected peer (one catching up gets it after)."""
        self.roster.send_all(message)

    def update(
        self, seat: str | None, events: list[Event], shared: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """``seat``'s update (None: a spectator's, which holds no secret)."""
        game = self.position.game
        assert game is not None
        away = self.roster.away()
        return private_update(game, self.id, self.position.applied, seat, events, away, shared)

    def broadcast_updates(self, events: list[Event]) -> None:
        game = self.position.game
        assert game is not None
        if self.log is not None:
            for e in events:
                line = narrate(game, e)
                if line:
                    self.log(line)
        shared: dict[str, Any] = {}  # what the updates of this move share
        for s in self.roster.peers():
            if s.connection and s.id not in self.catching_up:
                self.send_updates(s, events, shared)

    def send_updates(self, seat: Seat, events: list[Event], shared: dict[str, Any]) -> None:
        conn = seat.connection
        assert conn is not None
        sent = self.views_sent.get(seat.id)
        before = sent[1] if sent is not None and sent[0] is conn else None
        viewer = None if seat.kind == "watcher" else seat.id
        update = on_the_wire(self.update(viewer, events, shared), before, shared)
        # A connection is sent what changed in its view since its last update; a new one
        # (a player back, a client restarted) the whole view first.
        self.views_sent[seat.id] = (conn, update)
        for message in split_update(update):
            conn.send(message)

    def send_history(self, seat: str, have: int) -> None:
        """Send a returning client what it has not checked, holding back everything else
        for it meanwhile; then its view, which the others get too (it is back)."""
        conn = self.roster.seat_by_id(seat).connection
        if conn is None:
            return
        self.catching_up.add(seat)
        conn.hold()
        task = asyncio.create_task(self._catch_up(seat, conn, min(have, len(self.transcript_log))))
        self._catch_ups.add(task)
        task.add_done_callback(self._catch_ups.discard)

    async def _catch_up(self, seat: str, conn: Connection, have: int) -> None:
        peer = self.roster.seat_by_id(seat)  # held: a spectator gone meanwhile is forgotten
        sent = have
        try:
            while sent < len(self.transcript_log):
                chunk = self.transcript_log[sent : sent + HISTORY_CHUNK]
                await conn.stream(chunk)
                sent += len(chunk)
        except (ConnectionError, OSError):
            return
        finally:
            if peer.connection is conn:  # not replaced by a newer one
                self.catching_up.discard(seat)
            conn.release()
        if peer.connection is conn:
            self.on_caught_up(seat)
