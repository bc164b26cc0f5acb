"""One peer's end of a TCP connection: frames in, frames out, and hard limits on both.

A ``Connection`` is the socket's asyncio protocol itself. Once its owner calls ``deliver``,
the messages that arrive together are handed to the owner's callback as they are read, in
the read's own turn of the event loop: no task is woken per read, which would cost a roll
(a message in, another out, on every peer) a good part of its CPU. Before that (a `hello`,
a test reading one answer), ``next_batch`` waits for them.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable
from typing import Any

from protocol.framing import FrameDecoder, encode

# A peer that lets this much pile up unread is dropped rather than let it stall the others.
MAX_UNSENT = 2 * 1024 * 1024

# The last message encoded and its frame: a broadcast sends one message to every peer in a
# row, and is encoded once. Forgotten at the next write, so that a message changed after it
# was sent is encoded anew when it is sent again.
_last_frame: tuple[Any, bytes] | None = None

Batch = list[dict[str, Any]]


def _frame(message: dict[str, Any]) -> bytes:
    global _last_frame
    if _last_frame is not None and _last_frame[0] is message:
        return _last_frame[1]
    frame = encode(message)
    _last_frame = (message, frame)
    return frame


class Connection(asyncio.Protocol):
    def __init__(self, on_open: Callable[[Connection], None] | None = None) -> None:
        self.transport: asyncio.Transport | None = None
        self.decoder = FrameDecoder()
        self.closed = False
        self._on_open = on_open
        # Frames queued in one turn of the event loop leave in one write: a move and the
        # updates it causes reach a peer with one system call and one wake-up, not several.
        self._queued: list[bytes] = []
        self._queued_size = 0
        # While a returning peer is sent the history (``stream``), what else it is sent waits
        # here, so that it arrives after the history it refers to.
        self._held: list[bytes] | None = None
        self._held_size = 0
        # What arrived before ``deliver``, and whoever waits for it.
        self._arrived: deque[Batch | BaseException | None] = deque()
        self._arrival: asyncio.Future[None] | None = None
        self._on_batch: Callable[[Batch], None] | None = None
        self._ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._writable: asyncio.Future[None] | None = None  # while the socket's buffer is full

    @classmethod
    async def open(cls, host: str, port: int) -> Connection:
        """Connect to ``host``:``port``."""
        loop = asyncio.get_running_loop()
        _, conn = await loop.create_connection(cls, host, port)
        return conn

    # ----- asyncio's side -------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        if self._on_open is not None:
            self._on_open(self)

    def data_received(self, data: bytes) -> None:
        if self.closed or self._ended.done():
            return  # what follows the end of a connection is not taken in
        try:
            batch = self.decoder.feed(data)
            if batch:
                if self._on_batch is not None:
                    self._on_batch(batch)
                else:
                    self._arrive(batch)
        except BaseException as e:  # what the owner's callback raised ends the connection
            self._end(e)

    def eof_received(self) -> bool:
        self._end(None)
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True  # nothing more can be sent
        self._end(None)  # a reset, like an end: the owner decides whether to come back
        if self._writable is not None and not self._writable.done():
            self._writable.set_result(None)

    def pause_writing(self) -> None:
        if self._writable is None or self._writable.done():
            self._writable = asyncio.get_running_loop().create_future()

    def resume_writing(self) -> None:
        if self._writable is not None and not self._writable.done():
            self._writable.set_result(None)

    # ----- reading --------------------------------------------------------------------------

    def deliver(self, on_batch: Callable[[Batch], None]) -> None:
        """From now on, hand each batch (the messages read together) to ``on_batch`` as it
        arrives, starting with any that arrived already. What ``on_batch`` raises ends the
        connection (nothing more is taken in), and ``ended`` raises it; the owner closes."""
        self._on_batch = on_batch
        while self._arrived and not self._ended.done():
            item = self._arrived.popleft()
            if item is None or isinstance(item, BaseException):
                self._end(item)
                return
            try:
                on_batch(item)
            except BaseException as e:
                self._end(e)
                return

    async def ended(self) -> None:
        """Wait until the connection ends: returns at the peer's close, raises what ended it
        otherwise (bad input, or the owner's callback)."""
        await asyncio.shield(self._ended)

    async def next_batch(self) -> Batch | None:
        """The next messages that arrived together (None once the peer has closed); only
        before ``deliver``. Bad input raises (``ProtocolError``)."""
        while not self._arrived:
            self._arrival = asyncio.get_running_loop().create_future()
            await self._arrival
        item = self._arrived.popleft()
        if isinstance(item, BaseException):
            raise item
        return item

    async def batches(self) -> AsyncIterator[Batch]:
        while (batch := await self.next_batch()) is not None:
            yield batch

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Messages as they arrive, until the peer closes (ProtocolError on bad input)."""
        async for batch in self.batches():
            for message in batch:
                yield message

    def _arrive(self, item: Batch | BaseException | None) -> None:
        self._arrived.append(item)
        if self._arrival is not None and not self._arrival.done():
            self._arrival.set_result(None)

    def _end(self, error: BaseException | None) -> None:
        if self._on_batch is None and not self._ended.done():
            self._arrive(error)  # read by ``next_batch`` after what came before it
        if not self._ended.done():
            if error is None:
                self._ended.set_result(None)
            else:
                self._ended.set_exception(error)
                self._ended.exception()  # said by ``ended`` to whoever waits; never unread

    def stop(self) -> None:
        """Take nothing more in: ``ended`` returns (the owner then closes)."""
        self._end(None)

    def fail(self, error: BaseException) -> None:
        """Take nothing more in, the owner having failed outside a batch (in work of its
        own that ended later): ``ended`` raises ``error``."""
        self._end(error)

    # ----- writing --------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> bool:
        """Queue a message without waiting; returns False (and closes) for a peer that does
        not read what it is sent."""
        if self.closed or self.transport is None:
            return False
        frame = _frame(message)
        if self._held is not None:
            if self._held_size + len(frame) > MAX_UNSENT:
                self.close()
                return False
            self._held.append(frame)
            self._held_size += len(frame)
            return True
        if self.transport.get_write_buffer_size() + self._queued_size > MAX_UNSENT:
            self.close()
            return False
        if not self._queued:
            asyncio.get_running_loop().call_soon(self._flush)
        self._queued.append(frame)
        self._queued_size += len(frame)
        return True

    def hold(self) -> None:
        """Keep what is sent from now on until ``release``."""
        if self._held is None:
            self._held, self._held_size = [], 0

    def release(self) -> None:
        """Send what was held, in order, after what was streamed."""
        held, self._held, self._held_size = self._held or [], None, 0
        if held and not self.closed and self.transport is not None:
            self._flush()
            self.transport.write(b"".join(held))

    async def stream(self, messages: list[dict[str, Any]]) -> None:
        """Write ``messages`` now and wait until the peer has taken most of them in: a long
        history goes out at the pace the peer reads it, never piling up here."""
        if self.closed or self.transport is None:
            raise ConnectionResetError("the connection is closed")
        self._flush()
        self.transport.write(b"".join(encode(m) for m in messages))
        if self._writable is not None:
            await self._writable
        if self.closed:
            raise ConnectionResetError("the connection is closed")

    def flush(self) -> None:
        """Write what is queued now rather than at the end of this turn of the loop."""
        self._flush()

    def _flush(self) -> None:
        global _last_frame
        _last_frame = None
        frames, self._queued, self._queued_size = self._queued, [], 0
        if not self.closed and frames and self.transport is not None:
            self.transport.write(b"".join(frames))

    def send_last(self, message: dict[str, Any]) -> None:
        """Send ``message`` and close. It goes ahead of what is held for after a history
        being streamed (``hold``): that history is cut short by the close, and what was to
        follow it is dropped, but a peer refused while it catches up is still told why."""
        self._held, self._held_size = None, 0
        self.send(message)
        self.close()

    def close(self) -> None:
        if not self.closed:
            self._flush()  # an error sent just before closing still goes out
            self.closed = True
            if self.transport is not None:
                self.transport.close()

    def abort(self) -> None:
        """Cut the connection at once, unsent data and all (as a crash would)."""
        if self.transport is not None:
            self.transport.abort()

    @property
    def address(self) -> str:
        peer = self.transport.get_extra_info("peername") if self.transport else None
        return f"{peer[0]}:{peer[1]}" if peer else "?"
