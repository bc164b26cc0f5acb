"""One peer's end of a TCP connection: frames in, frames out, and hard limits on both."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from protocol.framing import FrameDecoder, encode

READ_CHUNK = 64 * 1024
# A peer that lets this much pile up unread is dropped rather than let it stall the others.
MAX_UNSENT = 2 * 1024 * 1024

# The last message encoded and its frame: a broadcast sends one message to every peer in a
# row, and is encoded once. Forgotten at the next write, so that a message changed after it
# was sent is encoded anew when it is sent again.
_last_frame: tuple[Any, bytes] | None = None


def _frame(message: dict[str, Any]) -> bytes:
    global _last_frame
    if _last_frame is not None and _last_frame[0] is message:
        return _last_frame[1]
    frame = encode(message)
    _last_frame = (message, frame)
    return frame


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder()
        self.closed = False
        # Frames queued in one turn of the event loop leave in one write: a move and the
        # updates it causes reach a peer with one system call and one wake-up, not several.
        self._queued: list[bytes] = []
        self._queued_size = 0
        # While a returning peer is sent the history (``stream``), what else it is sent waits
        # here, so that it arrives after the history it refers to.
        self._held: list[bytes] | None = None
        self._held_size = 0

    def send(self, message: dict[str, Any]) -> bool:
        """Queue a message without waiting; returns False (and closes) for a peer that does
        not read what it is sent."""
        if self.closed:
            return False
        frame = _frame(message)
        if self._held is not None:
            if self._held_size + len(frame) > MAX_UNSENT:
                self.close()
                return False
            self._held.append(frame)
            self._held_size += len(frame)
            return True
        if self.writer.transport.get_write_buffer_size() + self._queued_size > MAX_UNSENT:
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
        if held and not self.closed:
            self._flush()
            self.writer.write(b"".join(held))

    async def stream(self, messages: list[dict[str, Any]]) -> None:
        """Write ``messages`` now and wait until the peer has taken most of them in: a long
        history goes out at the pace the peer reads it, never piling up here."""
        if self.closed:
            raise ConnectionResetError("the connection is closed")
        self._flush()
        self.writer.write(b"".join(encode(m) for m in messages))
        await self.writer.drain()

    def flush(self) -> None:
        """Write what is queued now rather than at the end of this turn of the loop."""
        self._flush()

    def _flush(self) -> None:
        global _last_frame
        _last_frame = None
        frames, self._queued, self._queued_size = self._queued, [], 0
        if not self.closed and frames:
            self.writer.write(b"".join(frames))

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Messages as they arrive, until the peer closes (ProtocolError on bad input)."""
        async for batch in self.batches():
            for message in batch:
                yield message

    async def batches(self) -> AsyncIterator[list[dict[str, Any]]]:
        """The messages that arrived together, a list at a time, until the peer closes."""
        while not self.closed:
            data = await self.reader.read(READ_CHUNK)
            if not data:
                return
            batch = self.decoder.feed(data)
            if batch:
                yield batch

    def close(self) -> None:
        if not self.closed:
            self._flush()  # an error sent just before closing still goes out
            self.closed = True
            self.writer.close()

    @property
    def address(self) -> str:
        peer = self.writer.get_extra_info("peername")
        return f"{peer[0]}:{peer[1]}" if peer else "?"
