"""One peer's end of a TCP connection: frames in, frames out, and hard limits on both."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from protocol.framing import FrameDecoder, encode

READ_CHUNK = 64 * 1024
# A peer that lets this much pile up unread is dropped rather than let it stall the others.
MAX_UNSENT = 2 * 1024 * 1024


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder()
        self.closed = False

    def send(self, message: dict[str, Any]) -> bool:
        """Queue a message without waiting; returns False (and closes) for a peer that does
        not read what it is sent."""
        if self.closed:
            return False
        if self.writer.transport.get_write_buffer_size() > MAX_UNSENT:
            self.close()
            return False
        self.writer.write(encode(message))
        return True

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Messages as they arrive, until the peer closes (ProtocolError on bad input)."""
        while not self.closed:
            data = await self.reader.read(READ_CHUNK)
            if not data:
                return
            for message in self.decoder.feed(data):
                yield message

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()

    @property
    def address(self) -> str:
        peer = self.writer.get_extra_info("peername")
        return f"{peer[0]}:{peer[1]}" if peer else "?"
