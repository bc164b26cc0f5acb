"""Frames on the wire: a 4-byte big-endian length, then that many bytes of msgpack.

Sans-IO: ``encode`` turns a message into bytes, ``FrameDecoder`` takes bytes as they arrive
and hands back whole messages. Every limit is hard: a frame over ``MAX_FRAME`` bytes, a
payload that is not one msgpack map, strings or collections past their limits, nesting
deeper than ``MAX_DEPTH``: each is a ``ProtocolError`` and the connection should be dropped.
"""

from __future__ import annotations

import struct
from typing import Any

import msgpack

from .errors import ProtocolError

HEADER = struct.Struct(">I")
MAX_FRAME = 64 * 1024  # bytes of msgpack in one frame
MAX_DEPTH = 8  # maps and arrays inside one another
MAX_STR = 4 * 1024
MAX_BIN = 1024
MAX_ITEMS = 1024  # entries of one array or map


def encode(message: dict[str, Any]) -> bytes:
    """One frame holding ``message``; refuses one that would be over the limit."""
    payload = pack(message)
    if len(payload) > MAX_FRAME:
        raise ProtocolError("too_large", f"message of {len(payload)} bytes over {MAX_FRAME}")
    return HEADER.pack(len(payload)) + payload


def pack(message: Any) -> bytes:
    """Canonical msgpack bytes (the same value always packs to the same bytes)."""
    return msgpack.packb(message, use_bin_type=True)


def unpack(payload: bytes) -> dict[str, Any]:
    """Decode one payload with every limit set; the result is a map with string keys."""
    try:
        value = msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=True,
            max_str_len=MAX_STR,
            max_bin_len=MAX_BIN,
            max_array_len=MAX_ITEMS,
            max_map_len=MAX_ITEMS,
            max_ext_len=0,
        )
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as e:
        raise ProtocolError("malformed", f"not a valid msgpack message: {e}") from None
    if not isinstance(value, dict):
        raise ProtocolError("malformed", "a message must be a map")
    _check_depth(value, 1)
    return value


def _check_depth(value: Any, depth: int) -> None:
    """Refuse nesting past MAX_DEPTH and non-string keys; only containers are visited."""
    if depth > MAX_DEPTH:
        raise ProtocolError("malformed", f"nested deeper than {MAX_DEPTH}")
    if type(value) is dict:
        for k, v in value.items():
            if type(k) is not str:
                raise ProtocolError("malformed", "map keys must be strings")
            if type(v) is dict or type(v) is list:
                _check_depth(v, depth + 1)
    else:
        for v in value:
            if type(v) is dict or type(v) is list:
                _check_depth(v, depth + 1)


class FrameDecoder:
    """Feed it bytes as they arrive; take whole messages out.

    A length over ``MAX_FRAME`` is refused as soon as its header arrives, before its body is
    buffered, so a peer cannot make the other side hold more than one frame's worth.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        self._buffer += data
        messages = []
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > MAX_FRAME:
                raise ProtocolError("too_large", f"frame of {length} bytes over {MAX_FRAME}")
            end = HEADER.size + length
            if len(self._buffer) < end:
                break
            payload = bytes(self._buffer[HEADER.size : end])
            del self._buffer[:end]
            messages.append(unpack(payload))
        return messages

    @property
    def pending(self) -> int:
        """Bytes received that do not yet make a whole frame (nonzero at a close: truncated)."""
        return len(self._buffer)
