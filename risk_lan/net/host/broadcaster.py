"""Everything the host's game says to the table, and the one place it meets the seats'
connections: each broadcast signed, added to the transcript, written to the save and the
record, and only then sent; each seat's private update; a refusal to one seat; the clock; and
the history sent to a returning client at the pace it reads.

The turn loop (``hostgame``), the rolls (``hostrolls``) and the seats' comings and goings
(``hostseats``) decide what to say; they say it only through these methods.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from protocol.framing import Packed
from protocol.signing import pack_envelope
from protocol.transcript import Transcript
from risk_lan.narrate import narrate
from risk_lan.net.host.intake import error
from risk_lan.net.record import RecordWriter
from risk_lan.net.updates import Update, on_the_wire, private_update, split_update
from risk_lan.rules import Event, Game

if TYPE_CHECKING:
    from risk_lan.net.host.hostserver import Host

HISTORY_CHUNK = 256  # broadcasts a returning client is sent before waiting for it to read


class Broadcasting:
    host: Host
    id: str
    game: Game | None
    applied: int
    transcript: Transcript
    transcript_log: list[dict[str, Any]]
    record: RecordWriter | None
    on_publish: Callable[[dict[str, Any]], None] | None
    catching_up: set[str]  # seats being sent the history: nothing else reaches them meanwhile
    views_sent: dict[str, tuple[Any, Update]]  # by seat: (its connection, its last update)
    _catch_ups: set[asyncio.Task[None]]

    def connected(self, seat: str) -> bool:
        return self.host.seat_by_id(seat).connection is not None

    def _publish(self, body: dict[str, Any]) -> dict[str, Any]:
        signed = self.host.identity.sign("host", body, self.transcript.hash)
        # Sent, hashed and recorded as its canonical bytes (protocol.md, "The transcript").
        envelope = Packed(signed, pack_envelope(signed))
        self.transcript.add(envelope)
        self.transcript_log.append(envelope)
        if self.on_publish is not None:
            self.on_publish(envelope)  # on disk before anyone can have seen it
        if self.record is not None:
            self.record.write(envelope)
        for s in self.host.peers():
            if s.connection and s.id not in self.catching_up:
                s.connection.send(envelope)
        return envelope

    def _tell(self, seat: str, code: str, message: str) -> None:
        conn = self.host.seat_by_id(seat).connection
        if conn:
            conn.send(error(code, message))

    def _tell_everyone(self, message: dict[str, Any]) -> None:
        """A plain message to every connected peer (one catching up gets it after)."""
        for s in self.host.peers():
            if s.connection:
                s.connection.send(message)

    def _update(
        self, seat: str | None, events: list[Event], shared: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """``seat``'s update (None: a spectator's, which holds no secret)."""
        assert self.game is not None
        away = [s.id for s in self.host.seats if s.kind == "human" and s.connection is None]
        return private_update(self.game, self.id, self.applied, seat, events, away, shared)

    def _broadcast_updates(self, events: list[Event]) -> None:
        assert self.game is not None
        if self.host.config.log is not None:
            for e in events:
                line = narrate(self.game, e)
                if line:
                    self.host.log(line)
        shared: dict[str, Any] = {}  # what the updates of this move share
        for s in self.host.peers():
            if s.connection and s.id not in self.catching_up:
                self._send_updates(s, events, shared)

    def _send_updates(self, seat: Any, events: list[Event], shared: dict[str, Any]) -> None:
        conn = seat.connection
        sent = self.views_sent.get(seat.id)
        before = sent[1] if sent is not None and sent[0] is conn else None
        viewer = None if seat.kind == "watcher" else seat.id
        update = on_the_wire(self._update(viewer, events, shared), before, shared)
        # A connection is sent what changed in its view since its last update; a new one
        # (a player back, a client restarted) the whole view first.
        self.views_sent[seat.id] = (conn, update)
        for message in split_update(update):
            conn.send(message)

    def _send_history(self, seat: str, have: int) -> None:
        """Send a returning client what it has not checked, holding back everything else
        for it meanwhile; then its view, which the others get too (it is back)."""
        conn = self.host.seat_by_id(seat).connection
        if conn is None:
            return
        self.catching_up.add(seat)
        conn.hold()
        task = asyncio.create_task(self._catch_up(seat, conn, min(have, len(self.transcript_log))))
        self._catch_ups.add(task)
        task.add_done_callback(self._catch_ups.discard)

    async def _catch_up(self, seat: str, conn: Any, have: int) -> None:
        peer = self.host.seat_by_id(seat)  # held: a spectator gone meanwhile is forgotten
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
            self._caught_up(seat)

    def _caught_up(self, seat: str) -> None:
        """A returning client has the whole history (see ``SeatKeeping``)."""
